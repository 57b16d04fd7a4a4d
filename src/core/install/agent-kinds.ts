// The coding agents plan-hooks installs its edit-time hooks into, and the project file each reads
// (here, below every layer, so the person-only rule in ../person-only.ts knows them too).

export const AGENT_KINDS = ['claude', 'codex', 'gemini', 'cursor', 'copilot'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];
export const isAgentKind = (v: string): v is AgentKind => (AGENT_KINDS as readonly string[]).includes(v);

/** The repository-relative file each agent reads its project hooks from. */
export const AGENT_FILES: Record<AgentKind, string> = {
  claude: '.claude/settings.json',
  codex: '.codex/hooks.json',
  gemini: '.gemini/settings.json',
  cursor: '.cursor/hooks.json',
  copilot: '.github/hooks/plan-hooks.json',
};

/** The committed shim every installed command runs (src/agents/install.ts writes it). */
export const AGENT_SHIM = '.plan-hooks/agent-hook.sh';
