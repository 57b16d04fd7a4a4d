// Edit time: the coding agents' own hooks, their install and doctor lines (src/agents).
import { plural } from './plural.js';
import { run } from './run.js';

/** What makes each agent run a project's hooks the first time: one line per agent module (src/core/agents/), which doctor's call types. */
const firstRun = {
  claude: 'start Claude Code here and accept the trust dialog: it skips project hooks in folders you have not trusted (check with /hooks).',
  codex: 'start Codex here, trust the project and review its hooks (/hooks): it skips project hooks until then, and again after a command changes.',
  gemini: 'start Gemini CLI here; check /hooks panel that the hooks system is enabled.',
  cursor: 'open the project in Cursor and start an agent chat; the Hooks output channel shows hook errors.',
  copilot: 'start the Copilot CLI here and trust the folder (it skips project hooks in folders you have not trusted); VS Code agent mode reads the file too.',
};

export const agentsMessages = {
  doctorAgents: {
    shimMissing: (file: string) => ({ text: `the agents' hook shim ${file} is missing: every agent hook fails (and allows).`, fix: `run '${run()} init', and commit ${file}.` }),
    shimChanged: (file: string) => ({ text: `the agents' hook shim ${file} differs from this plan-hooks' version.`, fix: `run '${run()} init', and commit ${file}.` }),
    missing: (kind: string, file: string) => ({ text: `${kind}: plan-hooks' hooks are not in ${file}: ${kind} edits claimed files unchecked until the commit.`, fix: `run '${run()} init' (or leave ${kind} out: --agents, or "agents" in .plan-hooks.json).` }),
    /** `retrusts`: the agent's name when it asks the user to trust a hook again after its command changes. */
    changed: (kind: string, file: string, retrusts: string | null) => ({ text: `${kind}: plan-hooks' hooks in ${file} differ from what init writes.`, fix: `run '${run()} init' and commit ${file}${retrusts ? `; ${retrusts} then asks you to trust the changed command` : ''}.` }),
    unreadable: (kind: string, file: string) => ({ text: `${kind}: ${file} is not valid JSON: ${kind} may ignore it, plan-hooks' hooks included.`, fix: `fix the JSON, then run '${run()} init'.` }),
    seen: (kind: string, file: string, time: string, event: string, host: string) =>
      `${kind}: ${file} → plan-hooks (seen running here at ${time}, ${event}${host !== kind ? `, by ${host}` : ''})`,
    neverSeen: (kind: keyof typeof firstRun, file: string) => ({
      text: `${kind}: ${file} → plan-hooks, installed but never seen running in this worktree.`,
      fix: firstRun[kind],
    }),
    firstRun,
  },
  agentInstall: {
    added: (file: string, kind: string, created: boolean) =>
      `${created ? 'create' : 'update'}  ${file} (${kind}'s edit-time hooks${created ? '' : '; your settings kept'})`,
    removed: (file: string) => `update  ${file} (plan-hooks' hooks removed; your settings kept)`,
    shim: (file: string, created: boolean) => `${created ? 'create' : 'update'}  ${file} (the agents' hook shim)`,
    unreadable: (file: string, entries: string) =>
      `${file} is not a JSON object with a "hooks" object, so init did not edit it. Fix it and run init again, or add plan-hooks' entries to its "hooks" yourself: ${entries}`,
    badAgents: (names: string[], known: string[]) => `--agents names ${names.join(', ')}, which plan-hooks does not know; the agents are ${known.join(', ')} (or none).`,
  },
  agent: {
    refusedHeader: (tool: string, count: number) =>
      `plan-hooks: ${tool || 'this tool'} was refused before it ran — it would write ${plural(count, 'path')} claimed by another agent's task.\n`,
    warningHeader: (tool: string, count: number) =>
      `plan-hooks: note — ${tool || 'this tool'} writes ${plural(count, 'path')} claimed by another agent's task (not refused).\n`,
    writtenBy: (path: string, how: string) => `    ${path} is written by: ${how}\n`,
    waysForward: (identity: string, source: string, holders: string[], staleTasks: string[], blocking: boolean, first = '') =>
      `\nYou are ${identity} (from ${source}).\n` +
      (blocking ? 'Ways forward:\n' : 'To settle it:\n') +
      first +
      `  - leave these files to ${holders.join(', ')}: pick a task that is ready ('${run()} status') and claim it first ('${run()} claim <plan/task>')\n` +
      `  - coordinate with ${holders.join(', ')}: they release the task ('${run()} release <plan/task>') when they are done with it\n` +
      staleTasks.map((t) => `  - the claim on ${t} is stale: take it over with '${run()} claim ${t} --takeover'\n`).join('') +
      `  - or ask the person running these agents\n` +
      (blocking ? `A commit that touches these files is refused too.\n` : ''),
    bypassWarning: (ways: string[]) =>
      `plan-hooks: this command skips git's hooks (${ways.join('; ')}). The commit is still checked — prepare-commit-msg checks it, the worklog records it as unverified, and pre-push and CI check it again — so skipping the hooks does not get a claimed file past plan-hooks, and PLAN_HOOKS=0 in an agent session is refused outright. If a claim is in the way, coordinate with its holder instead ('${run()} ask <task> "..."').`,
    /** HUSKY=0 where husky runs the hooks: it turns off every one, prepare-commit-msg and post-commit too. */
    huskyOffWarning: (ways: string[]) =>
      `plan-hooks: this command turns off git's hooks (${ways.join('; ')}). husky runs this repository's hooks, and HUSKY=0 skips every one of them, plan-hooks' included: the commit is neither checked nor recorded here, and pre-push (where it runs) and CI refuse a claimed file only after the work is done. If a claim is in the way, coordinate with its holder instead.`,
    /** HUSKY=0 where husky does not run the hooks. */
    huskyNoEffect: () => `plan-hooks: HUSKY=0 changes nothing here (husky does not run this repository's hooks): the commit is checked as usual.`,
    failOpen: (detail: string) => `plan-hooks agent hook: ${detail}; the tool call is allowed (the commit still checks it).\n`,
    badPayload: () => 'could not read the hook payload (not JSON)',
    tooManyPaths: (tool: string, max: number) =>
      `plan-hooks: ${tool || 'this tool'} was refused before it ran — it would write more than ${max.toLocaleString('en-US')} paths, more than edit time checks against the claims. Split it into smaller calls (fewer files each, or one directory at a time); each is then checked as usual.`,
    usage: (kinds: string[]) => `usage: agent-hook <${kinds.join('|')}> <pre-tool|session-start>`,
    identitySource: (kind: string, file: string) => `the ${kind} agent hook in ${file}`,
    sessionHeader: (identity: string, source: string) => `plan-hooks: you are ${identity} (from ${source}). This repository's work is planned in paired plans; edits to files another agent has claimed are refused.`,
    sessionPlansHeading: () => 'Plans with open work:',
    sessionNoPlans: (patterns: string) => `No plan has open work (plans: ${patterns}). Create one with '${run()} new <name>'.`,
    sessionOthersHeading: () => 'Claimed by others (do not edit these files):',
    sessionMineHeading: () => 'Your claims:',
    sessionClaim: (task: string, holder: string, since: string, age: string, files: string, stale: boolean) =>
      `- ${task} — ${holder} since ${since} (${age}${stale ? ', stale: can be taken over' : ''}) — ${files}`,
    sessionNone: () => '- none',
    sessionHowTo: () =>
      [
        'How to work here:',
        `- claim a task before editing its files: ${run()} claim <plan/task> (then commit the plan)`,
        `- finish it: ${run()} done <plan/task> --summary "what was done"; or give it back: ${run()} release <plan/task>`,
        `- update the plan JSON in the same commit as the work; live state: ${run()} status`,
      ].join('\n'),
    sessionDeclaredOther: (declared: string, kind: string) =>
      `Note: PLAN_HOOKS_AGENT=${declared} is set, but this session is ${kind}: commits that declare another agent's name are refused.`,
  },
};
