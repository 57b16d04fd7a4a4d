// Pure: the board's facts in, one self-contained HTML page out (inline CSS and SVG; a script only
// when served, to reload on change). Plan text is untrusted: every string passes esc(), which
// makes control and format characters visible (as the terminal does) and escapes HTML, and the
// page's Content-Security-Policy lets nothing load and no other script run even if one slipped.
import { createHash } from 'node:crypto';
import { STATUSES } from '../core/plan-types.js';
import { messages } from '../messages/index.js';
import { sanitizeLine } from '../term.js';
import { NODE_HEIGHT, layout } from './layout.js';
import type { PlanReport, StatusReport } from '../status/report.js';
import type { CommitEntry } from '../worklog/entry.js';

export interface WorktreeView {
  path: string;
  branch: string | null;
  head: string | null;
  /** The worktree the board was drawn from. */
  current: boolean;
  uncommitted: { path: string; added: number; removed: number }[];
}

export interface BoardFacts {
  report: StatusReport;
  worktrees: WorktreeView[];
  /** When the facts were read (ISO 8601). */
  at: string;
}

export interface RenderOptions {
  /** Served: the page listens on this path (same origin) for a change and reloads. */
  events?: string;
}

const m = () => messages.board;

/** Untrusted text made safe for HTML text and double-quoted attributes. */
export function esc(value: unknown): string {
  return sanitizeLine(String(value ?? ''))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const short = (sha: string | null | undefined) => (sha ? sha.slice(0, 10) : '');
const cls = (value: string) => value.replace(/[^a-z0-9-]/gi, '');
const tag = (name: string, body: string, attrs = '') => `<${name}${attrs ? ` ${attrs}` : ''}>${body}</${name}>`;
const table = (head: string[], rows: string[][], attrs = '') =>
  rows.length === 0
    ? `<p class="none">${esc(m().none)}</p>`
    : `<table${attrs ? ` ${attrs}` : ''}><thead><tr>${head.map((h) => tag('th', esc(h))).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => tag('td', c)).join('')}</tr>`).join('')}</tbody></table>`;

type Claim = StatusReport['claims'][number];

/** live, paused, idle, stale or unknown: the class and the word a holder is shown with. */
function holderWord(state: Claim['holderState']): { cls: string; word: string } {
  const word = m().holderState(state.state, state.why);
  const c = state.state === 'paused' && (state.why === 'idle' || state.why === undefined) ? 'idle' : state.state;
  return { cls: `h-${c}`, word };
}

const CHAR_WIDTH = 7.3;
/** A character of the proportional font, wide enough for most. */
const TEXT_WIDTH = 6.4;
const MAX_LABEL = 30;

/** Ready as status says (not started, dependencies done), and held by no live claim in another worktree or branch. */
const readyHere = (p: PlanReport, claimsByTask: Map<string, Claim>) => new Set(p.ready.filter((k) => !(claimsByTask.get(k) && !claimsByTask.get(k)!.stale)));

function planGraph(p: PlanReport, claimsByTask: Map<string, Claim>): string {
  const tasks = p.items.flatMap((i) => i.tasks);
  const ready = readyHere(p, claimsByTask);
  const blocked = new Map(p.blocked.map((b) => [b.task, b.waitingOn]));
  const label = (id: string) => clip(sanitizeLine(id), MAX_LABEL);
  const views = new Map(
    tasks.map((t) => {
      const claim = claimsByTask.get(t.key);
      const holder = claim?.holder ?? t.claimedBy;
      const h = claim ? holderWord(claim.holderState) : null;
      const who = holder ? `${clip(sanitizeLine(holder), 16)}${h ? ` · ${h.word}` : ''}` : m().unclaimed;
      const second = [t.status, ready.has(t.key) ? m().ready : blocked.has(t.key) && t.status !== 'blocked' ? m().blocked : null].filter(Boolean).join(' · ');
      const width = Math.max(150, label(t.id).length * CHAR_WIDTH + 34, who.length * TEXT_WIDTH + 20, second.length * TEXT_WIDTH + 20);
      return [t.id, { t, holder, h, who, second, width }] as const;
    }),
  );
  const g = layout(
    tasks.map((t) => ({ id: t.id, width: Math.round(views.get(t.id)!.width) })),
    new Map(tasks.map((t) => [t.id, t.dependsOn])),
  );
  const at = new Map(g.nodes.map((n) => [n.id, n]));
  const edges = g.edges.map((e) => {
    const a = at.get(e.from)!;
    const b = at.get(e.to)!;
    const x1 = a.x + a.width;
    const y1 = a.y + NODE_HEIGHT / 2;
    const x2 = b.x;
    const y2 = b.y + NODE_HEIGHT / 2;
    const mid = (x1 + x2) / 2;
    const done = views.get(e.from)?.t.status === 'completed';
    return `<path class="edge${done ? ' done' : ''}" d="M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2},${y2}"/>`;
  });
  const nodes = g.nodes.map((n) => {
    const { t, holder, h, who, second } = views.get(n.id)!;
    const flag = ready.has(t.key) ? ' ready' : blocked.has(t.key) ? ' waiting' : '';
    const tip = [t.key, t.status, holder ? `${holder}${h ? ` (${h.word})` : ''}` : null, t.dependsOn.length ? `${m().columns.dependsOn}: ${t.dependsOn.join(', ')}` : null, blocked.has(t.key) ? m().waitingOn(blocked.get(t.key)!) : null]
      .filter((x): x is string => Boolean(x))
      .map(esc)
      .join('&#10;');
    return (
      `<g class="task s-${cls(t.status)}${flag}" data-task="${esc(t.key)}" data-status="${esc(t.status)}"${holder ? ` data-holder="${esc(holder)}"` : ''} transform="translate(${n.x},${n.y})">` +
      `<title>${tip}</title>` +
      `<rect width="${n.width}" height="${NODE_HEIGHT}" rx="6"/>` +
      `<text x="10" y="16" class="id">${esc(label(t.id))}</text>` +
      `<text x="10" y="32" class="sub">${esc(second)}</text>` +
      `<text x="10" y="47" class="who${holder ? '' : ' nobody'}">${esc(who)}</text>` +
      (h ? `<circle cx="${n.width - 12}" cy="12" r="5" class="${h.cls}"/>` : '') +
      `</g>`
    );
  });
  return `<div class="graph"><svg xmlns="http://www.w3.org/2000/svg" width="${g.width}" height="${g.height}" viewBox="0 0 ${g.width} ${g.height}" role="img">${edges.join('')}${nodes.join('')}</svg></div>`;
}

function planSection(p: PlanReport, claimsByTask: Map<string, Claim>): string {
  const counts = STATUSES.filter((s) => p.counts[s] > 0).map((s) => `${p.counts[s]} ${s}`).join(', ');
  const ready = readyHere(p, claimsByTask);
  const blocked = new Map(p.blocked.map((b) => [b.task, b.waitingOn]));
  const tasks = p.items.flatMap((i) => i.tasks);
  const rows = tasks.map((t) => {
    const claim = claimsByTask.get(t.key);
    const holder = claim?.holder ?? t.claimedBy;
    const h = claim ? holderWord(claim.holderState) : null;
    return [
      `<code>${esc(t.key)}</code>`,
      `<span class="st s-${cls(t.status)}">${esc(t.status)}</span>${ready.has(t.key) ? ` <span class="tag ready">${esc(m().ready)}</span>` : ''}${blocked.has(t.key) ? ` <span class="tag waiting" title="${esc(m().waitingOn(blocked.get(t.key)!))}">${esc(m().blocked)}</span>` : ''}`,
      holder ? esc(holder) : `<span class="none">${esc(m().unclaimed)}</span>`,
      h ? `<span class="dot ${h.cls}"></span>${esc(h.word)}` : '',
      esc(t.dependsOn.join(', ')),
    ];
  });
  const c = m().columns;
  return (
    `<section class="plan" data-plan="${esc(p.path)}">` +
    `<h3>${esc(p.title)} <small><code>${esc(p.path)}</code></small></h3>` +
    `<p class="meta">${esc(m().counts(counts, ready.size, p.blocked.length))}</p>` +
    (tasks.length ? planGraph(p, claimsByTask) : '') +
    `<details><summary>${esc(m().tasksTable(tasks.length))}</summary>${table([c.task, c.status, c.holder, c.state, c.dependsOn], rows, 'class="tasks"')}</details>` +
    `</section>`
  );
}

function claimsSection(report: StatusReport): string {
  const c = m().columns;
  const rows = report.claims.map((claim) => {
    const h = holderWord(claim.holderState);
    return [
      `<code>${esc(claim.task)}</code>`,
      esc(claim.holder),
      `<span class="dot ${h.cls}"></span>${esc(h.word)}${claim.holderState.lastSeen ? ` <small>${esc(claim.holderState.lastSeen)}</small>` : ''}`,
      esc(claim.since ?? ''),
      esc(claim.source),
      esc(claim.files.join(' ')),
    ];
  });
  return table([c.task, c.holder, c.state, c.since, c.source, c.files], rows, 'class="claims"');
}

function worktreesSection(facts: BoardFacts): string {
  const c = m().columns;
  const tasks = facts.report.plans.flatMap((p) => p.items.flatMap((i) => i.tasks));
  const rows = facts.worktrees.map((w) => {
    const bound = tasks.filter((t) => t.branch !== null && t.branch === w.branch).map((t) => t.key);
    const sessions = facts.report.sessions.filter((s) => s.worktree === w.path);
    const files = w.uncommitted.slice(0, 20).map((f) => `<li><code>${esc(f.path)}</code> <span class="add">+${f.added}</span> <span class="del">−${f.removed}</span></li>`);
    return [
      `<code>${esc(w.path)}</code>${w.current ? ` <span class="tag">${esc(m().currentWorktree)}</span>` : ''}${sessions.map((s) => ` <span class="tag">${esc(s.agent)}${s.ended ? '' : ' ●'}</span>`).join('')}`,
      w.branch ? esc(w.branch) : `<span class="none">${esc(m().detached)}</span>`,
      `<code>${esc(short(w.head))}</code>`,
      esc(bound.join(', ')),
      w.uncommitted.length ? `<ul class="files">${files.join('')}${w.uncommitted.length > 20 ? `<li>${esc(m().more(w.uncommitted.length - 20))}</li>` : ''}</ul>` : `<span class="none">${esc(m().clean)}</span>`,
    ];
  });
  return table([c.worktree, c.branch, c.head, c.bound, c.uncommitted], rows, 'class="worktrees"');
}

const commitAgent = (e: CommitEntry) => String(e.identity?.name ?? e.author?.name ?? '?');
const commitTime = (e: CommitEntry) => {
  const t = Date.parse(e.committedAt ?? e.time);
  return Number.isNaN(t) ? Date.parse(e.time) || 0 : t;
};
const marksOf = (e: CommitEntry): ('disputed' | 'hookless' | 'unverified' | 'verified')[] =>
  e.disputed !== undefined ? ['disputed'] : e.withoutHooks ? ['hookless', 'unverified'] : e.verified ? ['verified'] : ['unverified'];

function timelineSection(report: StatusReport): string {
  const commits = report.recent.filter((e): e is CommitEntry => e.type === 'commit');
  if (commits.length === 0) return `<p class="none">${esc(m().noCommits)}</p>`;
  const agents = [...new Set(commits.map(commitAgent))].sort();
  const times = commits.map(commitTime);
  const lo = Math.min(...times);
  const hi = Math.max(...times);
  const LANE = 28;
  const LEFT = 130;
  const WIDTH = 900;
  const x = (t: number) => LEFT + (hi === lo ? (WIDTH - LEFT) / 2 : ((t - lo) / (hi - lo)) * (WIDTH - LEFT - 16));
  const axisY = agents.length * LANE + 8;
  const axis = `<text class="axis" x="${LEFT}" y="${axisY}">${esc(new Date(lo).toISOString().replace(/\.\d+Z$/, 'Z'))}</text>${hi > lo ? `<text class="axis end" x="${WIDTH - 16}" y="${axisY}">${esc(new Date(hi).toISOString().replace(/\.\d+Z$/, 'Z'))}</text>` : ''}`;
  const lanes = agents.map((a, i) => `<g class="lane"><line x1="${LEFT}" x2="${WIDTH}" y1="${i * LANE + 20}" y2="${i * LANE + 20}"/><text x="4" y="${i * LANE + 24}">${esc(clip(sanitizeLine(a), 18))}</text></g>`);
  const dots = commits.map((e) => {
    const y = agents.indexOf(commitAgent(e)) * LANE + 20;
    const marks = marksOf(e);
    const tip = [`${short(e.commit)} ${e.subject}`, `${commitAgent(e)} ${e.committedAt ?? e.time}`, marks.map((k) => m().marks[k]).join(', '), e.disputed ? m().disputedBy(e.disputed) : null]
      .filter((t): t is string => t !== null)
      .map(esc)
      .join('&#10;');
    return `<g class="commit m-${marks[0]}" data-commit="${esc(e.commit)}" transform="translate(${x(commitTime(e)).toFixed(1)},${y})"><title>${tip}</title>${marks[0] === 'disputed' ? '<path d="M-6,-6 L6,6 M6,-6 L-6,6"/>' : marks[0] === 'hookless' ? '<rect x="-5" y="-5" width="10" height="10"/>' : '<circle r="6"/>'}</g>`;
  });
  const legend = (['verified', 'unverified', 'hookless', 'disputed'] as const).map((k) => `<span class="legend m-${k}">${esc(m().marks[k])}</span>`).join(' ');
  const c = m().columns;
  const rows = commits.map((e) => [
    esc(e.committedAt ?? e.time),
    esc(commitAgent(e)),
    `<code>${esc(short(e.commit))}</code>`,
    esc(e.subject),
    marksOf(e).map((k) => `<span class="tag m-${k}"${k === 'disputed' && e.disputed ? ` title="${esc(e.disputed)}"` : ''}>${esc(m().marks[k])}</span>`).join(' '),
  ]);
  return (
    `<p class="legend-row">${legend}</p>` +
    `<div class="graph"><svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${agents.length * LANE + 16}" class="timeline">${lanes.join('')}${axis}${dots.join('')}</svg></div>` +
    `<details><summary>${esc(m().commitsTable(commits.length))}</summary>${table([c.when, c.agent, c.commit, c.subject, c.marks], rows, 'class="commits"')}</details>`
  );
}

