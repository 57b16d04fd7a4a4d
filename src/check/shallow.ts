// check --range in a shallow clone: a commit whose parents git does not hold would be judged as
// adding every file, and refused for another's claims it never touched. So the history is fetched
// first (from the first remote, as `fetch-depth: 0` would have), and when that cannot be done a
// commit of the range at the boundary is a usage error that says so: never a refusal.
import { UsageError } from '../errors.js';
import { gitQueries } from '../git/git.js';
import { listRemotes } from '../git/remote.js';
import { IS_SHALLOW, SHALLOW_FILE, shallowCommits, unshallow } from '../git/shallow.js';
import { messages } from '../messages/index.js';

/** Deepens a shallow repository where a remote lets it; returns why it could not (null: whole, or made whole). */
export async function deepenIfShallow(root: string): Promise<string | null> {
  const { shallow } = await gitQueries({ shallow: IS_SHALLOW }, root, 1);
  if (!shallow) return null;
  const remotes = await listRemotes(root);
  const remote = remotes.includes('origin') ? 'origin' : remotes[0];
  if (remote === undefined) return messages.shallowNoRemote();
  const failed = await unshallow(remote, root);
  if (failed !== null) return messages.shallowFetchFailed(remote, failed);
  process.stderr.write(messages.shallowDeepened(remote));
  return null;
}

/** Throws when one of `commits` still sits at the shallow boundary (its parents are missing): `why` says why it was not deepened. */
export async function refuseShallowBoundary(commits: string[], why: string, root: string): Promise<void> {
  const { file } = await gitQueries({ file: SHALLOW_FILE }, root, 1);
  const boundary = shallowCommits(file);
  const cut = commits.find((c) => boundary.has(c));
  if (cut) throw new UsageError(messages.shallowBoundary(cut.slice(0, 12), why));
}
