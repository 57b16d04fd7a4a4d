// The pure parts of the agents' hooks: what a shell command evidently writes, Codex patches,
// each agent's payload, the decision, the replies.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideEdit, repoPath } from '../../src/agents/decide.js';
import { editIdentity } from '../../src/agents/replies.js';
import { readToolCall } from '../../src/agents/payload.js';
import { denyReply, warnReply } from '../../src/agents/reply.js';
import { patchPaths, shellFacts } from '../../src/agents/shell-writes.js';
import type { LiveClaim } from '../../src/core/claims.js';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import { removeDir } from '../fixtures/remove-dir.js';

const writes = (command: string) => shellFacts(command).writes.map((w) => `${w.how}:${w.path}${w.into ? ` into ${w.into.join(',')}` : ''}`);

test('shell: redirections, sed -i, tee, mv/cp/rm/touch targets are writes; quotes are read as sh reads them', () => {
  assert.deepEqual(writes('echo hi > a.txt'), ['>:a.txt']);
  assert.deepEqual(writes('echo hi >>b.txt 2>/dev/null'), ['>>:b.txt']);
  assert.deepEqual(writes('cmd 2> err.log 1>&2'), ['>:err.log']);
  assert.deepEqual(writes(`sed -i 's/a/b/' "my file.ts" other.ts`), ['sed -i:my file.ts', 'sed -i:other.ts']);
  assert.deepEqual(writes(`sed -i.bak -e 's/a/b/' x.ts`), ['sed -i:x.ts']);
  assert.deepEqual(writes('sed s/a/b/ x.ts'), [], 'sed without -i writes nothing');
  assert.deepEqual(writes('cat x | tee -a y.log z.log'), ['tee:y.log', 'tee:z.log']);
  // A destination takes the names inside it when it is a directory (write-targets.ts looks).
  assert.deepEqual(writes('mv old.ts new.ts'), ['mv:old.ts', 'mv:new.ts into old.ts']);
  assert.deepEqual(writes('cp -r a.ts b.ts dir/'), ['cp:dir/ into a.ts,b.ts']);
  assert.deepEqual(writes('cp -T a.ts b'), ['cp:b']);
  assert.deepEqual(writes('mv -t dest a.ts sub/b.ts/'), ['mv:a.ts', 'mv:sub/b.ts/', 'mv:dest/a.ts', 'mv:dest/b.ts']);
  assert.deepEqual(writes('cp --target-directory=dest a.ts'), ['cp:dest/a.ts']);
  assert.deepEqual(writes('rm -rf -- build out.js'), ['rm -r:build', 'rm -r:out.js']);
  assert.deepEqual(writes('rm -f out.js'), ['rm:out.js']);
  assert.deepEqual(writes('sudo touch -d now stamp'), ['touch:stamp']);
  assert.deepEqual(writes('FOO=1 env -u X perl -pi -e "s/a/b/" f.pl'), ['perl -i:f.pl']);
  assert.deepEqual(writes("bash -c 'echo x > inner.txt'"), ['>:inner.txt']);
  assert.deepEqual(writes('cd src && echo x > a.ts; echo y >> b.ts || rm c.ts'), ['>:src/a.ts', '>>:src/b.ts', 'rm:src/c.ts']);
  assert.deepEqual(writes('(cd src && touch a.ts); touch b.ts; cd /abs && touch c.ts; cd rel && touch d.ts'), ['touch:src/a.ts', 'touch:b.ts', 'touch:/abs/c.ts', 'touch:/abs/rel/d.ts']);
  assert.deepEqual(writes('cd "$X" && touch a.ts /abs/b.ts; cd - && touch c.ts'), ['touch:/abs/b.ts'], 'after an unknown cd only absolute paths are known');
});

test('shell: what needs expansion names no path; here-documents are data; comments are nothing; bounded', () => {
  assert.deepEqual(writes('echo x > "$OUT"'), []);
  assert.deepEqual(writes('echo x > ~/notes'), []);
  assert.deepEqual(writes('rm src/*.ts'), []);
  assert.deepEqual(writes('cat > plan.txt <<EOF\nrm -rf everything\necho > nope\nEOF\necho done > after.txt'), ['>:plan.txt', '>:after.txt']);
  assert.deepEqual(writes("cat <<'X' > out.txt\n$(rm a)\nX"), ['>:out.txt']);
  assert.deepEqual(writes('# echo x > a.txt'), []);
  assert.deepEqual(writes('echo "unterminated > a.txt'), [], 'unparsable: nothing');
  assert.deepEqual(writes(`echo ${'x '.repeat(40_000)} > a.txt`), [], 'too long: not read');
  assert.deepEqual(writes('echo x >&2'), []);
});

