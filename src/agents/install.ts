// plan-hooks' entries in the coding agents' project hook files, and the committed shim they run
// (pure planning over the files' text, plus the read of them). init merges the entries into each
// file: the user's settings and hooks stay exactly as they are, in order, in the file's own
// indentation; a second init changes nothing; uninstall takes out exactly what init put in,
// using the record init leaves under the git common dir (which keys it created, which files).
// Each agent's entries and their command are its module's (src/core/agents/).
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Action } from '../core/install/action.js';
import { detectJsonFormat, formatJson } from '../lib/json-format.js';
import { messages } from '../messages/index.js';
import { AGENT_FILES, AGENT_KINDS, AGENT_SHIM, type AgentKind, agentNamed } from './kinds.js';
import { type HookEvent, agentEntries } from '../core/agents/index.js';
import { agentStateDir } from './seen.js';
import { sessionsDir } from '../sessions/store.js';
import { readIf } from '../git/git-dir.js';

const SHIM_TEMPLATE = new URL('../../../hooks/agent-hook.sh', import.meta.url);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export { type HookEvent, agentCommand, agentEntries } from '../core/agents/index.js';

/** Whether a hook list entry (a group or a flat hook) runs plan-hooks' shim for `event`. */
function isOurs(entry: unknown, event: HookEvent): boolean {
  const commands: unknown[] = [];
  if (isObject(entry)) {
    commands.push(entry.command, entry.bash);
    if (Array.isArray(entry.hooks)) for (const h of entry.hooks) if (isObject(h)) commands.push(h.command, h.bash);
  }
  return commands.some((c) => typeof c === 'string' && c.includes(AGENT_SHIM) && c.trimEnd().endsWith(` ${event}`));
}


/** What init left, so uninstall removes exactly it: per file, whether init created it and which keys. */
export interface AgentRecord {
  version: 1;
  files: Record<string, { created: boolean; keys: string[] }>;
  shimCreated: boolean;
}

export const emptyRecord = (): AgentRecord => ({ version: 1, files: {}, shimCreated: false });

export interface AgentFacts {
  root: string;
  commonDir: string;
  /** Each agent's file as it is (null: there is none). */
  files: Record<AgentKind, string | null>;
  shim: string | null;
  /**
   * Per file plan-hooks writes, the outermost directory that holds nothing but it (removed with
   * it when init created the file), else the file itself.
   */
  removable: Record<string, string>;
  shimTemplate: string;
  record: AgentRecord | null;
  /** Every worktree's git dir holding agents' hook markers. */
  markerDirs: string[];
}

const recordFile = (commonDir: string) => join(commonDir, 'plan-hooks', 'agents-install.json');

/** The outermost directory above `file` (repository-relative) that holds nothing else, else `file`. */
function soleContainer(root: string, file: string): string {
  let sole = file;
  const parts = file.split('/');
  for (let n = parts.length - 1; n >= 1; n--) {
    const dir = parts.slice(0, n).join('/');
    let names: string[];
    try {
      names = readdirSync(join(root, dir));
    } catch {
      break;
    }
    if (names.length !== 1 || names[0] !== parts[n]) break;
    sole = dir;
  }
  return sole;
}

export function readAgentFacts(root: string, commonDir: string): AgentFacts {
  const files = Object.fromEntries(AGENT_KINDS.map((k) => [k, readIf(join(root, AGENT_FILES[k]))])) as Record<AgentKind, string | null>;
  let record: AgentRecord | null = null;
  try {
    record = JSON.parse(readFileSync(recordFile(commonDir), 'utf8')) as AgentRecord;
  } catch {
    // Nothing installed yet (or by an older plan-hooks).
  }
  const removable: Record<string, string> = {};
  for (const file of [...Object.values(AGENT_FILES), AGENT_SHIM]) removable[file] = soleContainer(root, file);
  let linked: string[] = [];
  try {
    linked = readdirSync(join(commonDir, 'worktrees')).map((n) => join(commonDir, 'worktrees', n));
  } catch {
    // No linked worktree.
  }
  // The sessions the agents' hooks recorded (../sessions/store.ts) go with the markers.
  const markerDirs = [...[commonDir, ...linked].map(agentStateDir), sessionsDir(commonDir)].filter(existsSync);
  return { root, commonDir, files, shim: readIf(join(root, AGENT_SHIM)), removable, shimTemplate: readFileSync(SHIM_TEMPLATE, 'utf8'), record, markerDirs };
}

