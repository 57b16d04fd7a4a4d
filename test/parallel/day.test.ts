// The day of issue 31, replayed: one plan of eight tasks (one work item each, as docs/parallel.md
// says to split a plan for parallel subagents), five subagents of two agents (three Claude Code,
// two Codex) each in its own worktree and branch of the agents' clone, their sessions and commits
// made through each agent's installed hook commands; each branch pushed to a bare remote through
// pre-push, checked in a fresh clone with CI's command (`check --range <merge-base>..<head> --base
// origin/main`, as templates/github-actions/plan-hooks.yml runs it), and merged in order by the
// hosting service's button (a clone with no hooks and no merge driver: `git merge --no-ff`). One
// Claude subagent reaches into another Claude subagent's live task on the way. Counted, and
// printed as one JSON line (`day:`) for the report: conflicts in files plan-hooks writes (0), the
// same-agent clash refused at edit and at commit, false refusals (0), every commit recorded once
// with the right agent, main's handoff true after each merge (its blocks are what the merged
// plan generates, no completed task's next action anywhere, status says so).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { TempDirs } from '../fixtures/remote.js';
import { CLI, Repo, cleanEnv } from '../fixtures/repo.js';
import { open, plan } from '../fixtures/plans.js';
import { nodeRepo } from '../install/helpers.js';
import { claude, codex, denied, runHook, type Kind } from '../rotation/helpers.js';
import { spawnSync } from 'node:child_process';

const TASKS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
/** Which subagent takes which task, in the order they start; the agent is the holder name. */
const SUBAGENTS: { id: string; kind: Kind; tasks: string[] }[] = [
  { id: 'claude-1', kind: 'claude', tasks: ['a', 'f'] },
  { id: 'claude-2', kind: 'claude', tasks: ['b', 'g'] },
  { id: 'claude-3', kind: 'claude', tasks: ['c', 'h'] },
  { id: 'codex-1', kind: 'codex', tasks: ['d'] },
  { id: 'codex-2', kind: 'codex', tasks: ['e'] },
];
const ENV: Record<string, NodeJS.ProcessEnv> = { claude: { CLAUDECODE: '1' }, codex: { CODEX_SANDBOX: 'seatbelt' } };
/** The files plan-hooks writes: the plan JSON (claim, done), its Markdown's block, the entry files' block. */
const GENERATED = ['docs/day-plan.json', 'docs/day-plan.md', 'AGENTS.md', 'CLAUDE.md'];

const dirs = new TempDirs();
after(() => dirs.removeAll());

interface Figures {
  branches: number;
  commits: number;
  merges: number;
  mergeConflicts: number;
  conflictsInGenerated: number;
  sameAgentClash: { editDenied: boolean; commitRefused: boolean };
  falseRefusals: string[];
  recordedOnce: number;
  recordedWrongAgent: string[];
  handoffFalseAfterMerge: string[];
}

function runCli(dir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, env: { ...cleanEnv(), ...env }, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Whether main's files plan-hooks writes tell the truth: each block is what `handoff` generates from the plan there, and no completed task's next action is shown. */
function handoffTrue(dir: string, finished: Set<string>): string | null {
  const out = JSON.parse(runCli(dir, ['handoff', '--json']).stdout) as { blocks: { file: string; block: string }[] };
  for (const { file, block } of out.blocks) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (!text.includes(block)) return `${file} is not what the merged plan generates`;
    for (const t of finished) if (text.includes(`Finish ${t}:`)) return `${file} shows finished ${t}'s next action`;
  }
  const status = runCli(dir, ['status']).stdout;
  for (const t of finished) if (status.includes(`Finish ${t}:`)) return `status shows finished ${t}'s next action`;
  return null;
}

