// The marker doctor reads to tell that an agent really runs plan-hooks' hooks here: Claude
// Code, Codex and the Copilot CLI skip a project's hooks, silently, until the user trusts the
// folder. Session start leaves it, and so does the first pre-tool call that finds none.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentKind } from './kinds.js';

/** Where the agents' hooks keep their state: uninstall removes the directory. */
export const agentStateDir = (gitDir: string) => join(gitDir, 'plan-hooks', 'agents');

export const seenMarkerFile = (gitDir: string, kind: AgentKind) => join(agentStateDir(gitDir), `${kind}.json`);

export interface SeenMarker {
  agent: AgentKind;
  /** Who really sent the payload: the agent, or VS Code / Cursor reading the agent's file. */
  host: string;
  event: string;
  time: string;
}

/** Leaves the marker doctor reads: this agent's hooks ran here, at this time. Never fails. */
export function markSeen(gitDir: string, marker: SeenMarker): void {
  try {
    const file = seenMarkerFile(gitDir, marker.agent);
    mkdirSync(agentStateDir(gitDir), { recursive: true });
    writeFileSync(file, `${JSON.stringify(marker)}\n`);
  } catch {
    // A read-only git dir only means doctor cannot tell that the hooks ran.
  }
}

export function readSeen(gitDir: string, kind: AgentKind): SeenMarker | null {
  try {
    const data = JSON.parse(readFileSync(seenMarkerFile(gitDir, kind), 'utf8')) as SeenMarker;
    return typeof data.time === 'string' ? data : null;
  } catch {
    return null;
  }
}
