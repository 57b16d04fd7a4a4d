// `plan-hooks claim <task> [--as NAME] [--takeover | --continue]`.
import type { Command } from './shared/command.js';
import { messages } from '../messages/index.js';
import { claimTask, type ContinueFacts, continueTask, pausedHolder } from '../plan/edit.js';
import { runPlanEdit } from './shared/plan-edit.js';
import type { HolderState } from '../core/claim-state.js';
import { taskKey } from '../core/task-key.js';
import { sanitize } from '../term.js';

const command: Command = {
  run: async (argv) => {
    const box: { continued: { holder: string; state: HolderState; task: string; facts: ContinueFacts & { commonDir: string } } | null; claimed: string | null; gitDir: string | null; root: string | null } = { continued: null, claimed: null, gitDir: null, root: null };
    let actor = '';
    let aliases: Record<string, string[]> = {};
    const code = await runPlanEdit(argv, {
      command: 'claim',
      usage: messages.claimUsage,
      respectClaimsElsewhere: true,
      options: { takeover: { type: 'boolean' }, continue: { type: 'boolean' } },
      checkValues: (values, fail) => {
        if (values.continue === true && values.takeover === true) throw fail(messages.rotation.continueUsage);
      },
      // The sessions and what each worktree left uncommitted: read only for a continuation.
      prepare: async (seen, values) => {
        box.gitDir = seen.repo.gitDir;
        box.root = seen.repo.root;
        if (values.continue === true) return (await import('../sessions/facts.js')).continueFacts(seen.repo);
        // A refusal of a paused claim names --continue first: the sessions only (no git).
        const { readSessions, commonDirOf } = await import('../sessions/store.js');
        return { sessions: readSessions(commonDirOf(seen.repo.gitDir)), idleAfterMinutes: seen.config.idleAfterMinutes };
      },
      apply: (plan, taskId, ctx, values, extra) => {
        actor = ctx.actor;
        aliases = ctx.aliases;
        box.claimed = taskKey(plan.planId, taskId);
        if (values.continue !== true) {
          const outcome = claimTask(plan, taskId, ctx, { takeover: values.takeover === true });
          const facts = extra as Pick<ContinueFacts, 'sessions' | 'idleAfterMinutes'> | undefined;
          const paused = !outcome.ok && facts ? pausedHolder(plan, taskId, ctx, facts) : null;
          return paused && !outcome.ok ? { ...outcome, fix: `${paused}; or ${outcome.fix}` } : outcome;
        }
        const facts = extra as ContinueFacts & { commonDir: string };
        return continueTask(plan, taskId, ctx, { ...facts, onContinued: (holder, state, task) => (box.continued = { holder, state, task, facts }) });
      },
    });
    // Claimed through an agent's shell tool: the session now belongs to the task, wherever it commits (src/sessions/store.ts).
    if (code === 0 && box.claimed && box.gitDir && box.root) {
      const { noteSessionClaim, commonDirOf } = await import('../sessions/store.js');
      const { sameAgent } = await import('../core/identity.js');
      const agent = noteSessionClaim(commonDirOf(box.gitDir), box.root, box.claimed, Date.now(), (a) => sameAgent(a, actor, aliases));
      if (agent !== null) process.stdout.write(sanitize(messages.sessionBound(box.claimed, agent)));
    }
    // Claimed in a linked worktree: the worktree now belongs to the task (src/sessions/binding.ts).
    if (code === 0 && box.claimed && box.gitDir) {
      const { bindTask, readBinding } = await import('../sessions/binding.js');
      if (bindTask(box.gitDir, box.claimed)) process.stdout.write(sanitize(messages.worktreeBound(box.claimed, readBinding(box.gitDir))));
    }
    const done = box.continued;
    if (code === 0 && done) {
      // The holder's sessions are told at their next tool call or session start (a cache: best effort).
      const { noticeContinued } = await import('../sessions/store.js');
      const { sessionsOfHolder } = await import('../core/claim-state.js');
      noticeContinued(done.facts.commonDir, sessionsOfHolder(done.holder, done.facts.sessions, aliases), { task: done.task, by: actor, at: new Date().toISOString() });
    }
    return code;
  },
};
export default command;
