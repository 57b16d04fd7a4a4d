// Rotation: sessions, paused claims, `claim --continue`, `handover`, `ask`, and the successor's pickup (docs/rotation.md).
import { plural } from './plural.js';
import { run } from './run.js';

const stoppedWhy = (why: string) =>
  why === 'idle' ? 'idle' : why === 'rate_limit' ? 'stopped at its usage limit (rate_limit)' : why === 'no-session' ? 'no session known here' : `stopped (${why})`;

export const rotationMessages = {
  rotation: {
    stoppedWhy,
    /** A holder's state for a line of text: "paused: stopped at its usage limit (rate_limit), last seen …". */
    holderStateLine: (state: string, why: string | undefined, lastSeen: string | undefined, minutes: number | null) =>
      state === 'paused'
        ? `paused: ${stoppedWhy(why ?? 'idle')}${lastSeen ? `, last seen ${lastSeen}${minutes !== null ? ` (${minutes} min ago)` : ''}` : ''}`
        : state === 'live'
          ? `live: a session was seen ${lastSeen ?? '?'}${minutes !== null ? ` (${minutes} min ago)` : ''}`
          : state === 'stale'
            ? 'stale'
            : 'no session of it known here (live by the 24 h rule)',
    /** The first way forward of every refusal of a paused claim. */
    continueFirst: (task: string, holder: string, why: string) => `  - ${holder}'s sessions have stopped (${stoppedWhy(why)}): continue ${task} in one step: '${run()} claim ${task} --continue'\n`,
    openRequest: (task: string, from: string, text: string, at: string) => `  - request on ${task} from ${from} (${at}): "${text}"\n`,
    transitionContinuedLive: (task: string, holder: string, lastSeen: string, committer: string) => ({
      message: `${task} is recorded as continued by ${committer}, but its holder ${holder} is live here: a session of it was seen ${lastSeen}`,
      fix: `leave the claim to ${holder}; '${run()} ask ${task} "..."' records a request it sees at its next session start; a continuation is accepted once its sessions have ended or gone idle`,
    }),
    transitionHandoverByAgent: (task: string, holder: string, committer: string) => ({
      message: `${task} (held by ${holder}) is recorded as handed over by ${committer}, whose identity is an agent's: only a person hands over a live claim`,
      fix: `an agent continues a paused claim with '${run()} claim ${task} --continue', or asks the holder: '${run()} ask ${task} "..."'`,
    }),
    continueLive: (task: string, holder: string, state: string) => ({
      message: `${task} is claimed by ${holder}, which is ${state}: it cannot be continued while its holder is at work`,
      fix: `leave it to ${holder}, or ask it: '${run()} ask ${task} "..."' (shown at its session start, in status and in refusals); a person can hand it over ('${run()} handover ${task} --to NAME')`,
    }),
    continueNotHeld: (task: string) => ({ message: `${task} is not claimed by anyone else`, fix: `claim it: '${run()} claim ${task}'` }),
    continueLog: (task: string, actor: string, holder: string, why: string, at: string | null, left: string) => ({
      item: `${actor} continued ${task} from ${holder}: ${holder} ${stoppedWhy(why)}${at ? ` at ${at}` : ''}${left ? `; left uncommitted: ${left}` : ''}`,
      changelog: `Work on ${task} continued by ${actor} from ${holder} (${stoppedWhy(why)})`,
    }),
    handoverLog: (task: string, person: string, holder: string, to: string) => ({
      item: `${person} handed ${task} over from ${holder} to ${to}`,
      changelog: `Work on ${task} handed over from ${holder} to ${to} by ${person}`,
    }),
    leftIn: (worktree: string, files: string[]) => `${worktree}: ${files.join(', ')}`,
    fileDiff: (path: string, added: number, removed: number) => `${path} (+${added} -${removed})`,
    continued: (task: string, actor: string, holder: string) => `${actor} continued ${task} from ${holder} (logged in the work item and the changelog)`,
    handedOver: (task: string, holder: string, to: string) => `handed ${task} over from ${holder} to ${to} (logged in the work item and the changelog)`,
    handoverInAgent: (marker: string, task: string) => ({
      message: `handover is a person's command, and this runs inside an agent session (${marker})`,
      fix: `an agent continues a paused claim with '${run()} claim ${task} --continue', or asks its holder: '${run()} ask ${task} "..."'`,
    }),
    handoverNotHeld: (task: string) => ({ message: `${task} is not claimed: nothing to hand over`, fix: `claim it for someone: '${run()} claim ${task} --as NAME'` }),
    handoverSame: (task: string, to: string) => ({ message: `${task} is already claimed by ${to}`, fix: 'nothing to do' }),
    askLog: (task: string, from: string, to: string, text: string) => `${from} asks ${to} about ${task}: ${text}`,
    asked: (task: string, to: string) => `recorded the request to ${to} on ${task} (shown at its session start, in status and in refusals)`,
    askNotHeld: (task: string) => ({ message: `${task} is not claimed: there is no holder to ask`, fix: `claim it: '${run()} claim ${task}'` }),
    askEmpty: `give the request as text: ${run()} ask <task> "what you need"`,
    askOwn: (task: string) => ({ message: `${task} is your own claim`, fix: 'nothing to ask yourself' }),
    handoverNeedsTo: 'name who takes the claim: --to NAME',
    /** `plan-hooks --help`'s line for handover; its --help follows. */
    handoverPurpose: "Hand a claim over to another agent (a person's command)",
    handoverUsage: `Usage: plan-hooks handover <planId/taskId | taskId> --to NAME [--push | --local]

Moves a claim, live or not, from its holder to NAME: claimedBy NAME, claimedAt now, and a
handover recorded in the work item's log and the plan's changelog (who, from whom, to whom).
Commit the plan: pre-commit, pre-push and CI accept the moved claim as this recorded change, and
list it. It is a person's command: run inside an agent session (an agent marker is set) it is
refused; an agent continues a paused claim with 'plan-hooks claim <task> --continue', or asks its
holder with 'plan-hooks ask <task> "..."'.

Options:
  --to NAME    who takes the claim (an agent name, e.g. codex)
  --push       make the change a commit of the plan on the base branch and push it (see 'plan-hooks claim --help')
  --local      change this clone's plan file only
Exit codes: 0 handed over, 1 refused, 2 usage error.
`,
    /** `plan-hooks --help`'s line for ask; its --help follows. */
    askPurpose: "Record a request to a claim's holder in the plan",
    askUsage: `Usage: plan-hooks ask <planId/taskId | taskId> "text" [--as NAME] [--push | --local]

Records a request to the holder of the task's claim: a log entry of its work item, committed like
any plan change (or pushed with --push). No server: the holder's session start, 'plan-hooks
status' and the refusals show it; the holder answers by releasing, handing over or replying.
A request does not keep a claim fresh: it is not the holder's log entry.
Exit codes: 0 recorded, 1 refused (no holder, your own claim), 2 usage error.
`,
    continueUsage: '--continue continues a claim whose holder has stopped (its sessions ended or went idle)',
    /** pre-tool: the returning holder's notice. */
    continuedNotice: (task: string, by: string, at: string, disputed: boolean) =>
      `plan-hooks: your task ${task} was continued by ${by} at ${at}, after your session was recorded as stopped${disputed ? ' — but this session acted again soon after that stop, so the continuation is disputed: tell the person running the agents' : ''}. It is ${by}'s claim now: leave its files, pick another task ('${run()} status'), or ask ${by} ('${run()} ask ${task} "..."').`,
    /** Session start: a paused claim the agent can pick up. */
    pickupHeading: () => 'Paused claims you can continue (their holder stopped):',
    pickupTask: (task: string, holder: string, why: string, lastSeen: string | null) =>
      `- ${task} — held by ${holder}, ${stoppedWhy(why)}${lastSeen ? ` (last seen ${lastSeen})` : ''}. Continue it in one command: ${run()} claim ${task} --continue`,
    pickupField: (label: string, value: string) => `    ${label}: ${value}`,
    pickupCommits: (count: number, since: string) => `    ${plural(count, 'commit')} since the handoff's lastCommit ${since}:`,
    pickupCommit: (sha: string, subject: string, agent: string | null) => `      ${sha} ${subject}${agent ? ` (${agent})` : ''}`,
    pickupUncommitted: (worktree: string) => `    left uncommitted in ${worktree}:`,
    pickupFile: (path: string, added: number, removed: number) => `      ${path} (+${added} -${removed})`,
    pickupNothingLeft: () => '    nothing left uncommitted in any worktree',
    returnedContinued: (task: string, by: string, at: string) => `Note: your claim ${task} was continued by ${by} at ${at} while you were stopped; it is ${by}'s now.`,
    requestsHeading: () => 'Requests to you:',
    requestLine: (task: string, from: string, text: string, at: string) => `- ${task}, from ${from} (${at}): "${text}" — answer by releasing, handing over or replying ('${run()} ask ${task} "..."')`,
    handoversHeading: (count: number, sessionsSeen: boolean) =>
      `${plural(count, 'recorded handover')} in ${count === 1 ? 'this change' : 'these changes'} (${sessionsSeen ? "checked against the agents' sessions recorded here" : 'sessions cannot be seen here: accepted as recorded'}):\n`,
    handoverLine: (commit: string, kind: string, task: string, from: string, to: string, why: string | null, disputed: string | null) =>
      `  ${commit ? `${commit} ` : ''}${task}: ${kind === 'continue' ? 'continued' : 'handed over'} from ${from} to ${to}${why ? `; ${from} ${stoppedWhy(why)}` : ''}${disputed ? ` — DISPUTED: ${disputed}` : ''}\n`,
    statusHandovers: () => 'Handovers',
    worklogClaimMoved: (task: string, from: string, to: string) => `claim ${task}: ${from} → ${to}`,
    statusRequests: () => 'Open requests',
    disputedOwn: (task: string, from: string, at: string) =>
      `Note: your continuation of ${task} is DISPUTED: ${from}'s session was recorded as stopped, then acted again at ${at}. Stop editing its files and tell the person running the agents; ${from} may still be at work.`,
    disputed: (holder: string, at: string) => `${holder}'s session acted again at ${at}, soon after the stop this continuation was made on`,
  },
};
