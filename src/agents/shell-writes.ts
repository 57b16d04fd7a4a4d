// What a shell command evidently writes, read from its text (pure). Best effort and bounded: the
// command is tokenized as POSIX sh quotes it, never expanded, evaluated or run. A token that
// needs expansion to be known ($VAR, `…`, globs, ~) names no path: edit time fails open, and the
// commit is the wall. Also: the ways a command skips git's hooks, which are warned about.

/** A path the command writes, as written in the command (relative to its working directory), and how. */
export interface ShellWrite {
  path: string;
  how: string;
  /** Removed or moved with whatever lies under it, when it is a directory (`rm -r`, mv's source). */
  tree?: boolean;
  /** The directory entry itself is written, not what a symbolic link there points to (rm, unlink, mv's source). */
  entry?: boolean;
  /** A copy's or move's destination: when it is a directory, these names are written inside it instead. */
  into?: string[];
}

export interface ShellFacts {
  writes: ShellWrite[];
  /** How the command skips plan-hooks' git hooks, e.g. "git commit --no-verify". */
  bypasses: string[];
}

/** Past these the command is not read at all (fail open): a tool call is not a script file. */
const MAX_LENGTH = 64 * 1024;
const MAX_TOKENS = 4000;
const MAX_DEPTH = 2;

interface Word {
  text: string;
  /** False when part of it needs expansion to be known. */
  literal: boolean;
}

type Token = { op: string } | { word: Word };

const OPERATORS = ['&&', '||', ';;', '>>', '>|', '&>', '<<', '<>', '>&', '<&', ';', '|', '&', '>', '<', '(', ')', '\n'];

/** Splits `text` into words and operators the way sh would before expansion; null when unbounded. */
function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  let word: Word | null = null;
  const push = () => {
    if (word) tokens.push({ word });
    word = null;
  };
  const add = (s: string, literal = true) => {
    word ??= { text: '', literal: true };
    word.text += s;
    if (!literal) word.literal = false;
  };
  const heredocs: { delim: string; strip: boolean }[] = [];
  while (i < text.length) {
    if (tokens.length > MAX_TOKENS) return null;
    const c = text[i]!;
    if (c === '\\') {
      if (text[i + 1] === '\n') i += 2;
      else {
        add(text[i + 1] ?? '');
        i += 2;
      }
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) return null;
      add(text.slice(i + 1, end));
      i = end + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let s = '';
      let literal = true;
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length && '$`"\\\n'.includes(text[j + 1]!)) {
          s += text[j + 1];
          j += 2;
          continue;
        }
        if (text[j] === '$' || text[j] === '`') literal = false;
        s += text[j];
        j++;
      }
      if (j >= text.length) return null;
      add(s, literal);
      i = j + 1;
      continue;
    }
    if (c === '#' && word === null) {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl;
      continue;
    }
    if (c === ' ' || c === '\t') {
      push();
      i++;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op) {
      // `2>` and `1>>`: a file descriptor number glued to a redirection belongs to it.
      if ((op[0] === '>' || op[0] === '<') && word !== null && /^\d+$/.test((word as Word).text)) word = null;
      push();
      tokens.push({ op });
      i += op.length;
      if (op === '<<') {
        // The here-document's body is data, not commands: skip it.
        let strip = false;
        if (text[i] === '-') {
          strip = true;
          i++;
        }
        while (text[i] === ' ' || text[i] === '\t') i++;
        const m = /^(['"]?)([^\s'";&|<>()]+)\1/.exec(text.slice(i));
        if (m) {
          heredocs.push({ delim: m[2]!, strip });
          tokens.push({ word: { text: m[2]!, literal: true } });
          i += m[0].length;
        }
      }
      if (op === '\n' && heredocs.length > 0) {
        for (const h of heredocs.splice(0)) {
          for (;;) {
            const nl = text.indexOf('\n', i);
            const line = text.slice(i, nl === -1 ? text.length : nl);
            i = nl === -1 ? text.length : nl + 1;
            if ((h.strip ? line.replace(/^\t+/, '') : line) === h.delim || nl === -1) break;
          }
        }
      }
      continue;
    }
    add(c, !'$`*?[{~'.includes(c));
    i++;
  }
  push();
  return tokens;
}

