// `plan-hooks start <task>` (issue 31 item 1): claim a task, make a linked worktree on a new branch
// for it, bind the worktree to the task and commit the claim there. Everything is decided before
// anything is made (the claim, the plan's validity, the branch, the path), and a step that fails
// afterwards takes back the worktree and the branch, so a refusal leaves nothing half-made.
import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Command } from './shared/command.js';
import { EXIT } from '../errors.js';
import { readWorktreeFacts } from '../facts/facts.js';
import { identityConflict } from '../core/identity.js';
import { UNKNOWN_FACTS, type PlanState } from '../core/plan-types.js';
import { taskKey } from '../core/task-key.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { detectJsonFormat, formatJson } from '../lib/json-format.js';
import { messages } from '../messages/index.js';
import { findPlanFiles } from '../plan/discover.js';
import { claimTask, type EditContext } from '../plan/edit.js';
import { validatePlanText } from '../plan/validate.js';
import { commonDirOf } from '../sessions/store.js';
import { bindTask } from '../sessions/binding.js';
import { absoluteGitDir, addWorktree, branchExists, commitOf, commitPaths, excludeInRepository, isIgnored, isValidBranchName, removeWorktree } from '../git/worktree-add.js';
import { sanitize } from '../term.js';
import { parseCommandArgs, usageError } from './shared/args.js';
import { decideEdit, editJson, type Located, locateTask, type PlanEdit, refusedJson, type Values } from './shared/plan-edit.js';

const SPEC = { command: 'start', usage: messages.startUsage };

/** A task id as one branch-name component: git's forbidden characters become '-'. */
export function taskSlug(taskId: string): string {
  const slug = taskId.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/\.{2,}/g, '.').replace(/^[-.]+|[-.]+$/g, '').replace(/\.lock$/, '');
  return slug === '' ? 'task' : slug.slice(0, 100);
}