test('the day: five subagents of two agents, eight branches merged in order through a bare remote', () => {
  const figures: Figures = { branches: 0, commits: 0, merges: 0, mergeConflicts: 0, conflictsInGenerated: 0, sameAgentClash: { editDenied: false, commitRefused: false }, falseRefusals: [], recordedOnce: 0, recordedWrongAgent: [], handoffFalseAfterMerge: [] };
  const expected = new Map<string, string>(); // commit → agent

  // The planner (a person) writes the plan, initialises plan-hooks, pushes main.
  const agents = nodeRepo();
  dirs.dirs.push(agents.dir);
  const p = plan('day', [open('a', ['src/a.ts'])], { lifecycle: 'multi-session', handoff: { nextAction: 'Start the eight tasks in parallel', verify: 'npm test' } });
  p.workItems = TASKS.map((t) => ({ id: `w-${t}`, title: `Work ${t}`, status: 'not-started', findings: [], tasks: [open(t, [`src/${t}.ts`])], log: [] }));
  agents.writeJson('docs/day-plan.json', p);
  agents.write('docs/day-plan.md', '# The day\n\nWhy: eight small changes.\n');
  agents.write('AGENTS.md', '# Agents\n');
  agents.write('CLAUDE.md', '# Claude\n');
  for (const t of TASKS) agents.write(`src/${t}.ts`, `export const ${t} = 0;\n`);
  assert.equal(agents.cli(['init']).code, 0);
  agents.git('add', '-A');
  agents.git('commit', '-qm', 'the plan of the day');
  const remote = dirs.make('plan-hooks-day-remote-');
  agents.git('init', '-q', '--bare', remote);
  agents.git('remote', 'add', 'origin', remote);
  agents.git('push', '-q', '-u', 'origin', 'main');
  // The hosting service: merges with its button (no hooks, no merge driver).
  const service = new Repo(dirs.make('plan-hooks-day-service-'), cleanEnv());
  service.git('clone', '-q', '-b', 'main', remote, '.');

  const finished = new Set<string>();
  const worktrees = new Map<string, { wt: Repo; kind: Kind; session: string }>();

  /** A commit through the agent's shell tool: its pre-tool hook sees the command first. */
  const commit = (task: string, message: string, paths: string[]): { code: number; stderr: string } => {
    const { wt, kind, session } = worktrees.get(task)!;
    const command = `git commit -qm '${message}'`;
    const payload = kind === 'claude' ? claude.bash(wt.dir, session, command) : { ...codex.stop(wt.dir, session), hook_event_name: 'PreToolUse', tool_name: 'shell', tool_input: { command: ['bash', '-lc', command] } };
    runHook(wt, wt.dir, kind, 'PreToolUse', payload);
    wt.git('add', ...paths);
    const r = wt.tryGit(['commit', '-qm', message], ENV[kind]);
    if (r.code === 0) {
      figures.commits++;
      expected.set(wt.git('rev-parse', 'HEAD').trim(), kind);
    }
    return r;
  };
  const honest = (what: string, r: { code: number; stderr: string; stdout?: string }) => {
    if (r.code !== 0) figures.falseRefusals.push(`${what}: ${r.stderr}${r.stdout ?? ''}`);
  };

  const start = (sub: (typeof SUBAGENTS)[number], task: string) => {
    agents.git('fetch', '-q', 'origin');
    const dir = `${agents.dir}-${task}`;
    dirs.dirs.push(dir);
    agents.git('worktree', 'add', '-q', '-b', `agent/${task}`, dir, 'origin/main');
    const wt = new Repo(dir, agents.env);
    const session = `${sub.id}-${task}`;
    worktrees.set(task, { wt, kind: sub.kind, session });
    figures.branches++;
    const payload = sub.kind === 'claude' ? claude.start(dir, session) : codex.start(dir, session);
    runHook(wt, dir, sub.kind, 'SessionStart', payload);
    honest(`claim ${task}`, wt.cli(['claim', task], ENV[sub.kind]));
    honest(`commit claim ${task}`, commit(task, `claim ${task}`, ['docs/day-plan.json']));
    const plan = JSON.parse(readFileSync(join(dir, 'docs/day-plan.json'), 'utf8'));
    plan.workItems.find((w: { id: string }) => w.id === `w-${task}`).tasks[0].metadata = { nextAction: `Finish ${task}: the error path` };
    wt.writeJson('docs/day-plan.json', plan);
    wt.write(`src/${task}.ts`, `export const ${task} = 1;\n`);
    honest(`commit half of ${task}`, commit(task, `half of ${task}`, ['docs/day-plan.json', `src/${task}.ts`]));
  };

  const finish = (task: string) => {
    const { wt, kind } = worktrees.get(task)!;
    wt.write(`src/${task}.ts`, `export const ${task} = 2;\n`);
    honest(`done ${task}`, wt.cli(['done', task], ENV[kind]));
    honest(`commit finish ${task}`, commit(task, `finish ${task}`, ['docs/day-plan.json', `src/${task}.ts`]));
    honest(`push ${task}`, wt.tryGit(['push', '-q', 'origin', `agent/${task}`], ENV[kind]));
    // CI on the pull request: a fresh clone, the base fetched, the base's configuration.
    const ci = new Repo(dirs.make('plan-hooks-day-ci-'), cleanEnv());
    ci.git('clone', '-q', '--no-checkout', remote, '.');
    const head = ci.git('rev-parse', `origin/agent/${task}`).trim();
    const from = ci.git('merge-base', 'origin/main', head).trim();
    ci.git('checkout', '-q', '--detach', 'origin/main');
    honest(`CI ${task}`, runCli(ci.dir, ['check', '--range', `${from}..${head}`, '--base', 'origin/main', '--format', 'github']));
    // The reviewer presses the merge button.
    service.git('fetch', '-q', 'origin');
    const merge = service.tryGit(['-c', 'core.hooksPath=/dev/null', 'merge', '--no-ff', '--no-edit', '-q', `origin/agent/${task}`]);
    figures.merges++;
    if (merge.code !== 0) {
      const conflicted = service.git('diff', '--name-only', '--diff-filter=U').split('\n').filter(Boolean);
      figures.mergeConflicts++;
      figures.conflictsInGenerated += conflicted.filter((f) => GENERATED.includes(f)).length;
      if (conflicted.length > 0) service.git('merge', '--abort');
      else figures.falseRefusals.push(`merge ${task}: ${merge.stderr}`);
      return;
    }
    service.git('push', '-q', 'origin', 'main');
    finished.add(task);
    const why = handoffTrue(service.dir, finished);
    if (why) figures.handoffFalseAfterMerge.push(`after ${task}: ${why}`);
  };

  // Morning: every subagent starts its first task.
  for (const sub of SUBAGENTS) start(sub, sub.tasks[0]!);

  // claude-2, in b's worktree, reaches into a (claude-1's live task, same holder name).
  {
    const { wt, session } = worktrees.get('b')!;
    figures.sameAgentClash.editDenied = denied(runHook(wt, wt.dir, 'claude', 'PreToolUse', claude.edit(wt.dir, session, 'src/a.ts'))) !== null;
    wt.write('src/a.ts', 'export const a = 99;\n');
    const r = commit('b', 'b reaches into a', ['src/a.ts']);
    figures.sameAgentClash.commitRefused = r.code === 1 && /your own claim, but this change belongs to day\/b/.test(r.stderr);
    wt.git('reset', '-q', 'HEAD', 'src/a.ts');
    wt.git('checkout', '--', 'src/a.ts');
  }

  // The first five finish and are merged in order; the three Claude subagents take their second task from the new main.
  for (const sub of SUBAGENTS) finish(sub.tasks[0]!);
  for (const sub of SUBAGENTS.filter((s) => s.tasks.length > 1)) start(sub, sub.tasks[1]!);
  for (const sub of SUBAGENTS.filter((s) => s.tasks.length > 1)) finish(sub.tasks[1]!);

  // Every commit the agents made is in their clone's worklog once, with the agent that made it.
  let entries: { commit: string; identity: { name: string } }[] = [];
  for (let i = 0; i < 100; i++) {
    entries = JSON.parse(agents.cli(['log', '--json']).stdout || '[]');
    if ([...expected.keys()].every((c) => entries.some((e) => e.commit === c))) break;
    spawnSync('sleep', ['0.2']);
  }
  for (const [c, agent] of expected) {
    const mine = entries.filter((e) => e.commit === c && (e as { type?: string }).type !== 'rewrite');
    if (mine.length === 1) figures.recordedOnce++;
    if (mine.length !== 1 || mine[0]!.identity.name !== agent) figures.recordedWrongAgent.push(`${c.slice(0, 12)}: ${mine.map((e) => e.identity.name).join(',') || 'none'} (expected ${agent})`);
  }
  const status = runCli(service.dir, ['status']).stdout;

  process.stdout.write(`day: ${JSON.stringify({ ...figures, falseRefusals: figures.falseRefusals.length })}\n`);
  for (const r of figures.falseRefusals) process.stdout.write(`# refused: ${r.slice(0, 1500).replace(/\n/g, '\n# ')}\n`);
  assert.equal(figures.branches, 8);
  assert.equal(figures.merges, 8);
  assert.equal(figures.conflictsInGenerated, 0, 'no conflict in a file plan-hooks writes');
  assert.equal(figures.mergeConflicts, 0);
  assert.deepEqual(figures.sameAgentClash, { editDenied: true, commitRefused: true });
  assert.deepEqual(figures.falseRefusals, []);
  assert.equal(figures.recordedOnce, figures.commits);
  assert.deepEqual(figures.recordedWrongAgent, []);
  assert.deepEqual(figures.handoffFalseAfterMerge, []);
  assert.match(status, /8 completed/);
  assert.match(status, /handoff: none: every task is completed/);
});
