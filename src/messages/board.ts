// The board (`plan-hooks board`, src/board/): the page's headings and labels, the server's and `status --watch`'s lines.
import { plural } from './plural.js';

export const boardMessages = {
  board: {
    purpose: 'Draw plans, claims, sessions and worktrees as one HTML page',
    usage: `Usage: plan-hooks board [--out FILE] [--serve [--host 127.0.0.1] [--port N]]

One self-contained HTML page (no network request: it opens from disk) drawn from the facts
'plan-hooks status' reads: each plan's tasks as a dependency graph coloured by status, ready and
blocked tasks, claims with their holder and whether it is live, paused, idle or stale, each
worktree with its branch, bound task and uncommitted files, the recent commits per agent with
unverified, disputed and hookless ones marked, handovers and open requests.
  --out FILE  write the page to FILE (default: board.html in the current directory)
  --serve     serve it on the loopback address and refresh open pages within a second of a
              commit or a session change in any worktree (Ctrl-C stops)
  --host      127.0.0.1 (the default), ::1 or localhost: nothing else is bound
  --port      the port (default 7717; 0 picks a free one)
`,
    title: 'plan-hooks board',
    on: (branch: string | null, head: string | null, at: string) => `On ${branch ?? 'a detached HEAD'} at ${head ?? '(no commits yet)'}, drawn ${at}`,
    sections: {
      plans: 'Plans',
      claims: 'Claims',
      worktrees: 'Worktrees',
      timeline: 'Recent commits by agent',
      handovers: 'Handovers',
      requests: 'Open requests',
      sessions: 'Sessions',
      unreadable: 'Plans that could not be read',
    },
    columns: {
      task: 'Task',
      status: 'Status',
      holder: 'Holder',
      state: 'Holder state',
      since: 'Since',
      source: 'Seen in',
      files: 'Files',
      dependsOn: 'Depends on',
      worktree: 'Worktree',
      branch: 'Branch',
      head: 'HEAD',
      bound: 'Bound task',
      uncommitted: 'Uncommitted',
      agent: 'Agent',
      commit: 'Commit',
      subject: 'Subject',
      marks: 'Marks',
      when: 'When',
      kind: 'Kind',
      from: 'From',
      to: 'To',
      why: 'Why',
      text: 'Request',
      started: 'Started',
      lastSeen: 'Last seen',
      ended: 'Ended',
    },
    counts: (counts: string, ready: number, blocked: number) => `${counts}; ${ready} ready, ${blocked} blocked`,
    ready: 'ready',
    blocked: 'blocked',
    waitingOn: (tasks: string[]) => (tasks.length ? `waiting on ${tasks.join(', ')}` : 'marked blocked'),
    unclaimed: 'unclaimed',
    none: 'none',
    noPlans: 'No plan files found.',
    noCommits: 'No commits recorded in the worklog yet.',
    currentWorktree: 'this one',
    detached: 'detached',
    clean: 'clean',
    tasksTable: (count: number) => `All ${plural(count, 'task')}`,
    commitsTable: (count: number) => `The last ${plural(count, 'commit')}`,
    holderState: (state: string, why: string | undefined) =>
      state === 'paused' ? (why === 'idle' || why === undefined ? 'idle' : `paused (${why})`) : state === 'unknown' ? 'no session known' : state,
    marks: { verified: 'verified', unverified: 'unverified', disputed: 'disputed', hookless: 'made without hooks' },
    disputedBy: (why: string) => `disputed: ${why}`,
    more: (count: number) => `… and ${count} more`,
    serving: (url: string) => `Board at ${url} (refreshes as commits and sessions change; Ctrl-C stops)\n`,
    wrote: (file: string) => `Wrote ${file}\n`,
    cannotWrite: (file: string, reason: string) => `Cannot write ${file} (${reason}): its folder must exist and be writable.`,
    notLoopback: (host: string) =>
      `--host '${host}' is not a loopback address: the board serves this repository's plans, claims and paths, so it binds only 127.0.0.1, ::1 or localhost.`,
    badPort: (value: string) => `--port must be a whole number from 0 to 65535, not '${value}'`,
    serveAndOut: '--serve and --out cannot be used together: --serve keeps the page in memory.',
    portInUse: (port: number) => `Port ${port} is in use: choose another with --port N (0 picks a free one).`,
    watchNotTerminal: 'status --watch redraws a terminal: run it in one (not with its output redirected), or use status --json.',
    watchFooter: (at: string) => `Redrawn ${at} on change. q or Ctrl-C quits.`,
  },
};
