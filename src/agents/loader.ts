// The agents' hook entry, dist/src/hooks/agent.cjs, which the committed shim
// .plan-hooks/agent-hook.sh starts with node: it runs the hook's bundle beside it
// (agent-main.cjs, ./main.ts) from V8's code cache of it (../lib/code-cache.ts), kept under the
// git dir. Kept this small because node compiles it on every edit; when the bundle cannot even
// be started, it fails open with one line, as the hook does.
import { join } from 'node:path';
import { runBundle } from '../lib/code-cache.js';
import { gitDirOf } from '../git/git-dir.js';
import { agentStateDir } from './seen.js';
import { errorDetail, failOpenLine, writeAll } from './hook-output.js';

export const codeCacheFile = (gitDir: string) => join(agentStateDir(gitDir), 'code-cache');

/** The code cache of the repository whose top is `root`, or null when its git dir is not found. */
function cacheFileOf(root: string | undefined): string | null {
  try {
    const gitDir = root === undefined ? null : gitDirOf(root);
    return gitDir === null ? null : codeCacheFile(gitDir);
  } catch {
    return null;
  }
}

/** argv is the shim's: [root, agent, event]; `require` is the entry's own (the bundle sits beside it). */
export function load(dir: string, argv: string[], require: NodeJS.Require): void {
  try {
    // Only a pre-tool run leaves the cache: it holds what that run compiled, which is what every edit runs.
    runBundle(join(dir, 'agent-main.cjs'), cacheFileOf(argv[0]), () => argv[2] === 'pre-tool', require);
  } catch (error) {
    failOpenLine(errorDetail(error))
      .then((line) => writeAll(2, line))
      .catch(() => undefined);
  }
}