const command: Command = {
  run: async (argv) => {
    const parsed = parseCommandArgs(argv, {
      ...SPEC,
      options: { as: { type: 'string' }, takeover: { type: 'boolean' }, branch: { type: 'string' }, path: { type: 'string' }, base: { type: 'string' }, json: { type: 'boolean' } },
      positionals: true,
    });
    const values = parsed.values as Values;
    if (parsed.positionals.length !== 1) throw usageError(SPEC, messages.editOneTask);
    const address = parsed.positionals[0]!;
    const json = values.json === true;
    const refuse = (file: string | null, text: { message: string; fix: string }): number => {
      if (json) return refusedJson('start', file, text.message, text.fix);
      process.stderr.write(sanitize(messages.editRefused('start', file ?? '-', text.message, text.fix)));
      return EXIT.failed;
    };

    const seen = await readWorktreeFacts();
    const { root, config } = seen;
    const actor = typeof values.as === 'string' ? values.as.trim() : seen.identity.name;
    if (actor === '') throw usageError(SPEC, messages.editEmptyAs);
    const conflict = typeof values.as === 'string' ? identityConflict({ name: actor, source: 'option', detail: '--as' }, seen.markers, config.aliases) : seen.conflict;
    if (conflict) return refuse(null, { message: messages.identityConflict(conflict, 'edit'), fix: '' });

    const spec: PlanEdit = { ...SPEC, options: {}, respectClaimsElsewhere: true, apply: (plan, taskId, ctx) => claimTask(plan, taskId, ctx, { takeover: values.takeover === true }) };
    const ctx: EditContext = { actor, aliases: config.aliases, now: seen.now, staleAfterHours: config.staleAfterHours };
    /** The claim on `target` and the text to write, or the refusal: someone else's live claim anywhere, or a plan that would not validate. */
    const decide = (target: Located): { ok: true; plan: PlanState; text: string; summary: string } | { ok: false; message: string; fix: string } => {
      const outcome = decideEdit(spec, target, ctx, values, seen.claims);
      if (!outcome.ok) return outcome;
      const text = formatJson(outcome.plan, detectJsonFormat(target.text));
      const errors = validatePlanText(text, target.file, { ...UNKNOWN_FACTS, ignoreCase: seen.repo.ignoreCase }, { now: seen.now, staleAfterHours: config.staleAfterHours }).problems.filter((p) => p.severity === 'error');
      if (errors.length > 0) return { ok: false, ...messages.startInvalid(target.file, errors.slice(0, 5).map((p) => `${p.path || '(root)'} ${p.line}:${p.column} ${p.message}`)) };
      return { ok: true, plan: outcome.plan, text, summary: outcome.summary };
    };

    // 1. Decide everything here, before anything is made.
    const here = await locateTask(root, await findPlanFiles(root, config), address);
    const first = decide(here);
    if (!first.ok) return refuse(here.file, first);
    const key = taskKey(here.plan.planId, here.taskId);
    const branch = typeof values.branch === 'string' ? values.branch : `agent/${taskSlug(here.taskId)}`;
    if (!(await isValidBranchName(root, branch))) return refuse(here.file, messages.startBadBranch(branch, key));
    if (await branchExists(root, branch)) return refuse(here.file, messages.startBranchExists(branch, key));
    const base = typeof values.base === 'string' ? values.base : 'HEAD';
    const commit = await commitOf(root, base);
    if (commit === null) return refuse(here.file, messages.startBadBase(base));
    // Beside the main worktree by default: never inside a tracked tree, and no tool of the repository (tsc, a test runner) walks into it.
    const mainRoot = resolve(commonDirOf(seen.repo.gitDir), '..');
    const path = resolve(typeof values.path === 'string' ? values.path : join(dirname(mainRoot), `${basename(mainRoot)}-${taskSlug(here.taskId)}`));
    if (existsSync(path)) return refuse(here.file, messages.startPathExists(path, key));

    // 2. Make it; any refusal from here on takes the worktree and the branch back.
    const made = await addWorktree(root, path, branch, commit);
    if (made.code !== 0) {
      await removeWorktree(root, path, branch);
      return refuse(here.file, messages.startGitFailed('worktree', made.stderr.trim()));
    }
    try {
      const there = await locateTask(path, await findPlanFiles(path, config), key).catch(() => null);
      if (there === null) {
        await removeWorktree(root, path, branch);
        return refuse(here.file, messages.startNoTask(key, base));
      }
      const claimed = decide(there);
      if (!claimed.ok) {
        await removeWorktree(root, path, branch);
        return refuse(there.file, claimed);
      }
      writeFileAtomic(join(path, there.file), claimed.text, there.text);
      bindTask(await absoluteGitDir(path), key);
      const excluded = await keepOutOfTree([...new Set([mainRoot, root])], path, commonDirOf(seen.repo.gitDir));
      // --as is a declaration like PLAN_HOOKS_AGENT: the claim's commit is made as that name.
      const env = typeof values.as === 'string' ? { ...process.env, PLAN_HOOKS_AGENT: actor } : process.env;
      const committed = await commitPaths(path, [there.file], messages.startCommitMessage(key), env);
      if (committed.code !== 0) {
        await removeWorktree(root, path, branch);
        return refuse(there.file, messages.startGitFailed('commit', `${committed.stderr}${committed.stdout}`.trim()));
      }
      const head = (await commitOf(path, 'HEAD')) ?? '';
      if (json) process.stdout.write(editJson('start', there.file, claimed.plan, there.taskId, claimed.summary, { branch, worktree: path, commit: head, base: commit }));
      else process.stdout.write(sanitize(messages.startDone(key, actor, branch, path, head, excluded)));
      return EXIT.ok;
    } catch (error) {
      await removeWorktree(root, path, branch);
      throw error;
    }
  },
};
export default command;

/** A worktree made inside a working tree is ignored there (info/exclude); the path it ignores, or null when it lies outside every tree. */
async function keepOutOfTree(roots: string[], path: string, commonDir: string): Promise<string | null> {
  for (const root of roots) {
    const rel = relative(root, path);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
    const posix = rel.split('\\').join('/');
    if (await isIgnored(root, `${posix}/`)) return null;
    return excludeInRepository(commonDir, posix, messages.startExcludeComment) ? posix : null;
  }
  return null;
}