export function writeAgentRecord(commonDir: string, record: AgentRecord): void {
  const file = recordFile(commonDir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
}

export function removeAgentRecord(commonDir: string): void {
  rmSync(recordFile(commonDir), { force: true });
}

/** The agents chosen: --agents, else the config's `agents`, else all. `none` chooses none. */
export function chosenAgents(option: string | undefined, configured: string[] | null): AgentKind[] {
  const names = option !== undefined ? option.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) : (configured ?? [...AGENT_KINDS]);
  if (names.length === 1 && names[0] === 'none') return [];
  return AGENT_KINDS.filter((k) => names.includes(k));
}

/** Agent names in --agents that are none of ours (a usage error). */
export function unknownAgents(option: string): string[] {
  return option.split(',').map((s) => s.trim().toLowerCase()).filter((n) => n && n !== 'none' && !(AGENT_KINDS as readonly string[]).includes(n));
}

interface Edited {
  text: string | null;
  keys: string[];
}

/** `text` with plan-hooks' entries for `kind` in place (added, or updated where they changed). */
function withEntries(kind: AgentKind, text: string | null): Edited | 'unreadable' {
  let data: Json = {};
  if (text !== null) {
    try {
      const parsed: unknown = JSON.parse(text.replace(/^\ufeff/, ''));
      if (!isObject(parsed)) return 'unreadable';
      data = parsed;
    } catch {
      return 'unreadable';
    }
  }
  const keys: string[] = [];
  if (agentNamed(kind).versioned && data.version === undefined) {
    // `version` first, as each agent's documentation writes it.
    data = { version: 1, ...data };
    keys.push('version');
  }
  if (data.hooks === undefined) {
    data.hooks = {};
    keys.push('hooks');
  }
  if (!isObject(data.hooks)) return 'unreadable';
  const hooks = data.hooks;
  for (const entry of agentEntries(kind)) {
    const event = entry.runs;
    if (hooks[entry.event] === undefined) {
      hooks[entry.event] = [];
      keys.push(`hooks.${entry.event}`);
    }
    const list = hooks[entry.event];
    if (!Array.isArray(list)) return 'unreadable';
    const at = list.findIndex((e) => isOurs(e, event));
    if (at === -1) list.push(entry.value);
    else if (JSON.stringify(list[at]) !== JSON.stringify(entry.value)) list[at] = entry.value;
  }
  const format = text === null ? { indent: 2 as const, newline: '\n' as const, finalNewline: true, bom: false } : detectJsonFormat(text);
  const next = formatJson(data, format.indent === 0 && text !== null && text.includes('\n') ? { ...format, indent: 2 } : format);
  return { text: next === text ? text : next, keys };
}

/** `text` without plan-hooks' entries, and without the keys init created once they are empty. */
function withoutEntries(kind: AgentKind, text: string, created: { created: boolean; keys: string[] } | undefined): string | null | 'unchanged' {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    return 'unchanged';
  }
  if (!isObject(data) || !isObject(data.hooks)) return 'unchanged';
  const hooks = data.hooks;
  let changed = false;
  for (const entry of agentEntries(kind)) {
    const list = hooks[entry.event];
    if (!Array.isArray(list)) continue;
    const event = entry.runs;
    const rest = list.filter((e) => !isOurs(e, event));
    if (rest.length !== list.length) {
      changed = true;
      hooks[entry.event] = rest;
    }
  }
  if (!changed) return 'unchanged';
  const keys = new Set(created?.keys ?? []);
  for (const entry of agentEntries(kind)) {
    const list = hooks[entry.event];
    if (Array.isArray(list) && list.length === 0 && keys.has(`hooks.${entry.event}`)) delete hooks[entry.event];
  }
  if (Object.keys(hooks).length === 0 && keys.has('hooks')) delete data.hooks;
  if (keys.has('version') && Object.keys(data).length === 1 && data.version === 1) delete data.version;
  if (created?.created && Object.keys(data).length === 0) return null;
  return formatJson(data, detectJsonFormat(text));
}

