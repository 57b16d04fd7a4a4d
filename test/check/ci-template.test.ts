// The GitHub Actions template (templates/github-actions/plan-hooks.yml), run as a runner runs
// it: its `run:` steps in order under bash -e, each with its `env:` (the `${{ }}` expressions
// evaluated from the event), GITHUB_ENV carried between steps, CI=true and GITHUB_ACTIONS=true,
// in a fresh checkout made the way actions/checkout makes one for a pull request (a detached
// HEAD, no origin/HEAD, no local or remote-tracking base branch), with a clean environment.
// `uses:` steps are the runner's (checkout is simulated below, setup-node is the node here),
// and `npm ci` installs the plan-hooks under test (a stub on PATH links node_modules/.bin).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CLI, PACKAGE_ROOT, Repo, cleanEnv, repoWithPlans } from '../fixtures/repo.js';
import { claimed, open, plan } from '../fixtures/plans.js';
import { TempDirs, withRemote } from '../fixtures/remote.js';
import { skipTrailerValue } from '../../src/check/trailer.js';

const temp = new TempDirs();
after(() => temp.removeAll());

interface Step {
  name: string;
  uses?: string;
  run?: string;
  env: Record<string, string>;
}

/** The template's steps (pure, for this file's plain YAML: block scalars and flat maps). */
function steps(yaml: string): Step[] {
  const lines = yaml.split('\n');
  const start = lines.findIndex((l) => l.trim() === 'steps:');
  const out: Step[] = [];
  let step: Step | null = null;
  let block: { key: 'run' | 'env'; indent: number } | null = null;
  for (const line of lines.slice(start + 1)) {
    const item = /^(\s*)- (\w+):\s*(.*)$/.exec(line);
    if (item) {
      step = { name: '', env: {} };
      out.push(step);
      block = null;
      assign(step, item[2]!, item[3]!, item[1]!.length + 2);
      continue;
    }
    if (!step) continue;
    if (block) {
      const indent = /^ */.exec(line)![0].length;
      if (line.trim() === '' || indent >= block.indent) {
        if (block.key === 'run') step.run = `${step.run ?? ''}${line.slice(block.indent)}\n`;
        else if (line.trim()) {
          const [k, ...v] = line.trim().split(':');
          step.env[k!] = v.join(':').trim();
        }
        continue;
      }
      block = null;
    }
    const kv = /^(\s*)(\w+):\s*(.*)$/.exec(line);
    if (kv) block = assign(step, kv[2]!, kv[3]!, kv[1]!.length + 2);
  }
  return out;

  function assign(s: Step, key: string, value: string, indent: number): { key: 'run' | 'env'; indent: number } | null {
    if (key === 'name') s.name = value;
    else if (key === 'uses') s.uses = value;
    else if (key === 'run' && value === '|') return { key: 'run', indent };
    else if (key === 'run') s.run = `${value}\n`;
    else if (key === 'env') return { key: 'env', indent };
    return null;
  }
}

const template = () => steps(readFileSync(join(PACKAGE_ROOT, 'templates/github-actions/plan-hooks.yml'), 'utf8'));

/** What actions/checkout leaves for a pull request: the head detached, no branches at all. */
function checkout(remote: string, head: string): Repo {
  const c = new Repo(temp.make('plan-hooks-runner-'), cleanEnv());
  c.git('init', '-q');
  c.git('remote', 'add', 'origin', remote);
  c.git('fetch', '-q', '--no-tags', 'origin', head);
  c.git('checkout', '-q', '--detach', head);
  return c;
}

/** Runs the template's steps in `c` for an event; returns the last step's result. */
function runAsRunner(c: Repo, event: Record<string, string>, runnerEnv: NodeJS.ProcessEnv = {}) {
  const bin = temp.make('plan-hooks-bin-');
  // `npm ci`: installs the plan-hooks under test, as the lockfile would.
  writeFileSync(join(bin, 'npm'), `#!/bin/sh\n[ "$1" = ci ] || exit 1\nmkdir -p node_modules/.bin && ln -sf '${CLI}' node_modules/.bin/plan-hooks\n`);
  chmodSync(join(bin, 'npm'), 0o755);
  const githubEnv = join(temp.make('plan-hooks-env-'), 'env');
  writeFileSync(githubEnv, '');
  let last = { status: 0 as number | null, stdout: '', stderr: '' };
  for (const step of template()) {
    if (step.uses) {
      assert.match(step.uses, /^actions\/(checkout|setup-node)@v4$/, 'only the runner’s own actions');
      continue;
    }
    const env: NodeJS.ProcessEnv = { ...cleanEnv(), PATH: `${bin}:${process.env.PATH}`, CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_ENV: githubEnv, ...runnerEnv };
    for (const line of readFileSync(githubEnv, 'utf8').split('\n').filter(Boolean)) {
      const eq = line.indexOf('=');
      env[line.slice(0, eq)] = line.slice(eq + 1);
    }
    for (const [k, v] of Object.entries(step.env)) env[k] = v.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => event[expr] ?? '');
    const r = spawnSync('bash', ['-e', '-c', step.run!], { cwd: c.dir, env, encoding: 'utf8' });
    last = { status: r.status, stdout: r.stdout, stderr: r.stderr };
    if (r.status !== 0) break;
  }
  return last;
}