test('shell: skipping git hooks is recognised (never a false alarm on push -n or a message)', () => {
  const ways = (c: string) => shellFacts(c).bypasses;
  assert.deepEqual(ways('git commit --no-verify -m x'), ['git commit --no-verify']);
  assert.deepEqual(ways('git commit -anm x'), ['git commit -anm']);
  assert.deepEqual(ways('git commit -n'), ['git commit -n']);
  assert.deepEqual(ways('git commit -m no-verify'), []);
  assert.deepEqual(ways('git commit -mn'), [], '-m takes the rest as its value');
  assert.deepEqual(ways('git push -n origin main'), [], 'push -n is --dry-run');
  assert.deepEqual(ways('git push --no-verify'), ['git push --no-verify']);
  assert.deepEqual(ways('git -c core.hooksPath=/dev/null commit -m x'), ['git -c core.hooksPath=/dev/null commit']);
  assert.deepEqual(ways('HUSKY=0 git commit -m x'), ['HUSKY=0 git commit']);
  assert.deepEqual(ways('git status'), []);
});

test('Codex patches: added, updated, deleted and moved-to paths', () => {
  const patch = '*** Begin Patch\n*** Add File: src/new.ts\n+x\n*** Update File: src/a.ts\n*** Move to: src/b.ts\n@@\n-a\n+b\n*** Delete File: old.ts\n*** End Patch\n';
  assert.deepEqual(patchPaths(patch), ['src/new.ts', 'src/a.ts', 'src/b.ts', 'old.ts']);
  assert.deepEqual(writes(`apply_patch <<'EOF'\n${patch}EOF`).filter((w) => w.startsWith('apply_patch')), ['apply_patch:src/new.ts', 'apply_patch:src/a.ts', 'apply_patch:src/b.ts', 'apply_patch:old.ts']);
});

test("payloads: each agent's file tools, its host, and the agent that edits", () => {
  const paths = (p: unknown, kind: Parameters<typeof readToolCall>[1]) => readToolCall(p, kind)!.writes.map((w) => w.path);
  assert.deepEqual(paths({ hook_event_name: 'PreToolUse', tool_name: 'MultiEdit', tool_input: { file_path: '/r/a.ts', edits: [] } }, 'claude'), ['/r/a.ts']);
  assert.deepEqual(paths({ hook_event_name: 'PreToolUse', tool_name: 'NotebookEdit', tool_input: { notebook_path: '/r/n.ipynb' } }, 'claude'), ['/r/n.ipynb']);
  assert.deepEqual(paths({ hook_event_name: 'BeforeTool', tool_name: 'replace', tool_input: { file_path: '/r/g.ts', old_string: 'a', new_string: 'b' } }, 'gemini'), ['/r/g.ts']);
  assert.deepEqual(paths({ tool_name: 'apply_patch', tool_input: { command: '*** Begin Patch\n*** Update File: a.ts\n*** End Patch' } }, 'codex'), ['a.ts']);
  assert.deepEqual(paths({ toolName: 'create', toolArgs: '{"path":"/r/c.ts","file_text":"x"}' }, 'copilot'), ['/r/c.ts']);
  const vscode = readToolCall({ hookEventName: 'PreToolUse', sessionId: 's', tool_name: 'editFiles', tool_input: { files: ['a.ts', 'b.ts'] } }, 'claude')!;
  assert.deepEqual([vscode.host, vscode.agent, vscode.writes.map((w) => w.path)], ['vscode', 'copilot', ['a.ts', 'b.ts']]);
  const cursor = readToolCall({ conversation_id: 'c', workspace_roots: ['/r'], tool_name: 'Delete', tool_input: { path: '/r/d.ts' } }, 'claude')!;
  assert.deepEqual([cursor.host, cursor.agent, cursor.cwd], ['cursor', 'cursor', '/r']);
  assert.deepEqual(readToolCall({ tool_name: 'Read', tool_input: { file_path: '/r/a.ts' } }, 'claude')!.writes, []);
  assert.equal(readToolCall('not an object', 'claude'), null);
});

