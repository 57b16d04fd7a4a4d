// Applying the changes init and uninstall decided (../core/install/action.ts: data, each with
// the sentence that describes it): --dry-run prints them, a real run applies them in order.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { UserError } from '../errors.js';
import { commonDirSync, setLocalConfigSync, unsetLocalConfigSync } from '../git/sync.js';
import { detectJsonFormat, formatJson } from '../lib/json-format.js';
import { messages } from '../messages/index.js';
import type { Action } from '../core/install/action.js';

/** JSON written back in the file's own format (indent, line endings, final newline: ../lib/json-format.ts). */
function editJsonFile(path: string, edit: (data: Record<string, unknown>) => void): void {
  const text = readFileSync(path, 'utf8');
  const data = JSON.parse(text) as Record<string, unknown>;
  edit(data);
  writeFileSync(path, formatJson(data, detectJsonFormat(text)));
}

export function apply(action: Action): void {
  switch (action.kind) {
    case 'write': {
      mkdirSync(dirname(action.path), { recursive: true });
      const mode = action.mode ?? (existsSync(action.path) ? statSync(action.path).mode & 0o777 : 0o644);
      writeFileSync(action.path, action.content);
      chmodSync(action.path, mode);
      return;
    }
    case 'remove':
      rmSync(action.path, { recursive: true, force: true });
      return;
    case 'rename':
      renameSync(action.from, action.to);
      return;
    case 'copyDir':
      if (!existsSync(action.from)) return;
      cpSync(action.from, action.to, { recursive: true });
      return;
    case 'gitConfig':
      if (action.value === null) {
        const valuePattern = action.match === undefined ? undefined : `^${action.match.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
        unsetLocalConfigSync(action.key, { valuePattern, strict: true });
      } else setLocalConfigSync(action.key, action.value);
      return;
    case 'command': {
      const [cmd, ...args] = action.argv as [string, ...string[]];
      // Its output goes to stderr as it runs (init's stdout stays its own list): the progress
      // of a dependency install, and why it failed.
      const r = spawnSync(cmd, args, { cwd: action.cwd, stdio: ['ignore', 2, 2] });
      if (r.status !== 0) {
        throw new UserError(messages.commandFailed(action.argv.join(' '), r.error?.message ?? messages.commandOutputAbove()));
      }
      return;
    }
    case 'husky': {
      const bin = [action.root, ...mainRoots(action.root)]
        .map((r) => join(r, 'node_modules/husky/bin.js'))
        .find(existsSync);
      if (!bin) throw new UserError(messages.huskyMissing());
      const r = spawnSync(process.execPath, [bin], { cwd: action.root, encoding: 'utf8', env: { ...process.env, HUSKY: '' } });
      const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
      if (r.status !== 0 || !existsSync(join(action.root, '.husky/_/h'))) throw new UserError(messages.huskyFailed(out));
      return;
    }
    case 'editJson':
      editJsonFile(action.path, action.edit);
      return;
  }
}

/** The main worktree's root, for a linked worktree whose own node_modules does not exist. */
function mainRoots(root: string): string[] {
  const common = commonDirSync(root);
  return [dirname(common)];
}

/** Prints and applies actions one by one, so a failure shows how far it got. */
export function runActions(actions: Action[], dryRun: boolean, header: string): void {
  if (dryRun) process.stdout.write(header);
  for (const action of actions) {
    // Said before it runs: a package manager's install takes seconds, and its output follows.
    process.stdout.write(`  ${action.what}\n`);
    if (!dryRun) apply(action);
  }
}

/** The files in the working tree the actions changed, written or removed, for the `git add` a person runs next. */
export function filesToCommit(actions: Action[], root: string, commonDir: string): string[] {
  const inside = (dir: string, path: string) => {
    const rel = relative(dir, path);
    return !rel.startsWith('..') && !isAbsolute(rel);
  };
  const files = new Set<string>();
  for (const action of actions) {
    const path = action.kind === 'write' || action.kind === 'editJson' || action.kind === 'remove' ? action.path : null;
    if (action.kind === 'command') files.add('package.json');
    if (path === null || !inside(root, path) || inside(commonDir, path)) continue;
    const rel = relative(root, path);
    files.add(rel.startsWith('.husky/') ? '.husky' : rel);
  }
  return [...files].sort();
}