function project(): { r: Repo; remote: string } {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api']), open('other', ['src/other'])]) });
  temp.dirs.push(r.dir);
  r.write('package.json', '{ "name": "app", "private": true }\n');
  r.write('.gitignore', 'node_modules\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'package');
  const remote = withRemote(r, temp);
  r.git('push', '-q', 'origin', 'main');
  return { r, remote };
}

const prEvent = (head: string) => ({ 'github.event_name': 'pull_request', 'github.event.pull_request.base.ref': 'main', 'github.event.pull_request.head.sha': head, 'github.sha': head, 'github.event.repository.default_branch': 'main' });

test('a pull request with a hookless commit to a claimed file fails, annotated on the file; the base’s configuration judges, not the one it brings', () => {
  const { r, remote } = project();
  r.git('checkout', '-q', '-b', 'feature');
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'clean');
  // The pull request also turns the claims check off: that applies after it is merged, not to itself.
  r.writeJson('.plan-hooks.json', { checks: { claims: 'off' } });
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'sneaky');
  r.git('push', '-q', '--no-verify', 'origin', 'feature');
  const head = r.git('rev-parse', 'HEAD').trim();

  const res = runAsRunner(checkout(remote, head), prEvent(head));
  assert.equal(res.status, 1, res.stderr);
  assert.match(res.stdout, /^::error file=src\/api\/a\.ts,line=1,title=plan-hooks%3A claimed by codex::commit [0-9a-f]{12} \(sneaky\) by Test Author \(unverified\) touches src\/api\/a\.ts, claimed by codex for api\/endpoints/m);
  assert.match(res.stderr, /2 commits|1 of 2 commits/);
  assert.doesNotMatch(res.stderr, /commit [0-9a-f]{12} clean/);
});

test('a push: only what it added is checked; a new branch brings only its own commits; PLAN_HOOKS_SKIP in CI changes nothing', () => {
  const { r, remote } = project();
  const before = r.git('rev-parse', 'HEAD').trim();
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'clean');
  r.git('push', '-q', 'origin', 'main');
  const after1 = r.git('rev-parse', 'HEAD').trim();
  const push = (b: string, a: string) => ({ 'github.event_name': 'push', 'github.event.before': b, 'github.sha': a, 'github.event.repository.default_branch': 'main' });
  const ok = runAsRunner(checkout(remote, after1), push(before, after1));
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stderr, /1 commit checked, all allowed/);

  r.git('checkout', '-q', '-b', 'topic');
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'sneaky on a new branch');
  r.git('push', '-q', '--no-verify', 'origin', 'topic');
  const tip = r.git('rev-parse', 'HEAD').trim();
  const c = checkout(remote, tip);
  const bad = runAsRunner(c, push('0'.repeat(40), tip));
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /sneaky on a new branch[\s\S]*1 of 1 commit/);
  // The job's environment cannot skip the check.
  const step = template().at(-1)!;
  const skipped = spawnSync('bash', ['-e', '-c', step.run!], {
    cwd: c.dir,
    env: { ...cleanEnv(), CI: 'true', PLAN_HOOKS_SKIP: 'claims', PLAN_HOOKS_RANGE: `${before}..${tip}`, PLAN_HOOKS_BASE: 'origin/main', PLAN_HOOKS_HEAD: tip },
    encoding: 'utf8',
  });
  assert.equal(skipped.status, 1, skipped.stderr);
  assert.match(skipped.stderr, /PLAN_HOOKS_SKIP=claims is ignored in CI/);
});

