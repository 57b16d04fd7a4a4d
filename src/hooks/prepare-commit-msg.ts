// Placeholder until the issue that builds this hook lands: accepts and does nothing.
import type { HookRun } from '../commands/hook.js';

const run: HookRun = async () => 0;
export default run;
