// `plan-hooks status`: where the work stands, from the working tree's plans, git, and the
// worklog's tail (a fixed number of entries, so it costs the same however long the log is).
import type { Command } from './shared/command.js';
import { type ConfigChange, readWorktreeFacts } from '../facts/facts.js';
import { withFetchTimes } from '../remote/remote-claims.js';
import { loadConfig } from '../config/config.js';
import { parseCommandArgs, usageError } from './shared/args.js';
import { gitQueries } from '../git/git.js';
import { CURRENT_BRANCH, GIT_DIRS, HEAD_COMMIT, WORKING_FILES, repoRoot } from '../git/queries.js';
import { UNCOMMITTED } from '../git/status.js';
import { planHistory, resolveLastCommits } from '../handoff/git-facts.js';
import { messages } from '../messages/index.js';
import { STATUSES } from '../core/plan-types.js';
import { color, jsonText, sanitizeLine, screen } from '../term.js';
import { resolve } from 'node:path';
import { isWorklogEntry, type WorklogEntry } from '../worklog/entry.js';
import { entryLine } from '../worklog/format.js';
import { ignoredPlanLike, includePatterns, isPlanPath, planFilesAmong } from '../plan/discover.js';
import { readSnapshot } from '../plan/snapshot.js';
import { buildStatus, type StatusInput, type StatusReport } from '../status/report.js';
import { tail, worklogFile } from '../worklog/store.js';
import { catchUp } from '../worklog/record.js';
import { readSessions } from '../sessions/store.js';

/** How many of the newest entries status reads: enough for recent, unverified and drift. */
const TAIL = 200;
const RECENT = 10;

// Exported for bench/worklog.bench.mjs, which times it in-process.
type Report = StatusReport & { configChange: ConfigChange | null; configSource: string; ignoredPlans: string[] };

export async function gatherStatus(cwd?: string, now = new Date(), recent = RECENT): Promise<{ report: Report; file: string; patterns: string[]; root: string; commonDir: string }> {
  const root = await repoRoot(cwd);
  const config = await loadConfig(root);
  const { files, branch, head, uncommitted, dirs } = await gitQueries({ files: WORKING_FILES, branch: CURRENT_BRANCH, head: HEAD_COMMIT, uncommitted: UNCOMMITTED, dirs: GIT_DIRS }, root);
  const snapshot = await readSnapshot('worktree', config, root, planFilesAmong(files, root, config));
  const { gitDir, commonDir } = dirs;
  const file = worklogFile(commonDir);
  const headId = head;
  // Every committed entry is written first (and the commits made without hooks found): the
  // appends run after git returns, so one may still be in flight.
  const catchingUp = catchUp(root, commonDir, gitDir, headId, branch);
  const history = planHistory(snapshot.plans.map((p) => p.path), headId, root);
  const handoffFacts: StatusInput['handoffFacts'] = new Map();
  const since = await history;
  const lastCommits = await resolveLastCommits(snapshot.plans.map((p) => p.plan.handoff?.lastCommit), headId, root, since);
  snapshot.plans.forEach((p, i) => {
    handoffFacts.set(p.path, { branch, lastCommit: lastCommits[i]!, uncommitted, commitsSince: since.counts.get(p.path) ?? null, commitsSinceAtLeast: since.beyond.has(p.path) });
  });
  await catchingUp;
  const [entries, facts] = await Promise.all([tail<WorklogEntry>(file, TAIL, isWorklogEntry), readWorktreeFacts(root)]);
  const claims = withFetchTimes(facts.claims, facts.repo.gitDir, commonDir, now);
  const report = buildStatus({
    snapshot,
    handoffFacts,
    claims,
    branch,
    head: headId,
    entries,
    now,
    isPlanPath: (p) => isPlanPath(p, config),
    recent,
    sessions: readSessions(commonDir),
    idleAfterMinutes: config.idleAfterMinutes,
    aliases: config.aliases,
  });
  return { report: { ...report, configChange: facts.configChange, configSource: facts.repo.configSource, ignoredPlans: ignoredPlanLike(files, config) }, file, patterns: config.plans, root, commonDir };
}