function rotationSections(report: StatusReport): string {
  const c = m().columns;
  const handovers = report.handovers.map((h) => [
    esc(h.at),
    esc(h.kind),
    `<code>${esc(h.task)}</code>`,
    esc(h.from),
    esc(h.to),
    `${esc(h.stopped?.why ?? '')}${h.disputed ? ` <span class="tag m-disputed">${esc(m().disputedBy(h.disputed))}</span>` : ''}`,
  ]);
  const requests = report.requests.map((q) => [esc(q.at), `<code>${esc(q.task)}</code>`, esc(q.from), esc(q.to), esc(q.text)]);
  const sessions = report.sessions.map((s) => [esc(s.agent), `<code>${esc(s.worktree)}</code>`, esc(s.started), esc(s.lastSeen), esc(s.ended ?? ''), esc(s.why ?? '')]);
  return (
    `<section id="handovers"><h2>${esc(m().sections.handovers)}</h2>${table([c.when, c.kind, c.task, c.from, c.to, c.why], handovers)}</section>` +
    `<section id="requests"><h2>${esc(m().sections.requests)}</h2>${table([c.when, c.task, c.from, c.to, c.text], requests)}</section>` +
    `<section id="sessions"><h2>${esc(m().sections.sessions)}</h2>${table([c.agent, c.worktree, c.started, c.lastSeen, c.ended, c.why], sessions)}</section>`
  );
}