const claim = (holder: string, files: string[], stale = false): LiveClaim => ({ task: 'p/t', file: 'docs/p-plan.json', holder, since: '2026-01-01T00:00:00Z', files, stale, source: { kind: 'worktree', label: 'the working tree' }, branch: null });

test('decision: outside the repository is not judged; plan files are exempt; stale or warn mode only warns; aliases make the same holder', () => {
  assert.equal(repoPath('/elsewhere/a.ts', '/r', '/r'), null);
  assert.equal(repoPath('../x', '/r', '/r'), null);
  assert.equal(repoPath('src/a.ts', '/r/sub', '/r'), 'sub/src/a.ts');
  const base = { cwd: '/r', root: '/r', identity: { name: 'claude' }, config: DEFAULT_CONFIG, isPlanFile: (p: string) => p === 'docs/p-plan.json', ignoreCase: false };
  const w = (path: string) => [{ path, how: 'Edit' }];
  assert.equal(decideEdit({ ...base, writes: w('/r/src/a.ts'), claims: [claim('codex', ['src/'])] }).refusals.length, 1);
  assert.equal(decideEdit({ ...base, writes: w('/tmp/a.ts'), claims: [claim('codex', ['src/'])] }).refusals.length, 0);
  assert.equal(decideEdit({ ...base, writes: w('/r/docs/p-plan.json'), claims: [claim('codex', ['docs/'])] }).refusals.length, 0);
  const stale = decideEdit({ ...base, writes: w('/r/src/a.ts'), claims: [claim('codex', ['src/'], true)] });
  assert.deepEqual([stale.refusals.length, stale.warnings.length], [0, 1]);
  const warn = decideEdit({ ...base, config: { ...DEFAULT_CONFIG, checks: { ...DEFAULT_CONFIG.checks, claims: 'warn' } }, writes: w('/r/src/a.ts'), claims: [claim('codex', ['src/'])] });
  assert.deepEqual([warn.refusals.length, warn.warnings.length], [0, 1]);
  assert.equal(decideEdit({ ...base, writes: w('/r/src/a.ts'), claims: [claim('Claude-Code', ['src/'])] }).refusals.length, 0, 'alias of claude');
  assert.deepEqual(editIdentity('claude', { PLAN_HOOKS_AGENT: 'codex' }, DEFAULT_CONFIG).identity.name, 'claude', 'another agent declared: ignored');
  assert.deepEqual(editIdentity('claude', { PLAN_HOOKS_AGENT: 'claude-code' }, DEFAULT_CONFIG).identity.source, 'env');
});

test('replies: a denial in each protocol; a warning never sets a permission decision', () => {
  assert.deepEqual(JSON.parse(denyReply('claude', 'no').stdout), { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' } });
  assert.deepEqual(JSON.parse(denyReply('gemini', 'no').stdout), { decision: 'deny', reason: 'no' });
  assert.deepEqual(JSON.parse(denyReply('copilot', 'no').stdout), { permissionDecision: 'deny', permissionDecisionReason: 'no' });
  assert.equal(JSON.parse(denyReply('cursor', 'no\nmore').stdout).permission, 'deny');
  for (const host of ['claude', 'codex', 'gemini', 'cursor', 'copilot', 'vscode'] as const) {
    const text = warnReply(host, 'careful').stdout;
    assert.doesNotMatch(text, /"(permissionDecision|permission|decision)"/, host);
    assert.match(text, /careful/);
  }
});

test('configuration at edit time: read without the validator when the keys it uses have their types, else left to loadConfig', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { loadConfigUnchecked, loadConfig } = await import('../../src/config/config.js');
  const dir = mkdtempSync(join(tmpdir(), 'agents-config-'));
  assert.equal(loadConfigUnchecked(dir), DEFAULT_CONFIG);
  writeFileSync(join(dir, '.plan-hooks.json'), '{"agents":["claude"],"staleAfterHours":2,"aliases":{"codex":["openai"]}}');
  const quick = loadConfigUnchecked(dir)!;
  assert.deepEqual([quick.staleAfterHours, quick.aliases, quick.agents], [2, { ...DEFAULT_CONFIG.aliases, codex: ['openai'] }, ['claude']]);
  assert.deepEqual(quick, await loadConfig(dir), 'the same as the validated read');
  writeFileSync(join(dir, '.plan-hooks.json'), '{"plans":"docs/*.json"}');
  assert.equal(loadConfigUnchecked(dir), null);
  await assert.rejects(loadConfig(dir));
  removeDir(dir);
});