/** The simple commands of a token list: words and redirections between operators. */
interface Simple {
  words: Word[];
  redirects: { op: string; target: Word | null }[];
}

/** A subshell's start or end: a `cd` inside it ends with it. */
type Group = '(' | ')';

function simpleCommands(tokens: Token[]): (Simple | Group)[] {
  const out: (Simple | Group)[] = [];
  let cur: Simple = { words: [], redirects: [] };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if ('word' in t) {
      cur.words.push(t.word);
      continue;
    }
    if (['>', '>>', '>|', '&>', '<>', '>&'].includes(t.op)) {
      const next = tokens[i + 1];
      cur.redirects.push({ op: t.op, target: next && 'word' in next ? next.word : null });
      if (next && 'word' in next) i++;
      continue;
    }
    if (t.op === '<' || t.op === '<&' || t.op === '<<') {
      const next = tokens[i + 1];
      if (next && 'word' in next) i++;
      continue;
    }
    out.push(cur);
    if (t.op === '(' || t.op === ')') out.push(t.op);
    cur = { words: [], redirects: [] };
  }
  out.push(cur);
  return out.filter((s) => typeof s === 'string' || s.words.length > 0 || s.redirects.length > 0);
}

/** Words that run the command after them (`sudo sed -i …`), with the options they take a value for. */
const WRAPPERS: Record<string, Set<string>> = {
  sudo: new Set(['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U']),
  doas: new Set(['-u', '-C']),
  env: new Set(['-u', '-C', '-S']),
  nohup: new Set(),
  time: new Set(),
  command: new Set(),
  exec: new Set(),
  nice: new Set(['-n']),
  xargs: new Set(['-I', '-n', '-P', '-d', '-L', '-s', '-E']),
};

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The command's words after assignments and wrappers, and the assignments it was given. */
function unwrap(words: Word[]): { argv: Word[]; assignments: string[] } {
  const assignments: string[] = [];
  let i = 0;
  for (;;) {
    while (i < words.length && ASSIGNMENT.test(words[i]!.text)) assignments.push(words[i++]!.text);
    const w = words[i]?.text;
    if (w === undefined || !Object.hasOwn(WRAPPERS, w)) break;
    const withValue = WRAPPERS[w]!;
    i++;
    while (i < words.length && words[i]!.text.startsWith('-')) {
      if (withValue.has(words[i]!.text)) i++;
      i++;
    }
  }
  return { argv: words.slice(i), assignments };
}

const base = (w: Word | undefined) => (w ? w.text.slice(w.text.lastIndexOf('/') + 1) : '');

