// The coding agents plan-hooks installs its edit-time hooks into: each one module in
// src/core/agents/ (pure, where the person-only rule in src/core/person-only.ts reads them too).
export { AGENTS, AGENT_FILES, AGENT_KINDS, AGENT_SHIM, type AgentKind, type Host, agentNamed, isAgentKind, protocolNamed } from '../core/agents/index.js';
