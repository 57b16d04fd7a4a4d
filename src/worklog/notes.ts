// Optional mirror of worklog entries to git notes (config `notes`), so the record can travel with
// `git push refs/notes/plan-hooks`. notes.rewriteRef makes git carry a note across amend and rebase;
// post-commit has already written the new commit's own entry by then, so notes.rewriteMode=ignore
// keeps it rather than concatenating the old commit's entry onto it (only when the user set no mode).
import { git } from '../git/git.js';

export const NOTES_REF = 'refs/notes/plan-hooks';

export async function mirrorToNotes(commit: string, entry: object, cwd: string): Promise<void> {
  const refs = (await git(['config', '--get-all', 'notes.rewriteRef'], { cwd, allowFail: true })) ?? '';
  if (!refs.split('\n').includes(NOTES_REF)) await git(['config', '--add', 'notes.rewriteRef', NOTES_REF], { cwd });
  const mode = await git(['config', '--get', 'notes.rewriteMode'], { cwd, allowFail: true });
  // plan-hooks.notesRewriteMode records that the mode is ours, so uninstall takes back only that.
  if (mode === null) {
    await git(['config', 'notes.rewriteMode', 'ignore'], { cwd });
    await git(['config', 'plan-hooks.notesRewriteMode', 'ignore'], { cwd });
  }
  await git(['notes', `--ref=${NOTES_REF}`, 'add', '-f', '-F', '-', commit], { cwd, input: `${JSON.stringify(entry)}\n` });
}