function render(report: Report, file: string, patterns: string[]): string {
  const out: string[] = [];
  const s = sanitizeLine;
  out.push(messages.statusOn(report.branch ? s(report.branch) : null, report.head?.slice(0, 12) ?? null));
  if (report.configChange) out.push(s(messages.configChangeNotice(report.configChange.file, report.configChange.keys, report.configChange.problem).trimEnd()));
  if (report.disputed.length > 0) {
    // First, before the plans: a pass that did not hold is what a reader must not miss.
    out.push(`${color.red('!')} ${messages.statusDisputed(report.disputed.length)}`);
    for (const e of report.disputed.slice(0, RECENT)) out.push(`  ${entryLine(e)}`, `    ${s(e.disputed ?? '')}`);
  }
  out.push(messages.statusHeading(color.bold(messages.statusSections.plans)));
  if (report.plans.length === 0 && report.unreadablePlans.length === 0) out.push(`  ${messages.statusNoPlans(patterns.join(', '))}`);
  for (const p of report.plans) {
    const counts = STATUSES.filter((st) => p.counts[st] > 0).map((st) => `${p.counts[st]} ${st}`).join(', ');
    out.push(messages.statusPlan(s(p.path), s(p.title), counts, p.open));
    for (const st of ['in-progress', 'not-started'] as const) {
      if (p.tasks[st].length) out.push(`    ${st}: ${p.tasks[st].map(s).join(', ')}`);
    }
    if (p.ready.length) out.push(`    ${color.green('ready')}: ${p.ready.map(s).join(', ')}`);
    const blocked = p.blocked.map((b) => `${s(b.task)} (${messages.statusWaitingOn(b.waitingOn.map(s))})`);
    if (blocked.length) out.push(`    ${color.yellow('blocked')}: ${blocked.join(', ')}`);
    if (p.handoff) {
      const h = p.handoff;
      // A plan whose every task is completed has no next action left (issue 31 item 3).
      out.push(`    handoff: ${p.open ? s(h.nextAction ?? '') : messages.handoffBlock.allDone()}`);
      const meta = [h.branch && `branch ${s(h.branch)}`, h.lastCommit && `last commit ${s(h.lastCommit).slice(0, 12)}`, h.updatedBy && `by ${s(h.updatedBy)}`, h.updatedAt && `at ${s(h.updatedAt)}`];
      if (meta.some(Boolean)) out.push(`      ${meta.filter(Boolean).join(', ')}`);
      if (p.open && h.commitsSince) out.push(`      ${color.yellow('!')} ${messages.handoffOld(h.commitsSince, h.commitsSinceAtLeast)}`);
      for (const m of h.mismatches) out.push(`      ${color.yellow('!')} ${s(m)}`);
    } else if (p.open) out.push(messages.statusNoHandoff());
  }
  for (const u of report.unreadablePlans) out.push(messages.statusUnreadable(s(u.path), s(u.reason)));
  if (report.ignoredPlans.length > 0) {
    const ignored = report.ignoredPlans.map(s);
    out.push(`  ${color.yellow('!')} ${messages.plansIgnored(ignored, patterns.map(s))}`, `    ${messages.plansIgnoredFix(ignored.length, includePatterns(ignored), patterns.map(s))}`);
  }
  out.push(messages.statusHeading(color.bold(messages.statusSections.claims)));
  if (report.claims.length === 0) out.push(messages.statusNone());
  for (const c of report.claims) {
    const state = messages.statusClaimState(c.stale);
    out.push(messages.statusClaim(s(c.task), s(c.holder), s(c.since ?? '?'), messages.claimAge(c.ageHours), c.stale ? color.yellow(state) : state, s(c.source), c.files.map(s).join(' ')));
    const h = c.holderState;
    if (h.state === 'live' || h.state === 'paused') {
      const minutes = h.lastSeen ? Math.floor((Date.now() - Date.parse(h.lastSeen)) / 60000) : null;
      out.push(`      ${h.state === 'paused' ? color.yellow(messages.rotation.holderStateLine(h.state, h.why, h.lastSeen, minutes)) : messages.rotation.holderStateLine(h.state, h.why, h.lastSeen, minutes)}`);
      if (h.state === 'paused') out.push(`      ${s(messages.rotation.continueFirst(c.task, c.holder, h.why ?? 'idle').trim().replace(/^- /, ''))}`);
    }
  }
  if (report.handovers.length > 0) {
    out.push(messages.statusHeading(color.bold(messages.rotation.statusHandovers())));
    for (const h of report.handovers.slice(-RECENT)) out.push(s(messages.rotation.handoverLine(h.at, h.kind, h.task, h.from, h.to, h.stopped?.why ?? null, h.disputed ? messages.rotation.disputed(h.from, h.disputed) : null).trimEnd()));
  }
  if (report.requests.length > 0) {
    out.push(messages.statusHeading(color.bold(messages.rotation.statusRequests())));
    for (const q of report.requests.slice(-RECENT)) out.push(s(messages.rotation.openRequest(q.task, q.from, q.text, q.at).trimEnd()));
  }
  out.push(messages.statusHeading(color.bold(messages.statusSections.recent)));
  if (report.recent.length === 0) out.push(messages.statusNoneRecorded());
  for (const e of report.recent) out.push(`  ${entryLine(e)}`);
  out.push(messages.statusHeading(color.bold(messages.statusUnverifiedHeading(report.scanned))));
  if (report.unverified.length === 0) out.push(messages.statusNone());
  for (const e of report.unverified.slice(0, RECENT)) out.push(`  ${entryLine(e)}`);
  if (report.unverified.length > RECENT) out.push(messages.statusMore(report.unverified.length - RECENT, 'plan-hooks log --unverified'));
  out.push(messages.statusHeading(color.bold(messages.statusSections.drift)));
  out.push(`  ${messages.statusDriftNote(report.drift.since ?? 'never')}${report.drift.commits.length ? '' : ' none'}`);
  for (const e of report.drift.commits.slice(0, RECENT)) out.push(`  ${entryLine(e)}`);
  if (report.drift.commits.length > RECENT) out.push(messages.statusMore(report.drift.commits.length - RECENT));
  return `${out.join('\n')}\n${messages.statusFooter(file)}`;
}