const STYLE = `
:root{--bg:#fbfbfa;--fg:#1d1f21;--mute:#6b7075;--line:#d9dcdf;--ns:#eef0f2;--ip:#d7e8fb;--bl:#fde2cf;--co:#dcf2df;--live:#1f9d55;--paused:#d98b0b;--idle:#a3a7ab;--stale:#d64545;--unknown:#c8cbce}
*{box-sizing:border-box}body{margin:0;padding:16px 24px;background:var(--bg);color:var(--fg);font:13px/1.4 system-ui,sans-serif}
h1{font-size:18px;margin:0 0 2px}h2{font-size:15px;margin:22px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{font-size:14px;margin:14px 0 2px}
small,.meta,.none{color:var(--mute)}code{font:12px ui-monospace,monospace}
.graph{overflow:auto;border:1px solid var(--line);border-radius:6px;background:#fff;margin:6px 0}
.task rect{stroke:#9aa0a6;stroke-width:1}.task text{font:12px ui-monospace,monospace;fill:var(--fg)}.task text.sub,.task text.who{font:11px system-ui,sans-serif;fill:var(--mute)}.task text.who{fill:var(--fg)}.task text.nobody{fill:var(--mute)}
.s-not-started rect{fill:var(--ns)}.s-in-progress rect{fill:var(--ip);stroke:#3b82d6}.s-blocked rect{fill:var(--bl);stroke:#d9822b}.s-completed rect{fill:var(--co);stroke:#3e9c52}
.task.ready rect{stroke:var(--live);stroke-width:2.5}.task.waiting rect{stroke-dasharray:4 3}
.edge{fill:none;stroke:#9aa0a6;stroke-width:1.3}.edge.done{stroke:#3e9c52;opacity:.6}
.h-live{fill:var(--live);background:var(--live)}.h-paused{fill:var(--paused);background:var(--paused)}.h-idle{fill:var(--idle);background:var(--idle)}.h-stale{fill:var(--stale);background:var(--stale)}.h-unknown{fill:var(--unknown);background:var(--unknown)}
.dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:5px}
table{border-collapse:collapse;margin:4px 0}th,td{border-bottom:1px solid var(--line);padding:3px 10px 3px 0;text-align:left;vertical-align:top}th{font-weight:600;color:var(--mute)}
.st{padding:0 5px;border-radius:3px}.st.s-not-started{background:var(--ns)}.st.s-in-progress{background:var(--ip)}.st.s-blocked{background:var(--bl)}.st.s-completed{background:var(--co)}
.tag{display:inline-block;border:1px solid var(--line);border-radius:9px;padding:0 6px;font-size:11px}.tag.ready{border-color:var(--live);color:var(--live)}.tag.waiting{border-color:var(--paused);color:var(--paused)}
.files{margin:0;padding-left:16px}.add{color:var(--live)}.del{color:var(--stale)}
.axis{font:11px system-ui,sans-serif;fill:var(--mute)}.axis.end{text-anchor:end}.lane line{stroke:var(--line)}.lane text{font:12px system-ui,sans-serif;fill:var(--fg)}
.commit circle,.commit rect{stroke-width:2}.m-verified circle{fill:var(--live);stroke:var(--live)}.m-unverified circle{fill:#fff;stroke:var(--paused)}.m-hookless rect{fill:#fff;stroke:var(--mute);stroke-dasharray:2 2}.m-disputed path{stroke:var(--stale);stroke-width:3}
.legend::before{content:"";display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:50%;vertical-align:-1px}.legend.m-verified::before{background:var(--live)}.legend.m-unverified::before{border:2px solid var(--paused)}.legend.m-hookless::before{border:2px dashed var(--mute);border-radius:0}.legend.m-disputed::before{background:var(--stale)}
.tag.m-unverified{border-color:var(--paused)}.tag.m-disputed{border-color:var(--stale);color:var(--stale)}.tag.m-hookless{border-style:dashed}
`;

