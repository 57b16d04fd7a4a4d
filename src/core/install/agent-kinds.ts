// The coding agents and the files they read, for the install decisions and the person-only rule:
// each agent is one module in ../agents/, listed once in ../agents/index.ts.
export { AGENT_FILES, AGENT_KINDS, AGENT_SHIM, type AgentKind, isAgentKind } from '../agents/index.js';
