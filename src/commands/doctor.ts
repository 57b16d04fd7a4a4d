// `plan-hooks doctor`: what git will really run here, each finding with its fix; exit 1 when a
// hook would not run. Each hook is run as git would run it, with a probe the runner answers
// instead of doing its work (hooks/plan-hooks.sh): the answer proves git reaches plan-hooks.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from './shared/command.js';
import { EXIT } from '../errors.js';
import { parseCommandArgs } from './shared/args.js';
import { type HookRun, type Probe, diagnose, hookPath, hooksOwner } from '../install/doctor.js';
import { type InstallFacts, gatherFacts, onPath } from '../install/facts.js';
import { MANAGERS } from '../core/install/managers/index.js';
import { HOOKS } from '../core/hook-table.js';
import { headCommitSync, readTreeSync } from '../git/sync.js';
import { messages } from '../messages/index.js';
import { diagnoseAgents } from '../agents/doctor.js';
import { chosenAgents, readAgentFacts } from '../agents/install.js';
import { readSeen } from '../agents/seen.js';
import { openWorkspace } from '../agents/workspace.js';
import { workingFiles } from '../git/queries.js';
import { ignoredPlanLike, includePatterns } from '../plan/discover.js';
import { sanitizeLine } from '../term.js';

/** git's arguments for each hook, as a commit or push would pass them. */
function hookArgs(hook: string, msgFile: string): string[] {
  switch (hook) {
    case 'prepare-commit-msg':
      return [msgFile, 'message'];
    case 'pre-push':
      return ['origin', 'plan-hooks-doctor'];
    case 'post-rewrite':
      return ['amend'];
    case 'post-merge':
      return ['0'];
    default:
      return [];
  }
}

/**
 * Runs every hook as git would, with nothing staged (an index of HEAD) and nothing on stdin, so
 * the user's own lines before plan-hooks have nothing to work on; the runner appends its answer
 * to a file made for this run only.
 */
function runHooks(facts: InstallFacts): Probe {
  const nonce = randomBytes(8).toString('hex');
  const answers = join(facts.commonDir, 'plan-hooks', `doctor-${nonce}`);
  const scratch = mkdtempSync(join(tmpdir(), 'plan-hooks-doctor-'));
  const index = join(scratch, 'index');
  const msgFile = join(scratch, 'COMMIT_EDITMSG');
  mkdirSync(join(facts.commonDir, 'plan-hooks'), { recursive: true });
  writeFileSync(answers, '');
  writeFileSync(msgFile, 'plan-hooks doctor\n');
  const env: NodeJS.ProcessEnv = { ...process.env, PLAN_HOOKS_DOCTOR: nonce, GIT_INDEX_FILE: index };
  delete env.PLAN_HOOKS;
  const runs: Probe['runs'] = {};
  const setsid = onPath('setsid');
  try {
    // No commit yet: an empty index.
    readTreeSync(headCommitSync(facts.root), facts.root, env);
    for (const hook of HOOKS) {
      const path = hookPath(facts, hook);
      if (!path.owner) continue;
      const args = hookArgs(hook, msgFile);
      // The owner's module may run it its own way (lefthook: plan-hooks' job only; the pre-commit framework: plan-hooks' entry, with the real index).
      const manager = MANAGERS.find((m) => m.name === path.owner);
      const own = manager?.probe(facts, hook, args, msgFile) ?? null;
      const argv = own?.argv ?? [path.file, ...args];
      let hookEnv = env;
      if (own?.realIndex) {
        hookEnv = { ...env, GIT_INDEX_FILE: process.env.GIT_INDEX_FILE };
        if (hookEnv.GIT_INDEX_FILE === undefined) delete hookEnv.GIT_INDEX_FILE;
      }
      const before = readFileSync(answers, 'utf8');
      // In a session of its own (no controlling terminal), a line of the user's that asks on
      // /dev/tty fails instead of waiting for an answer.
      const run = setsid ? [setsid, '-w', ...argv] : argv;
      const r = spawnSync(run[0]!, run.slice(1), { cwd: facts.root, env: hookEnv, input: '', encoding: 'utf8', timeout: 60_000 });
      const answered = readFileSync(answers, 'utf8').slice(before.length).split('\n').some((l) => l.startsWith(`${hook}\t`));
      const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '').trim();
      runs[hook] = { answered, code: r.status, output: answered ? '' : output } satisfies HookRun;
    }
    const first = readFileSync(answers, 'utf8').split('\n').find((l) => l.includes('\t'));
    const [, node = '', cli = ''] = first?.split('\t') ?? [];
    const nodeVersion = node ? spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim() || null : null;
    return { node: first ? node : null, cli: first ? cli : null, nodeVersion, runs };
  } finally {
    rmSync(answers, { force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

const command: Command = {
  async run(argv) {
    const { values } = parseCommandArgs(argv, {
      command: 'doctor',
      usage: messages.doctorUsage,
      options: { json: { type: 'boolean' }, 'no-run': { type: 'boolean' } },
    });
    const facts = await gatherFacts();
    const probe: Probe = values['no-run'] ? { node: null, cli: null, nodeVersion: null, runs: {} } : runHooks(facts);
    const findings = diagnose(facts, probe, process.env);
    // The coding agents' hooks: installed, missing or changed, and seen running (src/agents/doctor.ts).
    const gitDir = openWorkspace(facts.root)?.gitDir;
    findings.push(...diagnoseAgents(readAgentFacts(facts.root, facts.commonDir), chosenAgents(undefined, facts.config.agents), (kind) => (gitDir ? readSeen(gitDir, kind) : null)));
    // Plan-like files the `plans` patterns leave out: named once, with the pattern that includes them.
    const ignored = ignoredPlanLike(await workingFiles(facts.root).catch(() => []), facts.config).map(sanitizeLine);
    if (ignored.length > 0) {
      const patterns = facts.config.plans.map(sanitizeLine);
      findings.push({ level: 'warn', text: messages.plansIgnored(ignored, patterns), fix: messages.plansIgnoredFix(ignored.length, includePatterns(ignored), patterns) });
    }
    const failed = findings.filter((f) => f.level === 'fail').length;
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify(
          {
            ok: failed === 0,
            hooksPath: facts.hooksPath,
            hooksDir: facts.hooksDir,
            manager: hooksOwner(facts),
            hooks: Object.fromEntries(
              HOOKS.map((h) => [h, { file: hookPath(facts, h).file, owner: hookPath(facts, h).owner, answered: probe.runs[h]?.answered ?? null }]),
            ),
            findings,
          },
          null,
          2,
        )}\n`,
      );
      return failed > 0 ? EXIT.failed : EXIT.ok;
    }
    for (const f of findings) {
      process.stdout.write(
        f.level === 'ok' ? messages.doctorOk(f.text) : f.level === 'warn' ? messages.doctorWarn(f.text, f.fix ?? '') : messages.doctorFail(f.text, f.fix ?? ''),
      );
    }
    process.stdout.write(messages.doctorSummary(failed));
    return failed > 0 ? EXIT.failed : EXIT.ok;
  },
};
export default command;
