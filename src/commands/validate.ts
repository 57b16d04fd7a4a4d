// `plan-hooks validate [files…] [--strict] [--json]`: the plans named, or every plan the config
// matches, through the schema and the rules; a terminal report or a JSON one.
import { realpathSync, statSync } from 'node:fs';
import { readTextFileSync } from '../fs/text.js';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { parseCommandArgs } from './shared/args.js';
import type { Command } from './shared/command.js';
import { DEFAULT_CONFIG, loadConfig } from '../config/config.js';
import { EXIT, UsageError, UserError, isUserError } from '../errors.js';
import { messages } from '../messages/index.js';
import { worktreeRoot } from '../git/queries.js';
import { ignoredPlanLike, includePatterns, planFilesAmong } from '../plan/discover.js';
import { workingFiles } from '../git/queries.js';
import { gatherPlanFacts } from '../plan/facts.js';
import type { Problem } from '../problems/problems.js';
import { formatProblems } from '../plan/report.js';
import { validatePlanText } from '../plan/validate.js';
import { sortProblems } from '../problems/problems.js';
import { reusedPlanIdProblems } from '../core/check.js';
import { jsonText, sanitizeLine } from '../term.js';

interface Target {
  /** How the report names the file: repository-relative when inside the repository. */
  label: string;
  /** Relative to the root (or to the current directory outside a repository), for the facts. */
  path: string;
  absolute: string;
  /** Set for plans found (not named): the file, symlinks resolved, must be inside this directory. */
  within?: string;
}

function namedTargets(files: string[], root: string | null): Target[] {
  return files.map((file) => {
    const absolute = resolve(file);
    let stat;
    try {
      stat = statSync(absolute);
    } catch {
      throw new UsageError(messages.validateNoSuchFile(file));
    }
    if (!stat.isFile()) throw new UsageError(messages.validateNotAFile(file));
    const inside = root === null ? null : relative(root, absolute);
    const label = inside !== null && !inside.startsWith('..') && !isAbsolute(inside) ? inside.split(sep).join('/') : file;
    return { label, path: root === null ? file : (inside ?? file), absolute };
  });
}

const command: Command = {
  async run(argv) {
    const { values, positionals } = parseCommandArgs(argv, {
      command: 'validate',
      usage: messages.validateUsage,
      options: { strict: { type: 'boolean' }, json: { type: 'boolean' } },
      positionals: true,
    });
    const root = await worktreeRoot();
    const config = root ? await loadConfig(root) : DEFAULT_CONFIG;
    let targets: Target[];
    let ignored: string[] = [];
    if (positionals.length > 0) targets = namedTargets(positionals, root);
    else if (root === null) throw new UsageError(messages.validateNotInRepo);
    else {
      const files = await workingFiles(root);
      targets = planFilesAmong(files, root, config).map((f) => ({ label: f, path: f, absolute: resolve(root, f), within: root }));
      ignored = ignoredPlanLike(files, config).map(sanitizeLine);
    }

    const strict = values.strict === true || config.strict;
    const sources = targets.map((t) => ({ path: t.path, text: readText(t) }));
    const facts = await gatherPlanFacts(root, sources);
    const now = new Date();
    const validated = targets.map((t, i) => validatePlanText(sources[i]!.text, t.label, facts[i]!, { now, staleAfterHours: config.staleAfterHours }));
    // Task identity is planId/taskId across every plan validated: a second plan reusing a planId
    // is the same error as at commit.
    const planIds = validated.map((v, i) => ({ file: targets[i]!.label, planId: typeof v.plan?.planId === 'string' ? v.plan.planId : null }));
    const results = targets.map((t, i) => {
      const problems = [...validated[i]!.problems, ...reusedPlanIdProblems(t.label, validated[i]!.plan?.planId, planIds)];
      const errors = problems.filter((p) => p.severity === 'error').length;
      const warnings = problems.length - errors;
      return { file: t.label, errors, warnings, failed: errors > 0 || (strict && warnings > 0), problems: sortProblems(problems) };
    });
    const failed = results.filter((r) => r.failed).length;

    if (values.json) {
      const report = {
        valid: failed === 0,
        strict,
        files: results.map(({ file, errors, warnings, failed }) => ({ file, valid: !failed, errors, warnings })),
        problems: results.flatMap((r) => r.problems),
        ignored,
      };
      process.stdout.write(`${jsonText(report, 2)}\n`);
    } else {
      process.stdout.write(results.length === 0 ? messages.validateNoPlans(config.plans) : report(results, strict));
      if (ignored.length > 0) process.stdout.write(`${messages.plansIgnored(ignored, config.plans.map(sanitizeLine))}\n  ${messages.plansIgnoredFix(ignored.length, includePatterns(ignored), config.plans.map(sanitizeLine))}\n`);
    }
    return failed > 0 ? EXIT.failed : EXIT.ok;
  },
};

function readText(target: Target): string {
  try {
    if (target.within !== undefined) {
      const inside = relative(realpathSync(target.within), realpathSync(target.absolute));
      if (inside.startsWith('..') || isAbsolute(inside)) throw new UserError(messages.validateOutside(target.label));
    }
    return readTextFileSync(target.absolute);
  } catch (error) {
    if (isUserError(error)) throw error;
    throw new UserError(messages.validateCannotRead(target.label, (error as Error).message));
  }
}

function report(results: { file: string; errors: number; warnings: number; failed: boolean; problems: Problem[] }[], strict: boolean): string {
  let out = '';
  for (const r of results) {
    out += formatProblems(r.problems);
    out += messages.validateFileSummary(sanitizeLine(r.file), r.errors, r.warnings, r.failed, strict);
  }
  if (results.length > 1) out += messages.validateTotal(results.length, results.filter((r) => r.failed).length);
  return out;
}

export default command;
