// The coding agents plan-hooks installs its edit-time hooks into: written once in core, where the
// person-only rule (src/core/person-only.ts) reads them too.
export { AGENT_FILES, AGENT_KINDS, AGENT_SHIM, type AgentKind, isAgentKind } from '../core/install/agent-kinds.js';