export interface AgentDecision {
  actions: Action[];
  record: AgentRecord;
  notes: string[];
}

/** What init changes for the chosen agents: their entries, the others' taken out, the shim. */
export function decideAgentInstall(facts: AgentFacts, chosen: AgentKind[]): AgentDecision {
  const record: AgentRecord = facts.record ? structuredClone(facts.record) : emptyRecord();
  const actions: Action[] = [];
  const notes: string[] = [];
  for (const kind of AGENT_KINDS) {
    const file = AGENT_FILES[kind];
    const path = join(facts.root, file);
    const text = facts.files[kind];
    if (!chosen.includes(kind)) {
      // An agent no longer chosen: its entries go, as uninstall would take them.
      const removal = text === null ? 'unchanged' : withoutEntries(kind, text, record.files[file]);
      if (removal === null) actions.push({ kind: 'remove', path, what: messages.actRemove(file, 'onlyOurs') });
      else if (removal !== 'unchanged') actions.push({ kind: 'write', path, content: removal, what: messages.agentInstall.removed(file) });
      if (removal !== 'unchanged') delete record.files[file];
      continue;
    }
    const edited = withEntries(kind, text);
    if (edited === 'unreadable') {
      notes.push(messages.agentInstall.unreadable(file, JSON.stringify(agentEntries(kind).map((e) => ({ [e.event]: [e.value] })))));
      continue;
    }
    if (edited.text === text) continue;
    actions.push({ kind: 'write', path, content: edited.text!, what: messages.agentInstall.added(file, kind, text === null) });
    const before = record.files[file];
    record.files[file] = {
      created: before?.created ?? text === null,
      keys: [...new Set([...(before?.keys ?? []), ...edited.keys])],
    };
  }
  const shimPath = join(facts.root, AGENT_SHIM);
  if (chosen.length > 0 && facts.shim !== facts.shimTemplate) {
    actions.push({ kind: 'write', path: shimPath, content: facts.shimTemplate, mode: 0o755, what: messages.agentInstall.shim(AGENT_SHIM, facts.shim === null) });
    if (facts.shim === null) record.shimCreated = true;
  }
  if (chosen.length === 0 && facts.shim !== null && record.shimCreated) {
    actions.push({ kind: 'remove', path: shimPath, what: messages.actRemove(AGENT_SHIM, 'agentShim') });
    record.shimCreated = false;
  }
  return { actions, record, notes };
}

/** What uninstall changes: every agent's entries out, files init created and left empty removed, the shim, the markers. */
export function decideAgentUninstall(facts: AgentFacts): Action[] {
  const actions: Action[] = [];
  const record = facts.record ?? emptyRecord();
  for (const kind of AGENT_KINDS) {
    const file = AGENT_FILES[kind];
    const text = facts.files[kind];
    if (text === null) continue;
    const path = join(facts.root, file);
    const removal = withoutEntries(kind, text, record.files[file]);
    const whole = facts.removable[file] ?? file;
    if (removal === null) actions.push({ kind: 'remove', path: join(facts.root, whole), what: messages.actRemove(whole, 'onlyOurs') });
    else if (removal !== 'unchanged') actions.push({ kind: 'write', path, content: removal, what: messages.agentInstall.removed(file) });
  }
  if (facts.shim !== null && facts.shim.includes('plan-hooks agent hook shim')) {
    const whole = record.shimCreated ? (facts.removable[AGENT_SHIM] ?? AGENT_SHIM) : AGENT_SHIM;
    actions.push({ kind: 'remove', path: join(facts.root, whole), what: messages.actRemove(whole, 'agentShim') });
  }
  for (const markers of facts.markerDirs) actions.push({ kind: 'remove', path: markers, what: messages.actRemove(markers, 'agentState') });
  return actions;
}
