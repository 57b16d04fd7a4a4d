// Placeholder until the issue that builds this hook lands: accepts and does nothing.
import type { HookRun } from '../commands/hook.js';
import { regenerateHandoff } from '../handoff/hook.js';

const run: HookRun = async () => {
  await regenerateHandoff();
  await (await import('../worklog/verified.js')).writeVerifiedMarker(); // worklog branch only: stands in for enforce's marker write
  return 0;
};
export default run;