test('a pull request rebased onto a base that gained a claim and force-pushed: the previous head is fetched, the rebase recognised as at pre-push', () => {
  const { r, remote } = project();
  r.git('checkout', '-q', '-b', 'feature');
  r.write('src/other/a.ts', 'x\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'other work');
  r.git('push', '-q', 'origin', 'feature');
  const before = r.git('rev-parse', 'HEAD').trim();
  // Meanwhile claude claims src/other on main.
  r.git('checkout', '-q', 'main');
  const current = JSON.parse(r.git('show', 'HEAD:docs/api-plan.json')) as ReturnType<typeof plan>;
  current.workItems[0]!.tasks[1] = claimed('other', 'claude', ['src/other'], 0);
  r.writeJson('docs/api-plan.json', current);
  r.git('add', '-A');
  const claim = r.tryGit(['commit', '-q', '-m', 'claude claims other'], { PLAN_HOOKS_AGENT: 'claude' });
  assert.equal(claim.code, 0, claim.stderr);
  r.git('push', '-q', 'origin', 'main');
  r.git('checkout', '-q', 'feature');
  r.git('rebase', '-q', 'main');
  const push = r.tryGit(['push', '-f', 'origin', 'feature']);
  assert.equal(push.code, 0, push.stderr);
  const head = r.git('rev-parse', 'HEAD').trim();

  const synchronize = { ...prEvent(head), 'github.event.before': before };
  const res = runAsRunner(checkout(remote, head), synchronize);
  assert.equal(res.status, 0, res.stderr);
  assert.match(res.stderr, new RegExp(`other work[\\s\\S]*rebased from ${before.slice(0, 12)}[\\s\\S]*1 commit checked, all allowed`));
  // Without the previous head (an event that has none, or all zeros) the rebase is judged by its new ancestry.
  for (const b of ['', '0'.repeat(40)]) {
    const alone = runAsRunner(checkout(remote, head), { ...prEvent(head), 'github.event.before': b });
    assert.equal(alone.status, 1, alone.stderr);
    assert.match(alone.stdout, /^::error file=src\/other\/a\.ts,line=1/m);
  }
});

test('the job summary, from the template’s own step: the commits judged, a refusal with path, task and holder, the handover, the skip and the hookless commits (issue 30)', () => {
  const { r, remote } = project();
  r.git('checkout', '-q', '-b', 'feature');
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'clean work'], { PLAN_HOOKS_AGENT: 'claude' }).code, 0);
  // A person hands codex's task to claude, with the hooks.
  const handover = r.cli(['handover', 'api/endpoints', '--to', 'claude']);
  assert.equal(handover.code, 0, handover.stderr);
  r.git('add', '-A');
  const handed = r.tryGit(['commit', '-q', '-m', 'hand endpoints to claude']);
  assert.equal(handed.code, 0, handed.stderr);
  const hookless = (path: string, subject: string, trailer?: (tree: string) => string) => {
    r.write(path, `${subject}\n`);
    r.git('add', '-A');
    const tree = r.git('write-tree').trim();
    const res = r.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', subject, ...(trailer ? ['-m', trailer(tree)] : [])]);
    assert.equal(res.code, 0, res.stderr);
    return r.git('rev-parse', 'HEAD').trim();
  };
  const skipped = hookless('src/api/b.ts', 'skip recorded', (tree) => `Plan-Skip: ${skipTrailerValue(['claims'], tree)}`);
  const sneaky = hookless('src/api/a.ts', 'sneaky');
  r.git('push', '-q', '--no-verify', 'origin', 'feature');
  const head = r.git('rev-parse', 'HEAD').trim();
  const summary = join(temp.make('plan-hooks-summary-'), 'summary.md');
  writeFileSync(summary, '');

  const res = runAsRunner(checkout(remote, head), prEvent(head), { GITHUB_STEP_SUMMARY: summary });
  assert.equal(res.status, 1, res.stderr);
  const md = readFileSync(summary, 'utf8');
  assert.match(md, /^### plan-hooks check: 4 commits judged, 2 refused$/m);
  const shas = r.git('log', '--format=%H', '--reverse', 'main..feature').trim().split('\n');
  assert.equal(shas.length, 4);
  for (const sha of shas) assert.match(md, new RegExp(`^- \`${sha.slice(0, 12)}\` `, 'm'), `${sha} is listed`);
  assert.match(md, new RegExp(`^- \`${sneaky.slice(0, 12)}\` sneaky: \\*\\*Test Author\\*\\*, refused, no identity recorded$`, 'm'));
  assert.match(md, /\*\*Refusals \(2\)\*\*/);
  assert.match(md, new RegExp(`^- \`${sneaky.slice(0, 12)}\` touches src/api/a\\.ts, claimed by \\*\\*claude\\*\\* for api/endpoints$`.replace('\\\\.', '.'), 'm'));
  assert.match(md, /\*\*Handovers \(1\)\*\*\n\n- `[0-9a-f]{12}` handover of api\/endpoints: codex → claude$/m);
  assert.match(md, /\*\*Made without hooks or by a person \(no identity recorded\): 3 of 4 commits\*\*\n\n(- `[0-9a-f]{12}` [^\n]+\n){3}/);
  // The skip recorded at commit time: the base does not allow skips, so it is listed as not honoured.
  assert.match(md, new RegExp(`^- \`${skipped.slice(0, 12)}\` skip recorded: PLAN\\\\_HOOKS\\\\_SKIP=claims recorded at commit time [^\\n]*, not honoured: the base branch's configuration does not set "allowSkips": true`, 'm'));
});

test('the step parser reads the template', () => {
  assert.deepEqual(template().map((x) => x.uses ?? x.name), ['actions/checkout@v4', 'Find the commits to check and fetch the base', "Use the base's configuration and plan-hooks", 'actions/setup-node@v4', '', 'plan-hooks check --range']);
});