/** Operands (non-options) of an argv, honouring `--`. */
function operands(args: Word[], withValue: Set<string> = new Set()): Word[] {
  const out: Word[] = [];
  let options = true;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (options && a.text === '--') {
      options = false;
      continue;
    }
    if (options && a.text.startsWith('-') && a.text !== '-') {
      if (withValue.has(a.text)) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

function sedFiles(args: Word[]): Word[] | null {
  let inPlace = false;
  let scriptGiven = false;
  const rest: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!.text;
    if (a === '-i' || a.startsWith('-i') || a === '--in-place' || a.startsWith('--in-place=')) inPlace = true;
    else if (/^-[a-zA-Z]*i/.test(a) && !a.startsWith('--')) inPlace = true;
    if (a === '-e' || a === '-f' || a === '--expression' || a === '--file') {
      scriptGiven = true;
      i++;
      continue;
    }
    if (a.startsWith('-') && a !== '-') continue;
    rest.push(args[i]!);
  }
  if (!inPlace) return null;
  return scriptGiven ? rest : rest.slice(1);
}

/** `git` with its global options: the subcommand and its arguments, and `-c key=value` settings. */
function gitInvocation(args: Word[]): { sub: string; rest: Word[]; settings: string[] } {
  const settings: string[] = [];
  let i = 0;
  while (i < args.length && args[i]!.text.startsWith('-')) {
    const a = args[i]!.text;
    if (a === '-c' || a === '-C' || a === '--git-dir' || a === '--work-tree' || a === '--namespace' || a === '--config-env') {
      if (a === '-c') settings.push(args[i + 1]?.text ?? '');
      i += 2;
      continue;
    }
    if (a.startsWith('-c') && a.length > 2) settings.push(a.slice(2));
    i++;
  }
  return { sub: args[i]?.text ?? '', rest: args.slice(i + 1), settings };
}

/** In a cluster of git commit's short flags, whether -n comes before a flag that takes the rest as its value. */
function shortFlagsSayN(flags: string): boolean {
  for (const f of flags) {
    if (f === 'n') return true;
    if ('mFCctSu'.includes(f)) return false;
  }
  return false;
}

function gitBypasses(args: Word[], assignments: string[]): string[] {
  const { sub, rest, settings } = gitInvocation(args);
  const out: string[] = [];
  if (sub !== 'commit' && sub !== 'push' && sub !== 'merge' && sub !== 'am' && sub !== 'rebase' && sub !== 'cherry-pick' && sub !== 'revert') {
    return out;
  }
  for (const s of settings) if (/^core\.hookspath(=|$)/i.test(s)) out.push(`git -c ${s} ${sub}`);
  for (const a of assignments) if (/^(PLAN_HOOKS=0|HUSKY=0)$/.test(a)) out.push(`${a} git ${sub}`);
  for (const w of rest) {
    const a = w.text;
    if (a === '--') break;
    if (a === '--no-verify') out.push(`git ${sub} --no-verify`);
    // -n is --no-verify for commit (alone or among short flags: -anm); for push it is --dry-run.
    else if (sub === 'commit' && /^-[a-zA-Z]+$/.test(a) && shortFlagsSayN(a.slice(1))) out.push(`git commit ${a}`);
  }
  return out;
}

const PATCH_HEADER = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm;

/** The paths an apply_patch patch adds, updates, deletes or moves to (Codex's patch format). */
export function patchPaths(patch: string): string[] {
  const out: string[] = [];
  for (const m of patch.slice(0, 4 * MAX_LENGTH).matchAll(PATCH_HEADER)) out.push(m[1]!.trim());
  return [...new Set(out)];
}

/** `-t DIR`, `-tDIR`, `--target-directory=DIR` or `--target-directory DIR`: the directory and the words that name it. */
function targetDirectory(args: Word[]): { dir: Word | null; at: Set<number> } | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!.text;
    if (a === '--') return null;
    if (a === '-t' || a === '--target-directory') return { dir: args[i + 1] ?? null, at: new Set([i, i + 1]) };
    if (a.startsWith('--target-directory=')) return { dir: { text: a.slice('--target-directory='.length), literal: args[i]!.literal }, at: new Set([i]) };
    if (/^-t./.test(a)) return { dir: { text: a.slice(2), literal: args[i]!.literal }, at: new Set([i]) };
  }
  return null;
}

/** Whether rm's options say recursive (-r, -R, -rf, --recursive). */
const recursive = (args: Word[]) => args.some((a) => a.text === '--recursive' || /^-[a-zA-Z]*[rR]/.test(a.text));

/** The directory a `cd` leads to from `dir` ('' is the command's own; null: not known without expanding). */
function cdTo(dir: string | null, args: Word[]): string | null {
  const to = operands(args)[0];
  if (!to || !to.literal || to.text === '-' || to.text.startsWith('~')) return null;
  if (to.text.startsWith('/')) return to.text;
  return dir === null ? null : dir === '' ? to.text : `${dir}/${to.text}`;
}

/**
 * What `command` evidently writes and how it skips git's hooks; nothing when it cannot be read.
 * Paths are relative to the command's working directory as `cd` leaves it (`dir`: where this
 * command starts, relative to the tool's; null when a `cd` led where the text does not say).
 */
