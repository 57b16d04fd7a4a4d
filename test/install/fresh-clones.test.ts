// A teammate's fresh clone, for every package manager and hook manager: the team installs
// plan-hooks once (the packed tarball, init, commit, push to a bare remote), and a fresh clone of
// that remote gets only the team's own install command (`pnpm install`, `yarn install`,
// `pre-commit install`, …), never `plan-hooks init`. There a commit of a claimed path is refused
// and a free one passes. Real package managers, pinned (test/fixtures/tools.ts), and real hook
// managers; packed once per build (test/fixtures/pack.ts), the scenarios run a few at a time
// (they wait on installs), and a clone installs from the cache its team's install filled where
// the manager can.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { packedTarball } from '../fixtures/pack.js';
import { TempDirs, freshClone, withRemote } from '../fixtures/remote.js';
import { type Repo, makeRepo } from '../fixtures/repo.js';
import { type Tool, missingTool, toolBin } from '../fixtures/tools.js';
import { USER_PRE_COMMIT_CONFIG, addClaim, assertClaimRefused, hasPreCommit } from './helpers.js';

const exec = promisify(execFile);
const dirs = new TempDirs();
let tarball = '';

before(() => {
  tarball = packedTarball();
});

after(() => dirs.removeAll());

interface Team {
  /** The tools on PATH (test/fixtures/tools.ts). */
  tools: Tool[];
  /** Adds development dependencies (specs follow). */
  add: string[];
  /** The team's install command in a fresh clone, in order. */
  install: string[][];
  pkg?: Record<string, unknown>;
  files?: Record<string, string>;
  /** Dependencies the team has besides plan-hooks (hook managers from the registry). */
  deps?: string[];
  /** Before init, in the team's repository (a hook manager's own install). */
  setup?: string[][];
}

const NPM = ['--no-audit', '--no-fund', '--prefer-offline'];