/** Reloads the page when the server says the facts changed (EventSource reconnects by itself). */
const reloadScript = (events: string) => `new EventSource(${JSON.stringify(events)}).onmessage=()=>location.reload();`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export function renderBoard(facts: BoardFacts, opts: RenderOptions = {}): string {
  const { report } = facts;
  const claimsByTask = new Map(report.claims.filter((c) => !c.stale).map((c) => [c.task, c]));
  for (const c of report.claims) if (!claimsByTask.has(c.task)) claimsByTask.set(c.task, c);
  const script = opts.events ? reloadScript(opts.events) : null;
  const csp = `default-src 'none'; style-src ${hash(STYLE)}${script ? `; script-src ${hash(script)}; connect-src 'self'` : ''}; base-uri 'none'; form-action 'none'`;
  const s = m().sections;
  const plans = report.plans.length === 0 ? `<p class="none">${esc(m().noPlans)}</p>` : report.plans.map((p) => planSection(p, claimsByTask)).join('');
  const unreadable = report.unreadablePlans.length ? `<section id="unreadable"><h2>${esc(s.unreadable)}</h2><ul>${report.unreadablePlans.map((u) => `<li><code>${esc(u.path)}</code>: ${esc(u.reason)}</li>`).join('')}</ul></section>` : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${csp}">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${esc(m().title)}</title><style>${STYLE}</style></head><body>` +
    `<header><h1>${esc(m().title)}</h1><p class="meta">${esc(m().on(report.branch, short(report.head) || null, facts.at))}</p></header>` +
    `<section id="plans"><h2>${esc(s.plans)}</h2>${plans}</section>${unreadable}` +
    `<section id="claims"><h2>${esc(s.claims)}</h2>${claimsSection(report)}</section>` +
    `<section id="worktrees"><h2>${esc(s.worktrees)}</h2>${worktreesSection(facts)}</section>` +
    `<section id="timeline"><h2>${esc(s.timeline)}</h2>${timelineSection(report)}</section>` +
    rotationSections(report) +
    (script ? `<script>${script}</script>` : '') +
    `</body></html>\n`
  );
}
