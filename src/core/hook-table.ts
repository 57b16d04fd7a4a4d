// The one table of the git hooks plan-hooks runs. Everything that lists hooks derives from it:
// the build's bundles (scripts/build.mjs), the runner's cases (hooks/plan-hooks.sh, rendered by
// src/install/scripts.ts), what init installs and doctor checks, how runHook treats an exit
// code or an error (../hooks/main.ts), lefthook's use_stdin, `plan-hooks hook`'s list, and the tests.
// Adding a hook: its row here and its file src/hooks/<name>.ts (default export: HookRun).
// test/hooks/registry.test.ts fails when a derived place misses a hook. No imports: the build
// and the runner's renderer read it without loading anything else.

export interface HookSpec {
  /** Refuses the commit or push: its exit code reaches git, and an internal error fails closed. */
  readonly blocking: boolean;
  /** Its exit code reaches git although it does not fail closed (prepare-commit-msg refuses only when it ran pre-commit's check). */
  readonly exitCode: boolean;
  /** git writes the hook's input on stdin (pushed refs, rewritten commits): the runner gives the chained hook a copy. */
  readonly stdin: boolean;
  /**
   * PLAN_HOOKS=0 skips it; a hook that says false decides itself: pre-commit and prepare-commit-msg
   * refuse it in an agent session (src/core/overrides.ts), pre-push records a person's override.
   */
  readonly skippedByOff: boolean;
}

export const HOOK_TABLE = {
  'pre-commit': { blocking: true, exitCode: true, stdin: false, skippedByOff: false },
  'prepare-commit-msg': { blocking: false, exitCode: true, stdin: false, skippedByOff: false },
  'post-commit': { blocking: false, exitCode: false, stdin: false, skippedByOff: true },
  'post-rewrite': { blocking: false, exitCode: false, stdin: true, skippedByOff: true },
  'pre-push': { blocking: true, exitCode: true, stdin: true, skippedByOff: false },
  'post-merge': { blocking: false, exitCode: false, stdin: false, skippedByOff: true },
} as const satisfies Record<string, HookSpec>;

export type HookName = keyof typeof HOOK_TABLE;

/** The hooks plan-hooks runs, in the table's order: the ones init installs and doctor checks. */
export const HOOKS = Object.keys(HOOK_TABLE) as HookName[];

export const isHook = (name: string | undefined): name is HookName => name !== undefined && Object.hasOwn(HOOK_TABLE, name);

/** The hooks whose spec has `key` set, e.g. `hooksWhere('stdin')`. */
export const hooksWhere = (key: keyof HookSpec): HookName[] => HOOKS.filter((h) => HOOK_TABLE[h][key]);
