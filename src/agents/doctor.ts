// doctor's view of the agents' hooks (pure over the facts): for each chosen agent, whether
// plan-hooks' entries are in its file as init writes them (installed, missing or changed), and
// whether the agent has been seen running them here — Claude Code, Codex and the Copilot CLI
// skip a project's hooks, silently, until the user trusts the folder.
import type { Finding } from '../install/doctor.js';
import { messages } from '../messages/index.js';
import { agentEntries, type AgentFacts } from './install.js';
import { AGENT_FILES, AGENT_SHIM, type AgentKind, agentNamed } from './kinds.js';
import type { SeenMarker } from './seen.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

type State = 'installed' | 'missing' | 'changed' | 'unreadable';

/** Whether the file holds every entry init writes for `kind`, exactly. */
export function agentState(kind: AgentKind, text: string | null): State {
  if (text === null) return 'missing';
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    return 'unreadable';
  }
  const hooks = isObject(data) ? data.hooks : undefined;
  if (!isObject(hooks)) return 'missing';
  let found = 0;
  let exact = 0;
  for (const entry of agentEntries(kind)) {
    const list = hooks[entry.event];
    if (!Array.isArray(list)) continue;
    const want = JSON.stringify(entry.value);
    if (list.some((e) => JSON.stringify(e) === want)) {
      found++;
      exact++;
    } else if (JSON.stringify(list).includes(AGENT_SHIM)) found++;
  }
  if (exact === agentEntries(kind).length) return 'installed';
  return found > 0 ? 'changed' : 'missing';
}

export function diagnoseAgents(facts: AgentFacts, chosen: AgentKind[], seen: (kind: AgentKind) => SeenMarker | null): Finding[] {
  const say = messages.doctorAgents;
  const out: Finding[] = [];
  if (chosen.length > 0 && facts.shim !== facts.shimTemplate) {
    out.push({ level: 'warn', ...(facts.shim === null ? say.shimMissing(AGENT_SHIM) : say.shimChanged(AGENT_SHIM)) });
  }
  for (const kind of chosen) {
    const file = AGENT_FILES[kind];
    const state = agentState(kind, facts.files[kind]);
    if (state === 'missing') out.push({ level: 'warn', ...say.missing(kind, file) });
    else if (state === 'changed') out.push({ level: 'warn', ...say.changed(kind, file, agentNamed(kind).retrusts ? agentNamed(kind).title : null) });
    else if (state === 'unreadable') out.push({ level: 'warn', ...say.unreadable(kind, file) });
    else {
      const marker = seen(kind);
      if (marker) out.push({ level: 'ok', text: say.seen(kind, file, marker.time, marker.event, marker.host) });
      else out.push({ level: 'warn', ...say.neverSeen(kind, file) });
    }
  }
  return out;
}
