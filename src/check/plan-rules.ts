// The plan rules bound to this repository and clock. Imported only when a commit changes a
// plan: it pulls in the compiled schema validator, which the common commit never loads.
import { type PlanFactReads, gatherPlanFacts, stagedTexts } from '../plan/facts.js';
import { lazyLocator } from '../lib/json-document.js';
import { planValue, withoutBom } from '../plan/plan-text.js';
import { checkTransitions } from '../core/transitions.js';
import type { PlanState } from '../core/plan-types.js';
import { UNKNOWN_FACTS } from '../core/plan-types.js';
import { validatePlanText } from '../plan/validate.js';
import type { PlanRules } from '../core/check.js';
import type { PlanChange } from '../core/plan-types.js';
import type { SessionFact } from '../core/claim-state.js';
import type { Identity } from '../core/identity.js';

export async function loadPlanRules(
  root: string,
  plans: PlanChange[],
  opts: { now: Date; staleAfterHours: number; aliases: Record<string, string[]>; ignoreCase?: boolean; reads?: PlanFactReads; sessions?: SessionFact[]; idleAfterMinutes?: number; byAgent?: (identity: Identity) => boolean },
): Promise<PlanRules> {
  const staged = stagedTexts(plans);
  const facts = await gatherPlanFacts(
    root,
    staged,
    opts.ignoreCase === undefined ? undefined : { ignoreCase: opts.ignoreCase, ...(opts.reads ? { reads: opts.reads } : {}) },
  );
  const factsOf = new Map(staged.map((p, i) => [p.path, facts[i]!]));
  return {
    validate: (text, file) => validatePlanText(text, file, factsOf.get(file) ?? UNKNOWN_FACTS, opts),
    parse(text) {
      const value = planValue(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as PlanState) : null;
    },
    transitions(before, after, file, afterText, identity) {
      const locate = lazyLocator(withoutBom(afterText));
      return checkTransitions(before, after, { file, identity: identity.name, aliases: opts.aliases, now: opts.now, staleAfterHours: opts.staleAfterHours, locate, identitySource: identity.source, ...(opts.byAgent ? { byAgent: opts.byAgent(identity) } : {}), ...(opts.sessions ? { sessions: opts.sessions, idleAfterMinutes: opts.idleAfterMinutes } : {}) });
    },
  };
}
