// The texts plan-hooks writes into the other hook managers' configurations (pure: text in, text
// out); what each manager is to plan-hooks is its module in ./managers/. YAML is edited by lines,
// never re-serialized, so the file keeps its own layout; each insertion is a marked section (YAML
// comments) that uninstall removes.
import { hasSection, type Markers } from '../../lib/marked-sections.js';
import { hooksWhere } from '../hook-table.js';
import { TRACKED_RUNNER } from './names.js';

/** lefthook's configuration files, in the order it looks for them. */
export const LEFTHOOK_FILES = [
  'lefthook.yml', '.lefthook.yml', 'lefthook.yaml', '.lefthook.yaml', '.config/lefthook.yml', '.config/lefthook.yaml',
];
/** lefthook's other formats: plan-hooks does not edit them (it prints what to add). */
export const LEFTHOOK_OTHER_FILES = ['lefthook.json', '.lefthook.json', 'lefthook.toml', '.lefthook.toml', 'lefthook.jsonc', '.lefthook.jsonc'];
export const PRE_COMMIT_FILE = '.pre-commit-config.yaml';
/** simple-git-hooks' own configuration files (its package.json key is read from package.json). */
export const SIMPLE_GIT_HOOKS_FILES = [
  '.simple-git-hooks.json', 'simple-git-hooks.json', '.simple-git-hooks.cjs', 'simple-git-hooks.cjs', '.simple-git-hooks.js',
  'simple-git-hooks.js', '.simple-git-hooks.mjs', 'simple-git-hooks.mjs',
];

export const YAML_MARKERS: Markers = {
  key: '# plan-hooks:start',
  start: "# plan-hooks:start (added by 'plan-hooks init'; 'plan-hooks uninstall' removes it)",
  end: '# plan-hooks:end',
};

/** The runner's path in the commands of installs before the runner was tracked (untracked, in each clone's hooks directory). */
const OLD_RUNNER = '"$(git rev-parse --git-path hooks)/plan-hooks.sh"';

/** The command a manager's configuration runs for `hook`: the tracked runner (names.ts says why). */
export function managerCommand(hook: string, args: string): string {
  return `sh ${TRACKED_RUNNER} ${hook} ''${args ? ` ${args}` : ''}`;
}

/** Whether a manager's configuration text calls plan-hooks for `hook`. */
export function callsPlanHooks(text: string, hook: string): boolean {
  return text.includes(`sh ${TRACKED_RUNNER} ${hook} `);
}

/** A configuration's text with an earlier install's commands moved to the tracked runner. */
export function withTrackedRunner(text: string): string {
  return text.replaceAll(OLD_RUNNER, TRACKED_RUNNER);
}

/**
 * The text without any of the marked sections (a YAML file holds one per hook), each with the
 * blank line init put before it at the end of the file; null when there is none. Last first, so
 * each appended section is the file's last when it goes.
 */
export function removeSections(text: string, markers: Markers = YAML_MARKERS): string | null {
  const lines = text.split('\n');
  let changed = false;
  for (;;) {
    let start = -1;
    lines.forEach((l, i) => {
      if (l.trim().startsWith(markers.key)) start = i;
    });
    const end = start < 0 ? -1 : lines.findIndex((l, i) => i > start && l.trim() === markers.end);
    if (end < 0) break;
    const atEnd = lines.slice(end + 1).every((l) => l.trim() === '');
    if (atEnd && start > 0 && lines[start - 1]!.trim() === '') start -= 1;
    lines.splice(start, end - start + 1);
    changed = true;
  }
  return changed ? lines.join('\n') : null;
}

const isContent = (line: string) => line.trim() !== '' && !line.trimStart().startsWith('#');
const indentOf = (line: string) => /^ */.exec(line)![0].length;

/** The file's indentation step (2 unless its first indented line says otherwise). */
function indentStep(lines: string[]): number {
  const first = lines.find((l) => isContent(l) && indentOf(l) > 0 && !l.trimStart().startsWith('- '));
  return first ? indentOf(first) : 2;
}

/** The line after the last content line of the block that starts at `start` (it ends at the next line indented <= `indent`). */
function blockEnd(lines: string[], start: number, indent: number): number {
  let last = start;
  for (let i = start + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (!isContent(l)) continue;
    if (indentOf(l) <= indent) break;
    last = i;
  }
  return last + 1;
}

function marked(lines: string[], indent: number): string[] {
  const pad = ' '.repeat(indent);
  return [pad + YAML_MARKERS.start, ...lines.map((l) => (l === '' ? l : pad + l)), pad + YAML_MARKERS.end];
}

function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

function splice(text: string, at: number, insert: string[]): string {
  const eol = eolOf(text);
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  lines.splice(at, 0, ...insert);
  return lines.join(eol);
}

/**
 * .pre-commit-config.yaml with plan-hooks' `repo: local` entry added at the end of `repos:`, or
 * null when the file's layout is not one plan-hooks edits (a flow-style `repos: [...]`, no
 * `repos:`): init then prints the entry for the user to add.
 */