async function run(repo: Repo, argv: string[], env: NodeJS.ProcessEnv) {
  try {
    const r = await exec(argv[0]!, argv.slice(1), { cwd: repo.dir, env: { ...repo.env, ...env }, maxBuffer: 1 << 26 });
    return { code: 0, out: `${r.stdout}${r.stderr}` };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** The team's repository with plan-hooks installed and pushed, and a fresh clone of it after the team's install command. */
async function teamAndClone(team: Team): Promise<{ clone: Repo; beforeInstall: { code: number; out: string } | null }> {
  const bin = toolBin(...team.tools);
  dirs.dirs.push(bin);
  const home = dirs.make('plan-hooks-home-');
  const env: NodeJS.ProcessEnv = {
    PATH: `${bin}:${process.env.PATH}`,
    PRE_COMMIT_HOME: join(home, 'pre-commit'),
    YARN_ENABLE_TELEMETRY: '0',
    npm_config_update_notifier: 'false',
    // yarn 4 and bun make their own TLS connections: they need the machine's CA file as npm has it.
    ...(process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS } : {}),
  };
  const seed = makeRepo({ initialCommit: true });
  dirs.dirs.push(seed.dir);
  seed.writeJson('package.json', { name: 'team-project', version: '1.0.0', private: true, ...team.pkg });
  seed.write('.gitignore', 'node_modules\n.yarn\n');
  for (const [file, text] of Object.entries(team.files ?? {})) seed.write(file, text);
  const added = await run(seed, [...team.add, `plan-hooks@file:${tarball}`, ...(team.deps ?? [])], env);
  assert.equal(added.code, 0, added.out);
  for (const step of team.setup ?? []) {
    const r = await run(seed, step, env);
    assert.equal(r.code, 0, `${step.join(' ')}: ${r.out}`);
  }
  const init = await run(seed, [process.execPath, 'node_modules/plan-hooks/dist/src/cli.js', 'init'], env);
  assert.equal(init.code, 0, init.out);
  addClaim(seed);
  seed.git('add', '-A');
  const committed = seed.tryGit(['commit', '-m', 'install plan-hooks'], env);
  assert.equal(committed.code, 0, committed.stdout + committed.stderr);
  withRemote(seed, dirs);
  const pushed = seed.tryGit(['push', '-q', 'origin', 'main'], env);
  assert.equal(pushed.code, 0, pushed.stderr);

  const clone = freshClone(seed.git('remote', 'get-url', 'origin').trim(), dirs);
  clone.env = { ...clone.env, ...env };
  let beforeInstall = null;
  for (const [i, step] of team.install.entries()) {
    const r = await run(clone, step, {});
    assert.equal(r.code, 0, `${step.join(' ')}: ${r.out}`);
    // After a hook manager's own install and before the dependencies: plan-hooks is not there yet.
    if (i === 0 && team.install.length > 1) {
      clone.write('early.txt', 'x\n');
      clone.git('add', 'early.txt');
      const early = clone.tryGit(['commit', '-m', 'before the dependencies']);
      beforeInstall = { code: early.code, out: early.stdout + early.stderr };
      clone.git('reset', '-q');
    }
  }
  return { clone, beforeInstall };
}

const packageManagers: [string, Team][] = [
  ['npm', { tools: [], add: ['npm', 'install', '--save-dev', ...NPM], install: [['npm', 'install', ...NPM]] }],
  ['pnpm 9', { tools: ['pnpm'], add: ['pnpm', 'add', '--save-dev'], install: [['pnpm', 'install', '--prefer-offline']] }],
  ['yarn 1', { tools: ['yarn1'], add: ['yarn', 'add', '--dev'], install: [['yarn', 'install', '--prefer-offline']] }],
  [
    'yarn 4 (node-modules linker)',
    {
      tools: ['yarn4'],
      add: ['yarn', 'add', '--dev'],
      install: [['yarn', 'install']],
      pkg: { packageManager: 'yarn@4.9.4' },
      files: { '.yarnrc.yml': 'nodeLinker: node-modules\n' },
    },
  ],
  ['bun', { tools: ['bun'], add: ['bun', 'add', '--dev'], install: [['bun', 'install']] }],
];

const managers: [string, Team, string | false][] = [
  [
    'the pre-commit framework',
    {
      tools: [],
      add: ['npm', 'install', '--save-dev', ...NPM],
      files: { '.pre-commit-config.yaml': USER_PRE_COMMIT_CONFIG },
      setup: [['pre-commit', 'install']],
      install: [['pre-commit', 'install'], ['npm', 'install', ...NPM]],
    },
    hasPreCommit ? false : 'the pre-commit framework is not installed',
  ],
  [
    'prek',
    {
      tools: ['prek'],
      add: ['npm', 'install', '--save-dev', ...NPM],
      files: { '.pre-commit-config.yaml': USER_PRE_COMMIT_CONFIG },
      setup: [['prek', 'install']],
      install: [['prek', 'install'], ['npm', 'install', ...NPM]],
    },
    missingTool('prek'),
  ],
  [
    'lefthook',
    {
      tools: [],
      add: ['npm', 'install', '--save-dev', ...NPM],
      deps: ['lefthook@2.1.17'],
      files: { 'lefthook.yml': 'pre-commit:\n  commands:\n    user-lint:\n      run: echo USER-LINT-RAN\n' },
      // lefthook's postinstall runs `lefthook install`.
      install: [['npm', 'install', ...NPM]],
    },
    false,
  ],
  [
    'simple-git-hooks',
    {
      tools: [],
      add: ['npm', 'install', '--save-dev', ...NPM],
      deps: ['simple-git-hooks@2.14.0'],
      pkg: { 'simple-git-hooks': { 'pre-commit': 'echo SGH-USER-RAN >&2' } },
      // simple-git-hooks' postinstall installs its hooks.
      install: [['npm', 'install', ...NPM]],
    },
    false,
  ],
];

describe('fresh clones after only the team install command', { concurrency: 3 }, () => {
  for (const [name, team] of packageManagers) {
    test(`${name}: husky's hooks are set up by the install, a claimed path is refused, a free commit passes`, { skip: missingTool(...team.tools) }, async () => {
      const { clone } = await teamAndClone(team);
      assertClaimRefused(clone);
      if (name.startsWith('yarn 4')) {
        const pkg = JSON.parse(readFileSync(join(clone.dir, 'package.json'), 'utf8'));
        assert.equal(pkg.scripts.postinstall, 'husky', 'yarn 2+ never runs prepare');
        assert.equal(pkg.scripts.prepare, undefined);
      }
    });
  }
  for (const [name, team, skip] of managers) {
    test(`beside ${name}: the tracked runner, no init in the clone; a claimed path is refused, a free commit passes`, { skip }, async () => {
      const { clone, beforeInstall } = await teamAndClone(team);
      if (beforeInstall) {
        // Fail closed, with the way out: the clone's dependencies are not installed yet.
        assert.equal(beforeInstall.code, 1, beforeInstall.out);
        assert.match(beforeInstall.out, /not installed yet: run 'npm install' here/);
        assert.doesNotMatch(beforeInstall.out, /cannot open/);
      }
      assertClaimRefused(clone);
      const doctor = clone.cli(['doctor']);
      assert.match(doctor.stdout, /plan-hooks answered/);
    });
  }
});
