// The text plan-hooks writes into hook files: the runner (from the package's
// hooks/plan-hooks.sh), the one-line shims of a plain hooks directory, and the marked sections
// of husky's .husky/<hook> files. Pure: paths in, text out.
import { readFileSync } from 'node:fs';
import { messages } from '../messages.js';
import { CHAINED_SUFFIX, SHIM_MARK } from './facts.js';

const RUNNER_TEMPLATE = new URL('../../../hooks/plan-hooks.sh', import.meta.url);
const PLAN_STATE_TEMPLATE = new URL('../../../templates/plan-state-block.md', import.meta.url);

/** Single-quoted for sh: safe for any path or sentence. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The runner. `cli`/`node` are absolute paths for a repository without package.json (its hooks
 * call the plan-hooks that ran init); empty for a Node repository, whose runner is tracked and
 * must hold no machine-specific path (it finds node_modules at run time).
 */
export function renderRunner(opts: { cli: string; node: string }): string {
  return readFileSync(RUNNER_TEMPLATE, 'utf8')
    .replace('@NODE@', shQuote(opts.node))
    .replace('@CLI@', shQuote(opts.cli))
    .replace('@MSG_NO_NODE@', shQuote(messages.shimNoNode()))
    .replace('@MSG_NO_CLI@', shQuote(messages.shimNoCli()));
}

/** A hook file in a plain hooks directory: it hands over to the runner next to it. */
export function renderShim(hook: string): string {
  return `#!/bin/sh
${SHIM_MARK} (installed by 'plan-hooks init'; 'plan-hooks uninstall' removes it)
d=$(dirname "$0")
exec sh "$d/plan-hooks.sh" ${hook} "$d/${hook}${CHAINED_SUFFIX}" "$@"
`;
}

/**
 * The body of plan-hooks' section in .husky/<hook>. `chained` says a hook from the shared
 * .git/hooks (which husky's core.hooksPath turns off) was kept to run first.
 */
export function renderHuskySection(hook: string, chained: boolean): string {
  const chain = chained ? `"$(git rev-parse --git-common-dir)/hooks/${hook}${CHAINED_SUFFIX}"` : `''`;
  return `sh "$(dirname "$0")/plan-hooks.sh" ${hook} ${chain} "$@"`;
}

export function planStateBlock(): string {
  return readFileSync(PLAN_STATE_TEMPLATE, 'utf8');
}