/** `status --watch`: redrawn in place when the repository's state moves, until q or Ctrl-C. */
async function watch(): Promise<number> {
  const { watchChanges } = await import('../board/signature.js');
  const out = process.stdout;
  const input = process.stdin;
  // Listening before anything is drawn: a Ctrl-C during the first read ends the watch cleanly too.
  let stop: () => void = () => {};
  const stopped = new Promise<void>((done) => {
    stop = () => done();
  });
  // In raw mode Ctrl-C arrives as a byte, not as SIGINT.
  const key = (data: Buffer) => {
    if (data.includes(0x03) || data.includes(0x71) || data.includes(0x51)) stop();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (input.isTTY) {
    input.setRawMode(true);
    input.on('data', key);
    input.resume();
  }
  out.write(screen.enter);
  let shown = '';
  let last: Awaited<ReturnType<typeof gatherStatus>> | null = null;
  const draw = (g: Awaited<ReturnType<typeof gatherStatus>>, force = false) => {
    last = g;
    const text = render(g.report, g.file, g.patterns);
    if (text === shown && !force) return;
    shown = text;
    const rows = Math.max(2, out.rows ?? 24);
    const lines = text.split('\n').slice(0, rows - 1);
    out.write(screen.frame([...lines, ...Array(Math.max(0, rows - 1 - lines.length)).fill(''), messages.board.watchFooter(new Date().toISOString().slice(11, 19))]));
  };
  const resize = () => last && draw(last, true);
  out.on('resize', resize);
  let watcher: { stop(): void } | null = null;
  const first = await Promise.race([gatherStatus(), stopped.then(() => null)]);
  if (first) {
    draw(first, true);
    const planFiles = (g: typeof first) => g.report.plans.map((p) => resolve(first.root, p.path));
    let files = planFiles(first);
    watcher = watchChanges(first.commonDir, () => files, async () => {
      const g = await gatherStatus(first.root);
      files = planFiles(g);
      draw(g);
    });
  }
  await stopped;
  watcher?.stop();
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  out.off('resize', resize);
  if (input.isTTY) {
    input.off('data', key);
    input.setRawMode(false);
    input.pause();
  }
  out.write(screen.leave);
  return 0;
}

const command: Command = {
  async run(argv) {
    const { values } = parseCommandArgs(argv, { command: 'status', usage: messages.statusUsage, options: { json: { type: 'boolean' }, watch: { type: 'boolean' } } });
    if (values.watch) {
      if (values.json || !process.stdout.isTTY) throw usageError({ command: 'status', usage: messages.statusUsage }, messages.board.watchNotTerminal);
      return watch();
    }
    const { report, file, patterns } = await gatherStatus();
    process.stdout.write(values.json ? `${jsonText({ worklog: file, ...report }, 2)}\n` : render(report, file, patterns));
    return 0;
  },
};
export default command;
