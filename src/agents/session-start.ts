// What an agent is handed when its session starts: who it is, the plans with open work (next
// action, ready tasks), the claims held by others and its own, and how to claim, finish and
// release — short, built from the handoff renderer's pieces (src/handoff/render.ts).
import { appendFileSync, readFileSync } from 'node:fs';
import type { LiveClaim, PlanVersion } from '../core/claims.js';
import { hoursSince } from '../core/claim-state.js';
import type { Config } from '../config/config.js';
import { code, inline, openPlanLines, openPlans } from '../handoff/render.js';
import { type Identity, sameAgent } from '../core/identity.js';
import { messages } from '../messages/index.js';
import { run } from '../messages/run.js';
import { asPlan, type PlanFile } from '../plan/snapshot.js';
import type { AgentKind } from './kinds.js';
import { byCodeUnit } from '../lib/order.js';

/** Claims listed per heading before the rest are counted. */
const MAX_CLAIMS = 10;
const MAX_PLANS = 6;

function claimLines(claims: LiveClaim[], now: Date): string[] {
  if (claims.length === 0) return [messages.agent.sessionNone()];
  const lines = claims.slice(0, MAX_CLAIMS).map((c) => {
    const hours = hoursSince(c.since, now);
    const files = c.files.length ? c.files.slice(0, 5).map(code).join(', ') + (c.files.length > 5 ? ', …' : '') : 'no files';
    return messages.agent.sessionClaim(inline(c.task), inline(c.holder), inline(c.since ?? '?'), messages.claimAge(hours), files, c.stale);
  });
  if (claims.length > MAX_CLAIMS) lines.push(`- … and ${claims.length - MAX_CLAIMS} more ('${run()} status')`);
  return lines;
}

/** The session-start text (pure). `versions` are this worktree's plans (source.here) first, then the others'. */
export function renderSessionStart(input: {
  identity: Identity;
  versions: PlanVersion[];
  claims: LiveClaim[];
  config: Pick<Config, 'aliases' | 'plans'>;
  now: Date;
  declaredOther: string | null;
}): string {
  const { identity, now } = input;
  const plans: PlanFile[] = [];
  for (const v of input.versions) {
    if (!v.source.here) continue;
    const plan = asPlan(v.plan);
    if (typeof plan !== 'string') plans.push({ path: v.file, plan });
  }
  plans.sort((a, b) => byCodeUnit(a.path, b.path));
  const open = openPlans(plans);
  const mine = input.claims.filter((c) => sameAgent(c.holder, identity.name, input.config.aliases));
  const others = input.claims.filter((c) => !mine.includes(c));
  const lines = [messages.agent.sessionHeader(inline(identity.name), inline(identity.detail))];
  if (input.declaredOther) lines.push(messages.agent.sessionDeclaredOther(inline(input.declaredOther), identity.name));
  lines.push('', messages.agent.sessionPlansHeading());
  if (open.length === 0) lines.push(messages.agent.sessionNoPlans(input.config.plans.join(', ')));
  for (const p of open.slice(0, MAX_PLANS)) lines.push(...openPlanLines(p));
  if (open.length > MAX_PLANS) lines.push(`- … and ${open.length - MAX_PLANS} more ('${run()} status')`);
  lines.push('', messages.agent.sessionOthersHeading(), ...claimLines(others, now));
  lines.push('', messages.agent.sessionMineHeading(), ...claimLines(mine, now));
  lines.push('', messages.agent.sessionHowTo());
  return lines.join('\n');
}

/**
 * Claude Code runs the lines of CLAUDE_ENV_FILE before each of the session's shell commands:
 * PLAN_HOOKS_AGENT there makes the session's commits carry its own name (the one its
 * CLAUDECODE marker also gives). The value is the agent kind, a fixed word: nothing from the
 * payload reaches the file.
 */
export function persistIdentity(envFile: string, kind: AgentKind): void {
  const line = `export PLAN_HOOKS_AGENT=${kind}`;
  try {
    let text = '';
    try {
      text = readFileSync(envFile, 'utf8');
    } catch {
      // Not there yet: Claude Code creates it on demand.
    }
    if (text.split('\n').includes(line)) return;
    appendFileSync(envFile, `${text === '' || text.endsWith('\n') ? '' : '\n'}${line}\n`);
  } catch {
    // The identity then comes from CLAUDECODE, as for any commit made in Claude Code.
  }
}
