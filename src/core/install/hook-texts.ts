// The texts init writes into hook files from facts alone (pure): the one-line shims of a plain
// hooks directory, the shims for clients that ignore core.hooksPath, plan-hooks' section of
// husky's .husky/<hook> files, and the Plan State block. The runner, rendered from the package's
// template, is ../../install/scripts.ts.
import { hooksWhere } from '../hook-table.js';
import { CHAINED_SUFFIX, SHIM_MARK } from './names.js';

/** The hooks git gives input on stdin (pre-push, post-rewrite): their section goes first and shares that input. */
export const STDIN_SECTION_HOOKS: ReadonlySet<string> = new Set(hooksWhere('stdin'));

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
 *
 * The runner is sourced in a subshell rather than started with `sh`: a subshell is a fork of
 * the hook file's shell, `sh` a fork and an exec that loads and parses a shell again (~0.7 ms a
 * hook, three hooks a commit; measured with git's trace2). The subshell keeps the runner's exits
 * and variables from the user's lines that follow, and the runner undoes the options, IFS,
 * aliases and functions the lines before it could have set.
 */
export function renderHuskySection(hook: string, chained: boolean): string {
  const chain = chained ? `"$(git rev-parse --git-common-dir)/hooks/${hook}${CHAINED_SUFFIX}"` : `''`;
  const run = `(set -- ${hook} ${chain} "$@"; . "\${0%/*}/plan-hooks.sh")`;
  if (!STDIN_SECTION_HOOKS.has(hook)) return run;
  // git's input is read once into a file that plan-hooks reads, then the user's lines after the
  // section read it again from the start (\`git lfs pre-push "$@"\` reads it too): whichever reads
  // first, the other is not left with nothing, which would pass a push unchecked.
  return [
    `plan_hooks_in=$(mktemp 2>/dev/null) && cat > "$plan_hooks_in" && exec < "$plan_hooks_in" || plan_hooks_in=`,
    `${run} || { plan_hooks_rc=$?; [ -z "$plan_hooks_in" ] || rm -f "$plan_hooks_in"; exit $plan_hooks_rc; }`,
    `[ -z "$plan_hooks_in" ] || { exec < "$plan_hooks_in"; rm -f "$plan_hooks_in"; }`,
  ].join('\n');
}

/** The Plan State block from its template, with `run` the command that starts plan-hooks here (`npx plan-hooks`, `pnpm exec plan-hooks`, …). */
export function planStateBlock(template: string, run: string): string {
  return template.replaceAll('{{run}}', run);
}
