// The text plan-hooks writes into hook files: the runner (from the package's
// hooks/plan-hooks.sh), the one-line shims of a plain hooks directory, and the marked sections
// of husky's .husky/<hook> files. Pure: paths in, text out.
import { readFileSync } from 'node:fs';
import { preCommitReads } from '../facts/facts.js';
import { shQuote } from '../lib/sh-quote.js';
import { prefetchScript } from '../git/prefetch.js';
import { identityVariables } from '../worklog/pending.js';
import { messages } from '../messages/index.js';
import { HOOKS, hooksWhere } from '../hooks/registry.js';
import { CHAINED_SUFFIX, SHIM_MARK } from './facts.js';

const RUNNER_TEMPLATE = new URL('../../../hooks/plan-hooks.sh', import.meta.url);
const PLAN_STATE_TEMPLATE = new URL('../../../templates/plan-state-block.md', import.meta.url);

/**
 * The runner. `cli`/`node` are absolute paths for a repository without package.json (its hooks
 * call the plan-hooks that ran init); empty for a Node repository, whose runner is tracked and
 * must hold no machine-specific path (it finds node_modules at run time). The reads it makes
 * for pre-commit before node starts are the same for every configuration.
 */
export function renderRunner(opts: { cli: string; node: string }): string {
  const values: Record<string, string> = {
    NODE: shQuote(opts.node),
    CLI: shQuote(opts.cli),
    MSG_NO_NODE: shQuote(messages.shimNoNode()),
    MSG_NO_CLI: shQuote(messages.shimNoCli()),
    PREFETCH: prefetchScript(preCommitReads()),
    // The variables post-commit's record keeps for the identity (names only: checked identifiers).
    IDENTITY_VARS: identityVariables().join(' '),
    // The runner's cases, from the one hook table.
    HOOKS: HOOKS.join('|'),
    STDIN_HOOKS: hooksWhere('stdin').join('|'),
    SKIPPED_BY_OFF: hooksWhere('skippedByOff').join('|'),
  };
  // A function, not a replacement string: in those, `$$` and `$'` mean something.
  return readFileSync(RUNNER_TEMPLATE, 'utf8').replace(/@([A-Z_]+)@/g, (all, key: string) => values[key] ?? all);
}

// The runner beside a hook file is found with ${0%/*}, not $(dirname "$0"): a process start
// there cost a commit ~8 ms (measured in bench/enforce.bench.mjs). git and husky always start
// a hook by a path with a slash in it.

/** A hook file in a plain hooks directory: it hands over to the runner next to it. */
export function renderShim(hook: string): string {
  return `#!/bin/sh
${SHIM_MARK} (installed by 'plan-hooks init'; 'plan-hooks uninstall' removes it)
exec sh "\${0%/*}/plan-hooks.sh" ${hook} "\${0%/*}/${hook}${CHAINED_SUFFIX}" "$@"
`;
}

/**
 * A hook in .git/hooks for clients that read only that directory and ignore core.hooksPath
 * (JGit, dulwich): it starts husky's hook, so they run what git runs. dulwich starts hooks with
 * the working directory inside .git; git never runs this file while core.hooksPath is set.
 */
export function renderHuskyClientShim(hook: string): string {
  return `#!/bin/sh
${SHIM_MARK} (installed by 'plan-hooks init' for clients that ignore core.hooksPath; 'plan-hooks uninstall' removes it)
case $PWD in */.git) cd .. ;; */.git/*) cd "\${PWD%%/.git/*}" ;; esac
[ -f .husky/_/${hook} ] && exec sh .husky/_/${hook} "$@"
[ -f .husky/${hook} ] || exit 0
PATH="node_modules/.bin:$PATH" exec sh -e .husky/${hook} "$@"
`;
}

/**
 * The body of plan-hooks' section in .husky/<hook>. `chained` says a hook from the shared
 * .git/hooks (which husky's core.hooksPath turns off) was kept to run first.
 */
export function renderHuskySection(hook: string, chained: boolean): string {
  const chain = chained ? `"$(git rev-parse --git-common-dir)/hooks/${hook}${CHAINED_SUFFIX}"` : `''`;
  return `sh "\${0%/*}/plan-hooks.sh" ${hook} ${chain} "$@"`;
}

/** The Plan State block, with `run` the command that starts plan-hooks here (`npx plan-hooks`, `pnpm exec plan-hooks`, …). */
export function planStateBlock(run: string): string {
  return readFileSync(PLAN_STATE_TEMPLATE, 'utf8').replaceAll('{{run}}', run);
}
