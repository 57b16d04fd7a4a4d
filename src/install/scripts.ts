// The texts install reads from the package: the runner (rendered from hooks/plan-hooks.sh) and
// the Plan State block's template. The texts it writes from facts alone (shims, husky's
// sections) are ../core/install/hook-texts.ts.
import { readFileSync } from 'node:fs';
import { preCommitReads } from '../facts/facts.js';
import { shQuote } from '../lib/sh-quote.js';
import { prefetchScript } from '../git/prefetch.js';
import { identityVariables } from '../worklog/pending.js';
import { KNOWN_MARKERS } from '../core/known-markers.js';
import { DEFAULT_CONFIG } from '../config/config.js';
import { messages } from '../messages/index.js';
import { HOOKS, hooksWhere } from '../core/hook-table.js';
import { RUNTIME_FILE } from '../core/install/names.js';
import { SEQUENCER_STATE } from '../git/layout.js';

const RUNNER_TEMPLATE = new URL('../../../hooks/plan-hooks.sh', import.meta.url);
const PLAN_STATE_TEMPLATE = new URL('../../../templates/plan-state-block.md', import.meta.url);

/**
 * The runner. `cli`/`node` are absolute paths for a repository without package.json (its hooks
 * call the plan-hooks that ran init); empty for a Node repository, whose runner is tracked and
 * must hold no machine-specific path (it finds node_modules at run time); `install` is the
 * command its refusal names when plan-hooks is not installed yet. The reads it makes
 * for pre-commit before node starts are the same for every configuration.
 */
export function renderRunner(opts: { cli: string; node: string; install?: string | null }): string {
  const values: Record<string, string> = {
    NODE: shQuote(opts.node),
    CLI: shQuote(opts.cli),
    MSG_NO_NODE: shQuote(messages.shimNoNode()),
    MSG_NO_CLI: shQuote(messages.shimNoCli(opts.install ?? null)),
    RUNTIME_FILE: RUNTIME_FILE,
    PREFETCH: prefetchScript(preCommitReads()),
    // The variables post-commit's record keeps for the identity (names only: checked identifiers).
    IDENTITY_VARS: identityVariables().join(' '),
    // Every variable that may mark an agent session, whatever its value (the runner's PLAN_HOOKS=0 test leaves those to node).
    MARKER_VARS: [...new Set([...Object.keys(DEFAULT_CONFIG.agentMarkers), ...Object.keys(KNOWN_MARKERS)])].join(' '),
    // The runner's cases, from the one hook table.
    HOOKS: HOOKS.join('|'),
    STDIN_HOOKS: hooksWhere('stdin').join('|'),
    SKIPPED_BY_OFF: hooksWhere('skippedByOff').join('|'),
    // The worklog's sequencer state, from git's layout as the TypeScript reads it.
    SEQUENCER_STATE: SEQUENCER_STATE.join(' '),
  };
  // A function, not a replacement string: in those, `$$` and `$'` mean something.
  return readFileSync(RUNNER_TEMPLATE, 'utf8').replace(/@([A-Z_]+)@/g, (all, key: string) => values[key] ?? all);
}

/** The Plan State block's template (`{{run}}` stands for the command that starts plan-hooks: ../core/install/hook-texts.ts). */
export function planStateTemplate(): string {
  return readFileSync(PLAN_STATE_TEMPLATE, 'utf8');
}
