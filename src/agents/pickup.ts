// The successor's pickup at session start (docs/rotation.md): for each claim of another holder whose
// sessions stopped (paused) or that went stale, what it needs to continue in one command — the
// task, its acceptance, the plan's verify and next action, the previous holder and why it
// stopped, the commits since the handoff's lastCommit (subject, agent) and the files left
// uncommitted in each worktree with their diff size, read from git now. And for the agent
// itself: its own tasks continued by another while it was stopped, and requests made to it.
import type { LiveClaim, PlanVersion } from '../core/claims.js';
import { type HolderState, type SessionFact, disputedEnd, holderState } from '../core/claim-state.js';
import { type RequestRecord, handoversIn, requestsIn } from '../core/handover.js';
import { sameAgent } from '../core/identity.js';
import type { PlanState, Task } from '../core/plan-types.js';
import type { LeftUncommitted } from '../core/handover.js';
import { gitQuery } from '../git/git.js';
import { commitsSince } from '../git/log.js';
import { inline } from '../handoff/render.js';
import { messages } from '../messages/index.js';
import { leftUncommitted } from '../sessions/facts.js';
import { parseAgentTrailer } from '../check/trailer.js';
import type { ContinuedNotice } from '../sessions/store.js';

const MAX_PICKUPS = 5;
const MAX_COMMITS = 10;

interface Paused {
  claim: LiveClaim;
  state: HolderState;
  plan: PlanState | null;
  task: Task | null;
}

function planOf(versions: PlanVersion[], claim: LiveClaim): { plan: PlanState | null; task: Task | null } {
  const v = versions.find((x) => x.file === claim.file && x.source.label === claim.source.label) ?? versions.find((x) => x.file === claim.file);
  const plan = v && typeof v.plan === 'object' && v.plan !== null ? (v.plan as PlanState) : null;
  const id = claim.task.slice(claim.task.indexOf('/') + 1);
  const items = plan && Array.isArray(plan.workItems) ? plan.workItems : [];
  for (const item of items) {
    const t = Array.isArray(item?.tasks) ? item.tasks.find((x) => x && x.id === id) : undefined;
    if (t) return { plan, task: t };
  }
  return { plan, task: null };
}

/** The claims of others this agent may continue, with their holder's state. */
export function pausedClaims(input: { me: string; claims: LiveClaim[]; versions: PlanVersion[]; sessions: SessionFact[]; now: Date; idleAfterMinutes: number; aliases: Record<string, string[]> }): Paused[] {
  const seen = new Set<string>();
  const out: Paused[] = [];
  for (const claim of input.claims) {
    if (seen.has(claim.task) || sameAgent(claim.holder, input.me, input.aliases)) continue;
    seen.add(claim.task);
    const state = holderState({ holder: claim.holder, stale: claim.stale, sessions: input.sessions, now: input.now, idleAfterMinutes: input.idleAfterMinutes, aliases: input.aliases });
    if (state.state !== 'paused' && state.state !== 'stale') continue;
    out.push({ claim, state, ...planOf(input.versions, claim) });
  }
  return out.slice(0, MAX_PICKUPS);
}

