// The few flags the install commands take.
import { UsageError } from '../errors.js';

export interface InstallArgs {
  dryRun: boolean;
  force: boolean;
  plans?: string[];
  strict?: boolean;
}

export function parseInstallArgs(argv: string[], allowed: (keyof InstallArgs)[], command: string): InstallArgs {
  const out: InstallArgs = { dryRun: false, force: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--dry-run' && allowed.includes('dryRun')) out.dryRun = true;
    else if (arg === '--force' && allowed.includes('force')) out.force = true;
    else if (arg === '--strict' && allowed.includes('strict')) out.strict = true;
    else if ((arg === '--plans' || arg.startsWith('--plans=')) && allowed.includes('plans')) {
      const value = arg === '--plans' ? argv[++i] : arg.slice('--plans='.length);
      if (!value) throw new UsageError(`--plans needs a glob, e.g. --plans 'docs/**/*-plan.json'.`);
      out.plans = [...(out.plans ?? []), value];
    } else throw new UsageError(`unknown option '${arg}'. Run 'plan-hooks ${command} --help'.`);
  }
  return out;
}