export function shellFacts(command: string, depth = 0, dir: string | null = ''): ShellFacts {
  const facts: ShellFacts = { writes: [], bypasses: [] };
  if (command.length > MAX_LENGTH) return facts;
  // apply_patch run through the shell (Codex): the patch names its files.
  if (command.includes('*** Begin Patch')) for (const path of patchPaths(command)) facts.writes.push({ path, how: 'apply_patch' });
  const tokens = tokenize(command);
  if (!tokens) return facts;
  const at = (path: string): string | null => (path.startsWith('/') ? path : dir === null ? null : dir === '' ? path : `${dir}/${path}`);
  const write = (w: Word | null | undefined, how: string, extra: Omit<ShellWrite, 'path' | 'how'> = {}) => {
    if (!w || !w.literal || w.text === '' || w.text.startsWith('&') || w.text.startsWith('/dev/')) return;
    const path = at(w.text);
    if (path !== null) facts.writes.push({ path, how, ...extra });
  };
  // The directory each enclosing subshell started in: a `cd` inside one ends with it.
  const outer: (string | null)[] = [];
  for (const simple of simpleCommands(tokens)) {
    if (simple === '(') {
      outer.push(dir);
      continue;
    }
    if (simple === ')') {
      if (outer.length > 0) dir = outer.pop()!;
      continue;
    }
    for (const r of simple.redirects) {
      if (r.op === '>&' && r.target && /^\d+$|^-$/.test(r.target.text)) continue;
      write(r.target, r.op === '>>' ? '>>' : '>');
    }
    const { argv, assignments } = unwrap(simple.words);
    const name = base(argv[0]);
    const args = argv.slice(1);
    switch (name) {
      case 'cd':
      case 'pushd':
        dir = cdTo(dir, args);
        break;
      case 'popd':
        dir = null;
        break;
      case 'tee':
        for (const w of operands(args)) write(w, 'tee');
        break;
      case 'sed':
      case 'gsed':
        for (const w of sedFiles(args) ?? []) write(w, 'sed -i');
        break;
      case 'perl':
        if (args.some((a) => /^-[a-zA-Z]*i/.test(a.text))) for (const w of operands(args, new Set(['-e', '-E', '-M', '-I'])).slice(args.some((a) => a.text === '-e' || a.text === '-E') ? 0 : 1)) write(w, 'perl -i');
        break;
      case 'rm':
      case 'unlink': {
        const tree = name === 'rm' && recursive(args);
        for (const w of operands(args)) write(w, tree ? 'rm -r' : name, { entry: true, ...(tree ? { tree } : {}) });
        break;
      }
      case 'touch':
      case 'truncate':
      case 'shred':
        for (const w of operands(args, new Set(name === 'truncate' ? ['-s', '-r'] : name === 'touch' ? ['-d', '-r', '-t'] : []))) write(w, name);
        break;
      case 'mv':
      case 'cp':
      case 'install':
      case 'ln': {
        const target = targetDirectory(args);
        const ops = operands(target ? args.filter((_, i) => !target.at.has(i)) : args, new Set(['-S', '--suffix', '-m', '-o', '-g']));
        // mv takes its sources away, whatever lies under them.
        const sources = target ? ops : ops.slice(0, -1);
        if (name === 'mv') for (const w of sources) write(w, name, { entry: true, tree: true });
        if (target) {
          // -t DIR: every operand lands in DIR under its own name.
          if (target.dir?.literal) for (const w of ops) if (w.literal) write({ text: `${target.dir.text.replace(/\/+$/, '')}/${base({ text: w.text.replace(/\/+$/, ''), literal: true })}`, literal: true }, name);
          break;
        }
        if (ops.length < 2) break;
        const dest = ops[ops.length - 1]!;
        // -T: the destination is the file itself; else, a directory there takes the sources under their own names.
        const names = args.some((a) => a.text === '-T' || a.text === '--no-target-directory') ? [] : sources.filter((w) => w.literal).map((w) => base({ text: w.text.replace(/\/+$/, ''), literal: true }));
        write(dest, name, names.length > 0 ? { into: names } : {});
        break;
      }
      case 'git':
        facts.bypasses.push(...gitBypasses(args, assignments));
        break;
      case 'sh':
      case 'bash':
      case 'zsh':
      case 'dash': {
        const c = args.findIndex((a) => a.text === '-c' || /^-[a-z]*c$/.test(a.text));
        const script = c === -1 ? undefined : args[c + 1];
        if (script?.literal && depth < MAX_DEPTH) {
          const inner = shellFacts(script.text, depth + 1, dir);
          facts.writes.push(...inner.writes);
          facts.bypasses.push(...inner.bypasses);
        }
        break;
      }
    }
  }
  return facts;
}

