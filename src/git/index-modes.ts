// The modes of index entries, for the handoff's index edits (./index-edit.ts): a read of its
// own, without the edits' imports, because pre-commit starts it with the handoff's other reads
// before the plan-commit bundle is loaded (src/handoff/reads.ts).
import { git, query, splitNul } from './git.js';

/** Pure: `ls-files -s -z` output → path → mode (stage 0 or any stage: one mode per path). */
export function parseIndexModes(out: string): Map<string, string> {
  const modes = new Map<string, string>();
  for (const line of splitNul(out)) {
    const tab = line.indexOf('\t');
    modes.set(line.slice(tab + 1), line.slice(0, line.indexOf(' ')));
  }
  return modes;
}

/** The modes of the index entries for `paths`; a path the index does not hold is absent. */
export const indexModesOf = (paths: string[]) => query(['ls-files', '-s', '-z', '--', ...paths], parseIndexModes);

/** indexModesOf, run against the index `env` names. */
export async function indexModes(paths: string[], root: string, env: NodeJS.ProcessEnv): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map();
  const q = indexModesOf(paths);
  return q.parse(await git(q.command as string[], { cwd: root, env }));
}
