// `plan-hooks doctor`: what git will really run here, each finding with its fix; exit 1 when a
// hook would not run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Command } from '../cli.js';
import { EXIT } from '../errors.js';
import { parseCommandArgs } from './shared/args.js';
import { type Probe, diagnose, runnerPath } from '../install/doctor.js';
import { gatherFacts } from '../install/facts.js';
import { messages } from '../messages.js';

/** Asks the installed runner which node and plan-hooks a hook would call, from the worktree top as git runs it. */
function probe(runner: string, root: string): Probe {
  if (!existsSync(runner)) return { node: null, cli: null, nodeVersion: null };
  const r = spawnSync('sh', [runner, 'pre-commit', ''], { cwd: root, env: { ...process.env, PLAN_HOOKS_PROBE: '1', PLAN_HOOKS: '' }, encoding: 'utf8' });
  const value = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(r.stdout ?? '')?.[1] ?? '';
  const node = value('node');
  const nodeVersion = node ? spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim() || null : null;
  return { node, cli: value('cli'), nodeVersion };
}

const command: Command = {
  summary: 'Check that git will really run every hook here',
  usage: messages.doctorUsage,
  async run(argv) {
    parseCommandArgs(argv, { command: 'doctor', usage: messages.doctorUsage, options: {} });
    const facts = await gatherFacts();
    const findings = diagnose(facts, probe(runnerPath(facts), facts.root), process.env);
    for (const f of findings) {
      process.stdout.write(
        f.level === 'ok' ? messages.doctorOk(f.text) : f.level === 'warn' ? messages.doctorWarn(f.text, f.fix ?? '') : messages.doctorFail(f.text, f.fix ?? ''),
      );
    }
    const failed = findings.filter((f) => f.level === 'fail').length;
    process.stdout.write(messages.doctorSummary(failed));
    return failed > 0 ? EXIT.failed : EXIT.ok;
  },
};
export default command;
