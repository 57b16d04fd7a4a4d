// Running one hook: what the runner's node does, through the hook's bundled file
// (dist/src/hooks/<hook>.cjs, scripts/build.mjs) or `plan-hooks hook <name>`. pre-commit and
// pre-push fail closed on an internal error (with the bypass); every other hook reports and
// lets git carry on.
import { EXIT, formatError } from '../errors.js';
import { messages } from '../messages/index.js';
import { setRunCommand } from '../messages/run.js';
import { installedRunCommand } from '../facts/run-command.js';
import { HOOK_TABLE, type HookName } from '../core/hook-table.js';

/** A hook implementation: receives git's arguments (and stdin where the registry says so). */
export type HookRun = (args: string[]) => Promise<number>;

/** Runs the hook `load` gives and returns the exit code git should see (../core/hook-table.ts says which hook may refuse). */
export async function runHook(name: HookName, load: () => Promise<HookRun>, args: string[]): Promise<number> {
  const spec = HOOK_TABLE[name];
  // git starts hooks at the worktree's top: the commands messages name are found from there.
  setRunCommand(() => installedRunCommand(process.cwd()));
  // The hooks that may refuse decide PLAN_HOOKS=0 themselves: an agent's is refused (src/core/overrides.ts).
  if (process.env.PLAN_HOOKS === '0' && spec.skippedByOff) return EXIT.ok;
  // doctor's probe, as the runner answers it (hooks/plan-hooks.sh), for hooks started without the
  // runner: the pre-commit framework running the package's shipped hooks.
  if (process.env.PLAN_HOOKS_DOCTOR && (await answerDoctor(name, process.env.PLAN_HOOKS_DOCTOR))) return EXIT.ok;
  try {
    const code = await (await load())(args);
    // PLAN_HOOKS=2 traces the shell runner (set -x); this line shows the hook itself ran.
    if (process.env.PLAN_HOOKS === '2') process.stderr.write(messages.hookTrace(name, code));
    return spec.blocking || spec.exitCode ? code : EXIT.ok;
  } catch (error) {
    return internalError(name, error);
  }
}

/** Reports an error the hook did not expect; the exit code git should see: pre-commit and pre-push fail closed, saying how to get past. */
export function internalError(name: HookName, error: unknown): number {
  process.stderr.write(formatError(error, `hook ${name}`));
  if (!HOOK_TABLE[name].blocking) return EXIT.ok;
  process.stderr.write(messages.hookFailClosed[name] ?? '');
  return EXIT.failed;
}

/** Appends this hook's answer to doctor's probe file; false when there is no such file (a real run). */
async function answerDoctor(name: string, nonce: string): Promise<boolean> {
  if (!/^[0-9a-f]+$/.test(nonce)) return false;
  const [{ commonDirSync }, { appendFileSync, existsSync }, { join }] = await Promise.all([import('../git/sync.js'), import('node:fs'), import('node:path')]);
  try {
    const probe = join(commonDirSync(), 'plan-hooks', `doctor-${nonce}`);
    if (!existsSync(probe)) return false;
    appendFileSync(probe, `${name}\t${process.execPath}\t${process.argv[1] ?? ''}\n`);
    return true;
  } catch {
    return false;
  }
}