/** git's subcommands that make or send commits: a shell command running one says who is about to commit (docs/rotation.md). */
/** What runs plan-hooks' installed copy before its own name (src/facts/run-command.ts): `npx plan-hooks`, `pnpm exec plan-hooks`, … */
const RUNNERS = new Set(['npx', 'pnpm', 'yarn', 'bunx', 'bun', 'exec', 'x', 'run', 'dlx']);

/**
 * Whether `command` runs `plan-hooks claim` (any way it is started, as gitOperations reads
 * chains and `sh -c`): the session that runs it claims the task (src/sessions/store.ts).
 */
export function runsClaim(command: string, depth = 0): boolean {
  if (command.length > MAX_LENGTH || depth > MAX_DEPTH) return false;
  const tokens = tokenize(command);
  if (!tokens) return false;
  for (const simple of simpleCommands(tokens)) {
    if (typeof simple === 'string') continue;
    const { argv } = unwrap(simple.words);
    const name = base(argv[0]);
    if (['sh', 'bash', 'zsh', 'dash'].includes(name)) {
      const c = argv.slice(1).findIndex((a) => a.text === '-c' || /^-[a-z]*c$/.test(a.text));
      const script = c === -1 ? undefined : argv[c + 2];
      if (script?.literal && runsClaim(script.text, depth + 1)) return true;
      continue;
    }
    let i = 0;
    while (i < argv.length && (RUNNERS.has(base(argv[i])) || argv[i]!.text.startsWith('-'))) i++;
    if (base(argv[i]) === 'plan-hooks' && argv[i + 1]?.text === 'claim') return true;
  }
  return false;
}

const COMMITTING = new Set(['commit', 'push', 'merge', 'rebase', 'am', 'cherry-pick']);

/**
 * The committing git operations `command` runs (every form: `git -C dir -c k=v commit`, chains,
 * subshells, `sh -c '…'`, `$(…)`), each with the directory its `-C` names (null: the command's
 * own). Kept apart from shellFacts: identity reads it, the edit-time check does not.
 */
export function gitOperations(command: string, depth = 0): { sub: string; dir: string | null }[] {
  const out: { sub: string; dir: string | null }[] = [];
  if (command.length > MAX_LENGTH || depth > MAX_DEPTH) return out;
  const tokens = tokenize(command);
  if (!tokens) return out;
  for (const simple of simpleCommands(tokens)) {
    if (typeof simple === 'string') continue;
    for (const w of simple.words) {
      // A command substitution is run too: read what it runs.
      if (!w.literal && depth < MAX_DEPTH) for (const m of w.text.matchAll(/\$\(([^()]*)\)|`([^`]*)`/g)) out.push(...gitOperations(m[1] ?? m[2] ?? '', depth + 1));
    }
    const { argv } = unwrap(simple.words);
    const name = base(argv[0]);
    const args = argv.slice(1);
    if (name === 'git') {
      const { sub } = gitInvocation(args);
      const c = args.findIndex((a) => a.text === '-C');
      if (COMMITTING.has(sub)) out.push({ sub, dir: c !== -1 && args[c + 1]?.literal ? args[c + 1]!.text : null });
    } else if (['sh', 'bash', 'zsh', 'dash'].includes(name)) {
      const c = args.findIndex((a) => a.text === '-c' || /^-[a-z]*c$/.test(a.text));
      const script = c === -1 ? undefined : args[c + 1];
      if (script?.literal) out.push(...gitOperations(script.text, depth + 1));
    } else if (name === 'eval' && depth < MAX_DEPTH) {
      out.push(...gitOperations(args.filter((a) => a.literal).map((a) => a.text).join(' '), depth + 1));
    }
  }
  return out;
}
