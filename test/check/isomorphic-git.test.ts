// A client that runs no hooks at all: isomorphic-git (pure JavaScript, no git process, no hook
// of any kind). Its commit to another's claimed path gets past the machine; the wall stops it —
// `git push` to a local bare remote is refused and `check --range` in a fresh clone fails, both
// naming the path — and the next hook that runs records it in the worklog as a commit made
// without hooks (src/worklog/gaps.ts), with its violation.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, test } from 'node:test';
import type { CommitEntry } from '../../src/worklog/entry.js';
import { TempDirs, freshClone, withRemote } from '../fixtures/remote.js';
import { planRepo, readLog, worklogFile } from '../worklog/helpers.js';

// A devDependency (npm ci installs it); a checkout whose node_modules predates it skips, saying
// so. Imported by a name held in a variable, so such a checkout also builds (tsc resolves no type).
interface IsoGit {
  add(o: { fs: typeof fs; dir: string; filepath: string }): Promise<void>;
  commit(o: { fs: typeof fs; dir: string; message: string; author: { name: string; email: string; timestamp: number; timezoneOffset: number } }): Promise<string>;
}
const ISOMORPHIC_GIT = 'isomorphic-git';
const git = await import(ISOMORPHIC_GIT).then((m: { default: IsoGit }) => m.default, () => null);

const temp = new TempDirs();
after(() => temp.removeAll());

/** The worklog as the hooks left it, read directly (no command that would record gaps itself). */
async function entriesOnceWritten(file: string, subject: string): Promise<CommitEntry[]> {
  for (let i = 0; i < 200; i++) {
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    const commits = lines.map((l) => JSON.parse(l) as CommitEntry).filter((e) => e.type === 'commit');
    if (commits.some((e) => e.subject === subject)) return commits;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return assert.fail(`post-commit never recorded "${subject}"`);
}

test('an isomorphic-git commit to a claimed path: refused at git push and in CI naming the path; the next hook records it as made without hooks', { skip: git ? false : 'isomorphic-git is not installed (npm ci)' }, async () => {
  if (!git) return;
  const r = planRepo(); // alice holds src/retry/** (export/loop); hooks installed, one recorded commit
  temp.dirs.push(r.dir);
  const remote = withRemote(r, temp);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  readLog(r); // the first entry is written: the worklog has begun

  r.write('src/retry/loop.ts', 'export const retry = 1;\n');
  await git.add({ fs, dir: r.dir, filepath: 'src/retry/loop.ts' });
  // One second ahead: the worklog records nothing older than its own first entry.
  const timestamp = Math.floor(Date.now() / 1000) + 1;
  const iso = await git.commit({ fs, dir: r.dir, message: 'made by isomorphic-git\n', author: { name: 'Iso Git', email: 'iso@example.com', timestamp, timezoneOffset: 0 } });
  assert.equal(r.git('rev-parse', 'HEAD').trim(), iso);
  assert.equal(r.git('status', '--porcelain').trim(), '', 'git reads the commit and index isomorphic-git wrote');

  const push = r.tryGit(['push', 'origin', 'main']);
  assert.equal(push.code, 1, push.stderr);
  assert.match(push.stderr, /made by isomorphic-git[\s\S]*src\/retry\/loop\.ts {3}← pattern src\/retry\/\*\*/);
  assert.match(push.stderr, /Iso Git \(from git-author: .*unverified/);

  // The next hook that runs (post-commit of an ordinary commit) records the hookless one.
  r.write('notes.txt', 'x\n');
  r.git('add', 'notes.txt');
  const next = r.commit('after isomorphic-git');
  assert.equal(next.code, 0, next.stderr);
  const entries = await entriesOnceWritten(worklogFile(r), 'after isomorphic-git');
  const gap = entries.find((e) => e.commit === iso);
  assert.ok(gap, 'the isomorphic-git commit is in the worklog');
  assert.equal(gap.withoutHooks, true);
  assert.equal(gap.verified, false);
  assert.equal(gap.identity.name, 'Iso Git');
  assert.deepEqual(gap.violations.map((v) => v.path), ['src/retry/loop.ts']);
  assert.deepEqual(entries.slice(-2).map((e) => e.subject), ['made by isomorphic-git', 'after isomorphic-git']);
  readLog(r); // every entry passes the worklog schema

  // CI: pushed past the hook, a fresh clone's check --range fails on the same commit and path.
  assert.equal(r.tryGit(['push', '-q', '--no-verify', 'origin', 'main']).code, 0);
  const c = freshClone(remote, temp);
  const res = c.cli(['check', '--range', `${iso}~1..HEAD`]);
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, new RegExp(`commit ${iso.slice(0, 12)} made by isomorphic-git[\\s\\S]*src/retry/loop\\.ts`));
  assert.match(res.stderr, /1 of 2 commits would have been refused/);
});
