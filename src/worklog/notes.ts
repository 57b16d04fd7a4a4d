// Optional mirror of worklog entries to git notes (config `notes`), so the record can travel with
// `git push refs/notes/plan-hooks`. notes.rewriteRef makes git carry a note across amend and rebase;
// post-commit has already written the new commit's own entry by then, so notes.rewriteMode=ignore
// keeps it rather than concatenating the old commit's entry onto it (only when the user set no mode).
import { gitQueries } from '../git/git.js';
import { setNote } from '../git/notes.js';
import { configNamed, configValues, setConfig } from '../git/queries.js';

export const NOTES_REF = 'refs/notes/plan-hooks';

export async function mirrorToNotes(commit: string, entry: object, cwd: string): Promise<void> {
  const { refs, mode } = await gitQueries({ refs: configValues('notes.rewriteRef'), mode: configNamed('notes.rewriteMode') }, cwd);
  if (!refs.includes(NOTES_REF)) await setConfig('notes.rewriteRef', NOTES_REF, cwd, { add: true });
  // plan-hooks.notesRewriteMode records that the mode is ours, so uninstall takes back only that.
  if (mode === null) {
    await setConfig('notes.rewriteMode', 'ignore', cwd);
    await setConfig('plan-hooks.notesRewriteMode', 'ignore', cwd);
  }
  await setNote(NOTES_REF, commit, `${JSON.stringify(entry)}\n`, cwd);
}
