// pre-commit's one call into the handoff: regenerate and stage the blocks when a plan is staged,
// and print what the handoff states that git contradicts. Warnings never refuse the commit.
import { messages } from '../messages.js';
import { sanitize } from '../term.js';

export async function regenerateHandoff(cwd?: string): Promise<void> {
  const { stageHandoff } = await import('./stage.js');
  const { warnings } = await stageHandoff(cwd);
  for (const w of warnings) process.stderr.write(sanitize(messages.handoffWarning(w.file, w.text)));
}