/** The pickup lines (git read here: the commits since each plan's lastCommit, what each worktree left uncommitted). */
export async function pickupLines(input: {
  me: string;
  root: string;
  worktrees: string[];
  claims: LiveClaim[];
  versions: PlanVersion[];
  sessions: SessionFact[];
  notices: ContinuedNotice[];
  now: Date;
  idleAfterMinutes: number;
  aliases: Record<string, string[]>;
}): Promise<string[]> {
  const r = messages.rotation;
  const lines: string[] = [];
  for (const n of input.notices) lines.push(r.returnedContinued(inline(n.task), inline(n.by), inline(n.at)));
  // Requests to this agent on claims it still holds, made since it claimed them.
  const requests: string[] = [];
  for (const claim of input.claims) {
    if (!sameAgent(claim.holder, input.me, input.aliases) || !claim.source.here) continue;
    const { plan } = planOf(input.versions, claim);
    if (!plan) continue;
    for (const q of requestsIn(plan)) if (q.task === claim.task && sameAgent(q.to, input.me, input.aliases) && (!claim.since || q.at >= claim.since)) requests.push(r.requestLine(inline(q.task), inline(q.from), inline(q.text), inline(q.at)));
  }
  if (requests.length) lines.push('', r.requestsHeading(), ...requests.slice(0, 10));
  // This agent's continuations the sessions contradict: the holder said it stopped, then acted again.
  for (const v of input.versions) {
    if (!v.source.here || typeof v.plan !== 'object' || v.plan === null) continue;
    for (const h of handoversIn(v.plan as PlanState)) {
      if (h.kind !== 'continue' || !sameAgent(h.to, input.me, input.aliases) || !h.stopped?.session) continue;
      const at = disputedEnd(input.sessions, h.stopped.session, input.idleAfterMinutes);
      if (at) lines.push(r.disputedOwn(inline(h.task), inline(h.from), inline(at)));
    }
  }
  const paused = pausedClaims(input);
  if (paused.length === 0) return lines;
  let left: LeftUncommitted[] | null = null;
  lines.push('', r.pickupHeading());
  for (const p of paused) {
    lines.push(r.pickupTask(inline(p.claim.task), inline(p.claim.holder), p.state.state === 'stale' ? 'stale' : (p.state.why ?? 'idle'), p.state.lastSeen ? inline(p.state.lastSeen) : null));
    if (p.task?.acceptance) lines.push(r.pickupField('acceptance', inline(p.task.acceptance)));
    const h = p.plan?.handoff;
    if (h?.verify) lines.push(r.pickupField('verify', inline(h.verify)));
    if (h?.nextAction) lines.push(r.pickupField('next action', inline(h.nextAction)));
    if (p.claim.files.length) lines.push(r.pickupField('files', p.claim.files.slice(0, 10).map(inline).join(', ')));
    const since = typeof h?.lastCommit === 'string' && /^[0-9a-f]{4,40}$/i.test(h.lastCommit) ? h.lastCommit : null;
    if (since) {
      const commits = await gitQuery(commitsSince(since, MAX_COMMITS, ['Plan-Agent']), input.root);
      lines.push(r.pickupCommits(commits.length, since.slice(0, 12)));
      for (const c of commits) {
        // The agent its commit recorded (Plan-Agent: name (source) seal), else its author.
        const recorded = c.trailers['Plan-Agent']?.[0] ? parseAgentTrailer(c.trailers['Plan-Agent'][0], c.tree) : null;
        lines.push(r.pickupCommit(c.commit.slice(0, 12), inline(c.subject), inline(recorded?.name ?? c.author)));
      }
    }
    left ??= await leftUncommitted(input.worktrees);
    if (left.length === 0) lines.push(r.pickupNothingLeft());
    for (const u of left) {
      lines.push(r.pickupUncommitted(inline(u.worktree)));
      for (const f of u.files.slice(0, 20)) lines.push(r.pickupFile(inline(f.path), f.added, f.removed));
    }
  }
  return lines;
}

/** Handovers away from `me` recorded in these plans (its task continued by another): for the returning holder. */
export function continuedFrom(me: string, versions: PlanVersion[], aliases: Record<string, string[]>): ContinuedNotice[] {
  const out: ContinuedNotice[] = [];
  for (const v of versions) {
    if (!v.source.here || typeof v.plan !== 'object' || v.plan === null) continue;
    for (const h of handoversIn(v.plan as PlanState)) if (h.kind === 'continue' && sameAgent(h.from, me, aliases) && !sameAgent(h.to, me, aliases)) out.push({ task: h.task, by: h.to, at: h.at });
  }
  return out.slice(-5);
}

/** The requests recorded on `tasks` in these plans, to whoever holds each now (bounded). */
export function openRequestsFor(tasks: Set<string>, versions: PlanVersion[]): RequestRecord[] {
  const out: RequestRecord[] = [];
  for (const v of versions) {
    if (typeof v.plan !== 'object' || v.plan === null) continue;
    for (const q of requestsIn(v.plan as PlanState)) if (tasks.has(q.task) && !out.some((o) => o.at === q.at && o.text === q.text)) out.push(q);
  }
  return out.slice(-5);
}