export function addPreCommitRepo(text: string, stage: string): string | null {
  if (hasSection(text, YAML_MARKERS)) return withTrackedRunner(text);
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const at = lines.findIndex((l) => /^repos:\s*(#.*)?$/.test(l));
  if (at < 0) return null;
  const firstItem = lines.slice(at + 1).find(isContent);
  // Items may sit at column 0 under `repos:` ("- repo: ..."), or indented.
  const itemIndent = firstItem && firstItem.trimStart().startsWith('- ') ? indentOf(firstItem) : indentStep(lines);
  let end = at + 1;
  for (let i = at + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (!isContent(l)) continue;
    if (indentOf(l) < itemIndent || (indentOf(l) === itemIndent && !l.trimStart().startsWith('- ') && itemIndent === 0)) break;
    end = i + 1;
  }
  return splice(text, end, marked(preCommitEntry(stage, indentStep(lines)), itemIndent));
}

/** plan-hooks' `repo: local` entry (a list item of `repos:`), indented by `step`. */
export function preCommitEntry(stage: string, step = 2): string[] {
  const hooks = `  ${' '.repeat(step)}`;
  return [
    '- repo: local',
    '  hooks:',
    `${hooks}- id: plan-hooks`,
    ...[
      'name: plan-hooks (plans, claims, handoff)',
      `entry: sh -c 'exec ${managerCommand('pre-commit', '').replace(/''$/, '""')}'`,
      'language: system',
      'pass_filenames: false',
      'always_run: true',
      `stages: [${stage}]`,
    ].map((l) => `${hooks}  ${l}`),
  ];
}

/** The hooks of the package's .pre-commit-hooks.yaml, by id (used as `repo:` + `rev:`). */
export const SHIPPED_IDS: Record<string, string> = {
  'pre-commit': 'plan-hooks',
  'prepare-commit-msg': 'plan-hooks-prepare-commit-msg',
  'post-commit': 'plan-hooks-post-commit',
  'pre-push': 'plan-hooks-pre-push',
};

/**
 * The hooks a .pre-commit-config.yaml already runs through the package's shipped hooks (their
 * ids outside plan-hooks' own `repo: local` entry): init adds nothing for those, or plan-hooks
 * would run twice.
 */
export function shippedHooks(config: string | null): string[] {
  if (config === null) return [];
  const rest = removeSections(config) ?? config;
  return Object.entries(SHIPPED_IDS)
    .filter(([, id]) => new RegExp(`(^\\s*(-\\s+)?|[{,]\\s*)id:\\s*['"]?${id}['"]?\\s*([,}]|#.*$|$)`, 'm').test(rest))
    .map(([hook]) => hook);
}

/** pre-commit's stage for a git hook: the old names (`commit`, `push`) before pre-commit 3.2. */
export function preCommitHookStage(hook: string, version: string | null): string {
  if (hook === 'pre-commit') return preCommitStage(version);
  if (hook === 'pre-push') return preCommitStage(version) === 'commit' ? 'push' : 'pre-push';
  return hook;
}

/** The pre-commit stage name: `pre-commit` since pre-commit 3.2, `commit` before. */
export function preCommitStage(version: string | null): string {
  const m = /(\d+)\.(\d+)/.exec(version ?? '');
  if (!m) return 'pre-commit';
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 3 || (major === 3 && minor >= 2) ? 'pre-commit' : 'commit';
}

/** Hooks git feeds on stdin: lefthook passes stdin to a command only when told to. */
const STDIN_HOOKS = new Set<string>(hooksWhere('stdin'));

/** lefthook.yml with plan-hooks' command for `hook` (unchanged when it is there). */
export function addLefthookCommand(text: string, hook: string): string {
  text = withTrackedRunner(text);
  if (callsPlanHooks(text, hook)) return text;
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const step = indentStep(lines);
  const pad = ' '.repeat(step);
  const extra = STDIN_HOOKS.has(hook) ? ['use_stdin: true'] : [];
  const run = `run: ${managerCommand(hook, '{0}')}`;
  const asCommand = ['plan-hooks:', ...[run, ...extra].map((l) => pad + l)];
  const asJob = ['- name: plan-hooks', ...[run, ...extra].map((l) => `  ${l}`)];
  const at = lines.findIndex((l) => new RegExp(`^${hook}:\\s*(#.*)?$`).test(l));
  if (at < 0) {
    // A new hook block at the end of the file.
    let tail = lines.length;
    while (tail > 0 && lines[tail - 1] === '') tail--;
    const gap = tail > 0 ? [''] : [];
    return splice(text, tail, [...gap, ...marked([`${hook}:`, `${pad}commands:`, ...asCommand.map((l) => pad + pad + l)], 0)]);
  }
  const end = blockEnd(lines, at, 0);
  for (const key of ['commands', 'jobs']) {
    const child = lines.findIndex((l, i) => i > at && i < end && new RegExp(`^ +${key}:\\s*(#.*)?$`).test(l));
    if (child < 0) continue;
    const childIndent = indentOf(lines[child]!);
    const childEnd = blockEnd(lines, child, childIndent);
    const first = lines.slice(child + 1, childEnd).find(isContent);
    const itemIndent = first ? indentOf(first) : childIndent + step;
    return splice(text, childEnd, marked(key === 'jobs' ? asJob : asCommand, itemIndent));
  }
  // A hook block with neither (only scripts, or options): plan-hooks' commands go at its end.
  return splice(text, end, marked(['commands:', ...asCommand.map((l) => pad + l)], step));
}

/** simple-git-hooks' command for `hook` with plan-hooks' added: after the user's for hooks that can refuse, before for post-*. */
export function addSimpleGitHooksCommand(existing: string | undefined, hook: string): string {
  const ours = managerCommand(hook, '"$@"');
  if (existing === undefined || existing.trim() === '') return ours;
  existing = withTrackedRunner(existing);
  if (existing.includes(ours)) return existing;
  return hook.startsWith('post-') ? `${ours}; ${existing}` : `${existing} && ${ours}`;
}

/** The command without plan-hooks' part, or null when only plan-hooks' was there. */
export function removeSimpleGitHooksCommand(value: string, hook: string): string | null {
  const ours = managerCommand(hook, '"$@"');
  value = withTrackedRunner(value);
  if (value === ours) return null;
  return value.replace(` && ${ours}`, '').replace(`${ours}; `, '');
}
