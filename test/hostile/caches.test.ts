// The hostile corpus's cache files (issue 26): what a tool, a crash or a person could leave in
// place of the edit-time hook's own caches under .git/plan-hooks/agents — V8's code cache with
// flipped bytes and a stamp rewritten to match, a FIFO, a directory, a huge sparse file, an
// emptied claims-views.json and garbage in claims-decided with their stamps rewritten, a FIFO
// as the session's record (under .git/plan-hooks/sessions). The
// installed Claude Code hook, fed Claude Code's Edit payload, must still deny the claimed file
// and allow the free one every time: never a crash, a hang or a claim hidden.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, ftruncateSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { claimed, open, plan } from '../fixtures/plans.js';
import type { Repo } from '../fixtures/repo.js';
import { nodeRepo } from '../install/helpers.js';
import { claude } from '../rotation/helpers.js';
import { statSignature } from '../../src/lib/cache-file.js';
import { sessionFile } from '../../src/sessions/store.js';
import { assertCalm, runPre } from './run.js';

const agents = (repo: Repo) => join(repo.dir, '.git/plan-hooks/agents');

/** The stamp beside `file` with its signature rewritten to the file's present one (what its writer's check reads first). */
function restamp(file: string): void {
  const stamp = `${file}.stamp`;
  const fields = existsSync(stamp) ? readFileSync(stamp, 'utf8').split(' ') : [];
  fields.splice(0, 4, ...statSignature(file).signature.split(' '));
  writeFileSync(stamp, fields.join(' '));
}

/** Each file replaced by something that is no cache. */
const PLANTED: { name: string; file: string; keep?: true; plant(path: string): void }[] = [
  {
    name: 'the code cache with flipped bytes and its stamp rewritten',
    file: 'code-cache',
    keep: true,
    plant(path) {
      const bytes = readFileSync(path);
      for (let i = bytes.indexOf(10) + 64; i < bytes.length - 64; i += 7) bytes[i]! ^= 0x5a;
      writeFileSync(path, bytes);
      restamp(path);
    },
  },
  { name: 'a FIFO in the code cache’s place', file: 'code-cache', plant: (path) => fifo(path) },
  { name: 'a FIFO in the code cache stamp’s place', file: 'code-cache.stamp', plant: (path) => fifo(path) },
  { name: 'a directory in the code cache’s place', file: 'code-cache', plant: (path) => mkdirSync(path) },
  { name: 'a 4 GB sparse code cache, stamped', file: 'code-cache', plant: (path) => sparse(path) },
  {
    name: 'claims-views.json emptied and claims-decided garbage, both stamps rewritten',
    file: 'claims-views.json',
    keep: true,
    plant(path) {
      const data = JSON.parse(readFileSync(path, 'utf8'));
      for (const entry of Object.values(data.entries) as { view: unknown }[]) entry.view = { workItems: [] };
      writeFileSync(path, JSON.stringify(data));
      restamp(path);
      const decided = join(path, '..', 'claims-decided');
      writeFileSync(decided, readFileSync(decided, 'latin1').replace(/src\/held\.ts/g, 'src/zzzz.ts'), 'latin1');
      restamp(decided);
    },
  },
  { name: 'a FIFO in claims-decided’s place', file: 'claims-decided', plant: (path) => fifo(path) },
  { name: 'a FIFO in claims-views.json’s place', file: 'claims-views.json', plant: (path) => fifo(path) },
  { name: 'claims-views.json not JSON, stamped', file: 'claims-views.json', plant: (path) => (writeFileSync(path, '{"format":3,"views":'), restamp(path)) },
  { name: 'claims-decided a 4 GB sparse file, stamped', file: 'claims-decided', plant: (path) => sparse(path) },
  {
    name: 'a FIFO in the session record’s place',
    file: '../sessions/claude-c-1.json',
    plant(path) {
      const real = sessionFile(dirname(dirname(dirname(path))), 'claude', 'c-1');
      rmSync(real, { force: true });
      fifo(real);
    },
  },
];

function fifo(path: string): void {
  execFileSync('mkfifo', [path]);
}

function sparse(path: string): void {
  const fd = openSync(path, 'w');
  ftruncateSync(fd, 4 * 1024 ** 3);
  closeSync(fd);
  restamp(path);
}

describe('hostile cache files: the claim is still refused, the hook never crashes or hangs', () => {
  let repo: Repo;
  const edit = (file: string) => runPre(repo, JSON.stringify({ ...claude.edit(repo.dir, 'c-1', file), session_id: 'c-1' }));
  const deny = (r: ReturnType<typeof edit>) => (r.stdout.trim() ? JSON.parse(r.stdout).hookSpecificOutput?.permissionDecision === 'deny' : false);
  before(() => {
    repo = nodeRepo();
    repo.writeJson('docs/work-plan.json', plan('work', [claimed('held', 'cursor', ['src/held.ts']), open('free', ['src/free.ts'])]));
    repo.write('docs/work-plan.md', '# Work\n');
    const init = repo.cli(['init', '--agents', 'claude']);
    assert.equal(init.code, 0, init.stderr);
    repo.git('add', '-A');
    repo.git('commit', '-qm', 'plan and hooks');
    // Older than the racy window (its change time included), so the caches keep what they read.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2_100);
  });
  after(() => repo.remove());

  /** Runs the hook until each of its caches is there (the code cache is written as a run exits). */
  function warm(): void {
    for (let i = 0; i < 3; i++) assert.ok(deny(edit('src/held.ts')));
    for (const f of ['code-cache', 'code-cache.stamp', 'claims-views.json', 'claims-decided', 'claims-decided.stamp']) assert.ok(existsSync(join(agents(repo), f)), `${f} is made`);
  }

  for (const c of PLANTED) {
    test(c.name, () => {
      rmSync(agents(repo), { recursive: true, force: true });
      warm();
      const path = join(agents(repo), c.file);
      if (!c.keep) rmSync(path, { recursive: true, force: true });
      c.plant(path);
      for (let i = 0; i < 2; i++) {
        const held = edit('src/held.ts');
        assertCalm(held, `${c.name}, run ${i + 1}`);
        assert.ok(deny(held), `${c.name}, run ${i + 1}: the claimed file is still refused: ${held.stdout}`);
        const free = edit('src/free.ts');
        assertCalm(free, `${c.name}, free, run ${i + 1}`);
        assert.equal(deny(free), false);
      }
    });
  }
});
