// Who is committing: `whoami` and a declared name the agent markers contradict (src/identity).
import { run } from './run.js';

export const identityMessages = {
  /** Where an identity came from, as whoami and the refusals say it. */
  identityDetail: {
    branch: (task: string) => `task ${task} is bound to this branch`,
    marker: (variable: string) => `environment variable ${variable}`,
    gitAuthor: 'git config user.name',
    agentHook: (agent: string, session: string, at: string) => `the ${agent} agent hook, which saw its shell tool run this git command (session ${session}, ${at})`,
  },
  /** `plan-hooks --help`'s line for whoami; its --help follows. */
  whoamiPurpose: 'Print who plan-hooks thinks is committing, and why',
  whoamiUsage: () => `Usage: plan-hooks whoami [--json]

Prints who plan-hooks thinks is committing here, and where that came from. First hit wins:
  1. PLAN_HOOKS_AGENT   2. git config plan-hooks.agent (per worktree too)
  3. the in-progress task bound to this branch (metadata.branch)   4. coding-agent environment markers
  5. the git author (user.name)
`,
  /** The detail of an identity read from a commit (src/check/range.ts): its sealed trailer, or its author. */
  identityRecorded: (trailer: string) => `recorded with the commit (${trailer})`,
  identityFromAuthor: () => 'the commit’s author: no identity recorded with the commit (unverified)',
  personOnlyHeader: () => 'plan-hooks: refused — this change is a person\'s to make (docs/identity.md):\n',
  /** An agent's commit changes settings only a person changes (src/core/person-only.ts): refused, with the person's way. */
  personOnlySettings: (file: string, keys: readonly string[], problem: string | null, identity: { name: string; detail: string }) => ({
    message: problem
      ? `this commit makes the configuration in ${file} unreadable (${problem}), which resets who is who and what is checked, and its identity is an agent's: ${identity.name} (${identity.detail}). Only a person changes those settings`
      : `this commit changes ${keys.join(', ')} in ${file}, settings that decide who is who or what is checked, and its identity is an agent's: ${identity.name} (${identity.detail}). Only a person changes those settings`,
    fix: `leave ${file} as it is in this commit ('git restore --staged --worktree -- ${file}', or for a commit already made, amend it without that change) and ask the person running the agents; a person makes the change in a commit of their own, from a shell with no agent marker set ('${run()} whoami' says git-author), and it passes at commit, push and CI`,
  }),
  /** An agent's commit changes plan-hooks' own installed part of files (src/core/person-only.ts): refused, with the person's way. */
  personOnlyFiles: (paths: readonly string[], identity: { name: string; detail: string }) => ({
    message: `this commit changes plan-hooks' own part of ${paths.join(', ')} (its hook sections, runner or agent hook entries), and its identity is an agent's: ${identity.name} (${identity.detail}). Only a person changes or removes them`,
    fix: `leave plan-hooks' part as it is in this commit ('git restore --staged --worktree -- ${paths.join(' ')}' keeps it, or for a commit already made, amend it without that change; your own lines beside it stay yours) and ask the person running the agents; to take plan-hooks out, a person runs '${run()} uninstall' and commits the removal, from a shell with no agent marker set`,
  }),
  whoamiText: (name: string, source: string, detail: string) => `${name}\n  source: ${source} (${detail})\n`,
  whoamiMarkers: (markers: string[]) => `  agent markers present: ${markers.length > 0 ? markers.join(', ') : 'none'}\n`,
  /** A declared name the agent markers contradict: refused. Never suggests another name. */
  identityConflict: (conflict: { declared: { name: string; detail: string }; markers: { variable: string; name: string }[]; stacked?: boolean }, what: 'commit' | 'edit' | 'whoami') => {
    const agents = [...new Set(conflict.markers.map((m) => m.name))];
    const seen = conflict.markers.map((m) => `${m.variable} (${m.name})`).join(', ');
    const head = what === 'commit' ? 'commit refused' : what === 'edit' ? 'refused' : 'identity contradicted';
    if (conflict.stacked) {
      return (
        `plan-hooks: ${head} — this environment carries the markers of different agents at once: ${seen}. One of them is not who is committing, and nothing here says which.\n` +
        (what === 'whoami' ? '' : 'Ways forward:\n') +
        `  - run git from the agent's own shell, as it set it up, without another agent's variables (no 'env -u', no added markers); plan-hooks then finds who you are by itself\n` +
        `  - if the work you need is claimed by someone else: ask its holder ('${run()} ask <task> "..."'), or continue a paused claim ('${run()} claim <task> --continue')\n` +
        `  - if one agent was started by another, or a variable was left over in a shell, ask the human who runs the agents to fix the environment\n`
      );
    }
    return (
      `plan-hooks: ${what === 'commit' ? 'commit refused' : what === 'edit' ? 'refused' : 'identity contradicted'} — ${conflict.declared.detail} says '${conflict.declared.name}', but this environment is ${agents.join(' or ')}'s: ${seen}.\n` +
      `A declared name must be one of the agents whose markers are present.\n` +
      (what === 'whoami' ? '' : 'Ways forward:\n') +
      `  - remove the declaration that does not match this agent (unset PLAN_HOOKS_AGENT, or 'git config --unset plan-hooks.agent'); plan-hooks then finds who you are by itself\n` +
      `  - if the work you need is claimed by someone else: coordinate with the holder, or wait until the claim is stale and use '${run()} claim <task> --takeover'\n` +
      `  - if the markers are wrong (a variable left over in a shell), ask the human who runs the agents to fix the environment\n`
    );
  },
};
