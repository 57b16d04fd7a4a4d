#!/bin/sh
# plan-hooks hook runner, written by 'plan-hooks init' from the package's hooks/plan-hooks.sh.
# Usage: sh plan-hooks.sh <hook> <chained hook path or ''> [git's arguments]
# It runs the hook that was there before plan-hooks (chained, never dropped), then
# 'plan-hooks hook <hook>' with node found directly: never npx (it costs ~330 ms a commit).
# PLAN_HOOKS=0 skips plan-hooks for a person (not the chained hook; docs/overrides.md), PLAN_HOOKS=2 traces.
# husky's .husky/<hook> sources it in a subshell after its own lines (src/core/install/hook-texts.ts
# says why): what those lines may have set that this script relies on is undone first (their
# options, IFS, aliases, functions named as the commands it runs, its own variables).
set +eufvxC
unset IFS
unalias -a 2>/dev/null
unset -f git cat printf read test true command cd mv grep mkdir rm cp sleep setsid nohup readlink dirname 2>/dev/null
have_input= input=
hook=$1
chained=$2
shift 2
# git starts hooks at the worktree's top; dulwich starts them inside .git.
case $PWD in */.git) cd .. ;; */.git/*) cd "${PWD%%/.git/*}" ;; esac
[ "${PLAN_HOOKS-}" = 2 ] && set -x
i="${XDG_CONFIG_HOME:-$HOME/.config}/plan-hooks/init.sh"
[ -f "$i" ] && . "$i"

# pre-push and post-rewrite read git's input on stdin. It is read once here when a chained hook
# needs a copy too, and for post-rewrite, whose record the runner writes; plan-hooks gets it below.
case $hook in
  post-rewrite) input=$(cat); have_input=1 ;;
  # The other hooks git gives input on stdin (src/core/hook-table.ts), filled in by 'plan-hooks init'.
  @STDIN_HOOKS@) [ -n "$chained" ] && [ -x "$chained" ] && { input=$(cat); have_input=1; } ;;
esac
if [ -n "$chained" ] && [ -x "$chained" ]; then
  if [ -n "${have_input-}" ]; then
    printf '%s' "${input:+$input
}" | "$chained" "$@"
  else
    "$chained" "$@"
  fi
  c=$?
  case $hook in post-*) ;; *) [ $c -ne 0 ] && exit $c ;; esac
fi

# plan-hooks judges git's objects as they are, for every git below and node's (src/git/spawn.ts
# gitEnv is the twin): no replace refs, no grafts; the chained hook above saw git's environment.
GIT_NO_REPLACE_OBJECTS=1 GIT_GRAFT_FILE=/dev/null/plan-hooks-no-grafts
export GIT_NO_REPLACE_OBJECTS GIT_GRAFT_FILE
unset GIT_REPLACE_REF_BASE

case $hook in
  post-checkout)
    # 'git worktree add' runs this with cwd = the new worktree and $1 = the null commit. The
    # relative core.hooksPath (.husky/_) is untracked, so the new worktree has none and no hook
    # would ever run there: copy this worktree's .husky/_ into it.
    here=$(dirname "$0")
    if [ "$1" = 0000000000000000000000000000000000000000 ] && [ -f "$here/_/h" ] && [ ! -d .husky/_ ] && [ -d .husky ]; then
      cp -R "$here/_" .husky/_
    fi
    exit 0 ;;
  # The hooks of src/core/hook-table.ts, filled in by 'plan-hooks init'; any other runs nothing.
  @HOOKS@) ;;
  *) exit 0 ;;
esac
# PLAN_HOOKS=0 skips every hook but those that may refuse: in an agent session they refuse it
# (src/core/overrides.ts); a person's pre-push records it (src/hooks/pre-push.ts), never a silent pass.
if [ "${PLAN_HOOKS-}" = 0 ]; then
  case $hook in @SKIPPED_BY_OFF@) exit 0 ;; esac
fi

# Where git keeps this worktree's files, and HEAD, read by the shell itself where the layout says
# them for sure: each git process is a few ms of every commit. Anything unusual asks git.
# The git dir (gd) and the common dir (gc), with no variable of git's that moves them or the
# refs set but the GIT_DIR git itself sets in a linked worktree:
# - the main worktree: a '.git' directory (not a link) at the top that git would take for one;
# - a linked worktree: GIT_DIR is <common dir>/worktrees/<name>, the '.git' file at the top
#   names it, and its commondir says '../..' (as 'git worktree add' writes them).
local_git_dir() {
  gd= gc=
  [ -z "${GIT_COMMON_DIR-}${GIT_WORK_TREE-}${GIT_NAMESPACE-}" ] || return 1
  case $PWD in /?*) ;; *) return 1 ;; esac
  if [ -z "${GIT_DIR-}" ]; then
    [ -d .git ] && [ ! -L .git ] && [ ! -e .git/commondir ] || return 1
    gd=$PWD/.git gc=$PWD/.git
  else
    case $GIT_DIR in /?*/worktrees/?*) ;; *) return 1 ;; esac
    case ${GIT_DIR##*/worktrees/} in */*) return 1 ;; esac
    [ -f .git ] && [ ! -L .git ] && [ -f "$GIT_DIR/commondir" ] || return 1
    IFS= read -r l 2>/dev/null < .git || return 1
    [ "$l" = "gitdir: $GIT_DIR" ] || return 1
    IFS= read -r l 2>/dev/null < "$GIT_DIR/commondir" || return 1
    [ "$l" = ../.. ] || return 1
    gd=$GIT_DIR gc=${GIT_DIR%/worktrees/*}
  fi
  [ -f "$gd/HEAD" ] && [ -d "$gc/objects" ] && [ -d "$gc/refs" ] || { gd= gc=; return 1; }
}
# What 'git rev-parse --show-toplevel --absolute-git-dir' prints (git prints both as physical
# paths), from the files where local_git_dir says them: pre-commit's reads (src/git/prefetch.ts)
# start one git fewer. 1 (ask git) otherwise, and under Git for Windows, whose git prints C:/ paths.
toplevel_and_git_dir() {
  [ -z "${MSYSTEM-}" ] && local_git_dir && cd -P . 2>/dev/null || return 1
  t_=$PWD
  if [ "$gd" = "$gc" ]; then
    g_=$t_/.git
  else
    cd -P "$gd" 2>/dev/null && g_=$PWD || g_=
    # Back at the top, or no read below could be trusted: the stream is cut short, and node reads itself.
    cd "$t_" || exit 1
    [ -n "$g_" ] || return 1
  fi
  printf '%s\n%s\n' "$t_" "$g_"
}
# HEAD's commit (hid) and the ref it names (href; 'HEAD' when detached), as 'git rev-parse HEAD
# --symbolic-full-name HEAD' says them, for git dir $1 and common dir $2: only from a loose
# branch (or any loose ref of the main worktree's) or a detached id, no link, no reftable;
# packed refs, an unborn branch or any odd content ask git.
head_of() {
  [ ! -d "$1/reftable" ] && [ ! -d "$2/reftable" ] && [ -f "$1/HEAD" ] && [ ! -L "$1/HEAD" ] || return 1
  IFS= read -r hid 2>/dev/null < "$1/HEAD" || return 1
  href=HEAD
  case $hid in
    'ref: refs/'*)
      href=${hid#ref: }
      case $href in *[!A-Za-z0-9/_.-]*|*..*|*/.*|*//*|*/|*.lock) return 1 ;; esac
      # A linked worktree's own refs (refs/worktree/, refs/bisect/, ...) are not the common dir's.
      [ "$1" = "$2" ] || case $href in refs/heads/?*) ;; *) return 1 ;; esac
      [ -f "$2/$href" ] && [ ! -L "$2/$href" ] || return 1
      IFS= read -r hid 2>/dev/null < "$2/$href" || return 1 ;;
  esac
  case $hid in *[!0-9a-f]*) return 1 ;; esac
  [ ${#hid} -eq 40 ] || [ ${#hid} -eq 64 ]
}

# Whether message file $1 takes the trailers appended after a blank line, as git
# interpret-trailers would write them: lines of printable text with no trailing blank, no
# comment, patch divider or '(cherry picked' line, a last line ending in a newline, and no ':'
# after the subject's paragraph, so git would find no trailer block to merge into. Read by the
# shell alone (the common agent's commit, -m or -F): anything else asks git.
plain_message() {
  n=0 seen= body= prev=
  while IFS= read -r l; do
    n=$((n + 1))
    [ $n -le 200 ] || return 1
    case $l in *[![:print:]]*|'#'*|'---'*|'('*|*' ') return 1 ;; esac
    if [ -z "$l" ]; then
      [ -z "$seen" ] || body=1
    else
      [ -n "$seen" ] || case $l in Plan-Agent:*|Plan-Skip:*|Plan-Bound:*) return 1 ;; esac
      [ -z "$body" ] || case $l in *:*) return 1 ;; esac
      seen=1
    fi
    prev=$l
  done < "$1"
  [ -z "$l" ] && [ -n "$prev" ]
}

# Applies pre-commit's trailer record (src/check/trailer.ts: trailerArgs is this function's
# twin) to the message file $1 for git's message source $2; the record's lines are $3.
apply_trailers() {
  m=$1 s=${2-} add=
  set -f
  IFS='
'
  set -- $3
  unset IFS
  set +f
  for l do
    shift
    case $l in
      'A '*) set -- "$@" --if-exists replace --trailer "${l#A }"; add="$add${l#A }
" ;;
      'T '*) [ "$s" = commit ] || { set -- "$@" --if-exists doNothing --trailer "${l#T }"; add="$add${l#T }
"; } ;;
    esac
  done
  # Nothing to write (the common commit): no process at all.
  [ $# -gt 0 ] || return 0
  if plain_message "$m"; then
    printf '\n%s' "$add" >> "$m" && return 0
  fi
  # Plan-Agent, Plan-Skip and Plan-Bound are plan-hooks' own: one typed or carried over (--amend) goes.
  if grep -q -e '^Plan-Agent:' -e '^Plan-Skip:' -e '^Plan-Bound:' "$m"; then
    grep -v -e '^Plan-Agent:' -e '^Plan-Skip:' -e '^Plan-Bound:' "$m" > "$m.plan-hooks" && mv -f "$m.plan-hooks" "$m"
  fi
  IFS= read -r first < "$m" || first=
  if [ -z "$first" ]; then
    # No subject yet: an empty -m stays empty (git then aborts); the editor's template gets a
    # blank line above the trailers, so the subject typed on line 1 leaves them a trailer block.
    [ -z "$s" ] || [ "$s" = template ] || grep -q -v -e '^#' -e '^[[:space:]]*$' "$m" || return 0
  fi
  git interpret-trailers --in-place "$@" "$m" || return 0
  if [ -z "$first" ]; then
    { printf '\n'; cat "$m"; } > "$m.plan-hooks" && mv -f "$m.plan-hooks" "$m"
  fi
}

if [ "$hook" = prepare-commit-msg ] && [ "${PLAN_HOOKS-}" != 2 ] && [ -z "${PLAN_HOOKS_DOCTOR-}" ]; then
  # pre-commit leaves '<tree> <HEAD>' and the trailers for this commit here: then node need not
  # start (src/check/trailer.ts). Consumed either way (emptied: an empty record is none, and
  # the shell empties a file without a process); without it (--no-verify, cherry-pick,
  # rebase) or for another index or HEAD, node runs, and always under PLAN_HOOKS=2, whose
  # trace shows each hook run.
  # The git dir and HEAD from the files (above), else one git answers both (unborn: no second
  # line, and a failure); the shell reads the record itself.
  head=
  if local_git_dir; then
    here=$gd
  elif here=$(git rev-parse --absolute-git-dir -q --verify HEAD 2>/dev/null); then
    head=${here#*
}
  else
    head=-
  fi
  here=${here%%
*}
  f="$here/plan-hooks/trailers"
  if [ -n "$here" ] && [ -s "$f" ]; then
    lines=
    { read -r decided; while IFS= read -r l || [ -n "$l" ]; do lines="$lines$l
"; done; } < "$f"
    # The index's tree is the record's while the index is the file linked beside it and was not
    # written after it (src/check/trailer.ts says why that is exact); else git writes it.
    tree=
    [ -n "${GIT_INDEX_FILE-}" ] && [ "$GIT_INDEX_FILE" -ef "$f.index" ] && [ ! "$GIT_INDEX_FILE" -nt "$f" ] && tree=${decided%% *}
    true 2>/dev/null > "$f"
    if [ -z "$head" ]; then
      if head_of "$here" "$gc"; then head=$hid; else head=$(git rev-parse -q --verify HEAD 2>/dev/null) || head=-; fi
    fi
    [ -n "$tree" ] || tree=$(git write-tree 2>/dev/null)
    if [ "$decided" = "$tree $head" ]; then
      # No trailer (the common commit): no pipeline, whose two forks would write nothing.
      [ -n "$1" ] && [ -n "$lines" ] && apply_trailers "$1" "${2-}" "$lines"
      exit 0
    fi
  fi
fi

# A person's PLAN_HOOKS=0: pre-commit and prepare-commit-msg start node only to refuse it in an
# agent session (src/core/overrides.ts inAgentSession is this test's twin). Decided here, with no
# node, where nothing can show one: no marker variable set (the default configuration's and
# @vercel/detect-agent's, filled in by 'plan-hooks init'), no agentMarkers in HEAD's configuration
# (which may add markers), and no record the agents' pre-tool hook wrote in the last minutes (it lives 5:
# src/sessions/store.ts). Whatever the shell cannot rule out, node decides.
person_off() {
  for v in @MARKER_VARS@; do
    eval "x=\${$v-}"
    [ -z "$x" ] || return 1
  done
  local_git_dir && head_of "$gd" "$gc" || return 1
  if [ -d "$gc/plan-hooks/committing" ]; then
    x=$(find "$gc/plan-hooks/committing" -name '*.json' -mmin -7 2>/dev/null) || return 1
    [ -z "$x" ] || return 1
  fi
  x=$(printf '%s:.plan-hooks.json\n%s:package.json\n' "$hid" "$hid" | git cat-file --batch 2>/dev/null) || return 1
  case $x in *agentMarkers*) return 1 ;; esac
}
if [ "${PLAN_HOOKS-}" = 0 ]; then
  case $hook in pre-commit|prepare-commit-msg) person_off && exit 0 ;; esac
fi

node=@NODE@
cli=@CLI@
if [ -z "$node" ] || [ ! -x "$node" ]; then
  # The first node on PATH, as 'command -v node' finds it, without the subshell that costs a
  # fork on every hook (the ':' added keeps a trailing empty entry, the working directory).
  node=
  d=$PATH:
  IFS=:
  set -f
  for d in $d; do
    [ -f "${d:-.}/node" ] && [ -x "${d:-.}/node" ] && { node=${d:-.}/node; break; }
  done
  set +f
  unset IFS
fi
if [ -z "$cli" ] || [ ! -f "$cli" ]; then
  # This worktree's node_modules, then the main worktree's (a linked worktree where npm install
  # never ran has none; the common dir is read from the files, above, or asked of git only then:
  # it costs a process on every hook), then a global install on PATH.
  cli=./node_modules/plan-hooks/dist/src/cli.js
  if [ ! -f "$cli" ]; then
    local_git_dir || gc=$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null)
    cli="$gc/../node_modules/plan-hooks/dist/src/cli.js"
  fi
  # A repository without package.json: the node and CLI 'plan-hooks init' recorded on this
  # machine for the tracked runner, which holds no machine path itself.
  if [ ! -f "$cli" ] && [ -f "$gc/@RUNTIME_FILE@" ]; then
    { IFS= read -r n; IFS= read -r c; } < "$gc/@RUNTIME_FILE@"
    [ -n "$c" ] && [ -f "$c" ] && cli=$c
    [ -z "$node" ] && [ -n "$n" ] && [ -x "$n" ] && node=$n
  fi
  # A global install's bin is a link to dist/src/cli.js: followed, so the hook's file is found.
  [ -f "$cli" ] || cli=$(readlink -f "$(command -v plan-hooks)" 2>/dev/null || command -v plan-hooks) || cli=
fi
if [ -n "${PLAN_HOOKS_DOCTOR-}" ]; then
  # 'plan-hooks doctor' proving that git reaches this runner: it names a file it made for this
  # run only, and the runner answers there instead of running the hook. Without that file the
  # variable changes nothing, so it cannot silence a real commit.
  case $PLAN_HOOKS_DOCTOR in
    *[!0-9a-f]*) ;;
    *) probe="$(git rev-parse --git-common-dir 2>/dev/null)/plan-hooks/doctor-$PLAN_HOOKS_DOCTOR"
      if [ -f "$probe" ]; then
        printf '%s\t%s\t%s\n' "$hook" "$node" "$cli" >> "$probe"
        exit 0
      fi ;;
  esac
fi
if [ -z "$node" ] || [ -z "$cli" ]; then
  # Without node nothing can tell a person from an agent: PLAN_HOOKS=0 stays the way past a
  # missing install that the message names (pre-push and CI still judge the commit).
  [ "${PLAN_HOOKS-}" = 0 ] && exit 0
  if [ -z "$node" ]; then
    printf '%s\n' @MSG_NO_NODE@ >&2
  else
    printf '%s\n' @MSG_NO_CLI@ >&2
  fi
  printf 'PATH=%s\n' "$PATH" >&2
  [ "$hook" = pre-commit ] && exit 1
  exit 0
fi
# The hook's bundled file beside the CLI starts faster than the CLI (src/hooks/main.ts).
entry="${cli%/cli.js}/hooks/$hook.cjs"
# post-commit's bundle drains the queue for all three.
drainer="${cli%/cli.js}/hooks/post-commit.cjs"
case $hook in post-commit|post-merge|post-rewrite) queue=1 ;; *) queue= ;; esac
if [ -n "$queue" ] && [ -f "$drainer" ] && [ "${PLAN_HOOKS-}" != 2 ]; then
  # The worklog entry is written after git returns (src/worklog/pending.ts). Kept here, with one
  # git process at most (none where the files say it: above), is only what may change by then:
  # the commit (post-merge: a merge commit only; post-rewrite: git's old → new pairs), the
  # branch, the sequencer state, pre-commit's marker (emptied: consumed) and the identity
  # variables. node then starts detached, holding none of
  # git's (or its caller's) streams, so nothing waits for it; the queue keeps the order (a
  # rebase's rewrite after its picks). Under PLAN_HOOKS=2 it runs in the foreground, so the
  # trace shows it.
  args=
  pairs=
  if [ "$hook" = post-rewrite ]; then
    args=amend
    [ "${1-}" = rebase ] && args=rebase
    # git's lines are '<old> <new> [<extra>]'; the record's reader checks each id. None: nothing to record.
    pairs=$(printf '%s\n' "$input" | while read -r o w x; do [ -n "$w" ] && printf 'pair %s %s\n' "$o" "$w"; done)
    [ -n "$pairs" ] || exit 0
  fi
  # post-merge lists HEAD's parents too (HEAD^@), before the ref: a merge commit has two or more.
  parents=
  [ "$hook" = post-merge ] && parents='HEAD^@'
  if [ -z "$parents" ] && local_git_dir && head_of "$gd" "$gc"; then
    # What the git below would answer, read from the files (above).
    set -- "$gd" "$gc" "$hid" "$href"
  else
    IFS='
'
    set -f
    set -- $(git rev-parse --path-format=absolute --git-dir --git-common-dir HEAD $parents --symbolic-full-name HEAD 2>/dev/null)
    set +f
    unset IFS
  fi
  ref=
  if [ "$hook" = post-merge ]; then
    [ $# -ge 6 ] || exit 0
    eval "ref=\${$#}"
  elif [ $# -eq 4 ]; then
    ref=$4
  fi
  if [ -n "$ref" ]; then
    q="$2/plan-hooks/pending"
    s=
    # The sequencer's files (src/git/layout.ts), filled in by 'plan-hooks init'.
    for f in @SEQUENCER_STATE@; do [ -e "$1/$f" ] && s="$s $f"; done
    m="$1/plan-hooks/verified.json"
    v=
    [ -z "$pairs" ] && [ -s "$m" ] && read -r v < "$m"
    # The record (src/worklog/pending.ts formatRecord is its twin), written by one printf below.
    if [ -n "$pairs" ]; then
      w="kind rewrite
rewrite $args
ref $ref
gitdir $1
cwd $PWD
$pairs"
    else
      w="kind commit
commit $3
ref $ref
gitdir $1
cwd $PWD
state$s${v:+
marker $v}"
    fi
    for v in @IDENTITY_VARS@; do
      eval "x=\${$v-}"
      case $x in ''|*'
'*) ;; *) w="$w
env $v=$x" ;; esac
    done
    # Named by the next number after the highest record waiting, and written in place between
    # 'begin' and 'end': no clock read and no rename, each a process (src/worklog/pending.ts
    # says why the order holds, and what a drainer does with a record still being written).
    # Created exclusively (set -C): a name another writer took is never overwritten.
    n=0
    for r in "$q"/*.rec; do
      r=${r##*/}
      r=${r%%-*}
      r=${r#"${r%%[!0]*}"}
      case $r in ''|*[!0-9]*) ;; *) [ "$r" -gt "$n" ] 2>/dev/null && n=$r ;; esac
    done
    r="$q/$((n + 1))-$$.rec"
    set -C
    { [ -d "$q" ] || mkdir -p "$q"; } 2>/dev/null && true 2>/dev/null > "$r" && n=made
    set +C
    # Where the queue cannot be written, node below records the commit and reports why not.
    if [ "$n" = made ] && printf 'begin\n%s\nend\n' "$w" 2>/dev/null >> "$r"; then
      # Emptied (consumed) by a builtin that cannot end the runner where the file is not writable.
      [ -z "$pairs" ] && [ -s "$m" ] && true 2>/dev/null > "$m"
      # The writer makes no TLS connection (git does its own), and node 20 reads and parses
      # NODE_EXTRA_CA_CERTS' whole file at startup: ~60 ms of CPU per commit where it is set.
      unset NODE_EXTRA_CA_CERTS
      # It starts after a pause, so that git's own last steps (its automatic maintenance, the
      # commit's summary) do not share the machine with node's start: ~7 ms of a commit at
      # 10,000 files. Nothing waits on it: a reader drains what is queued itself. A sleep that
      # takes no fraction fails at once, and the writer then starts at once.
      if command -v setsid >/dev/null 2>&1; then
        { sleep 0.1; exec setsid "$node" "$drainer" --drain "$2"; } </dev/null >/dev/null 2>&1 &
      else
        { sleep 0.1; exec nohup "$node" "$drainer" --drain "$2"; } </dev/null >/dev/null 2>&1 &
      fi
      exit 0
    fi
    [ "$n" = made ] && rm -f "$r" 2>/dev/null
  fi
  set -- $args
fi
if [ -f "$entry" ]; then set -- "$entry" "$@"; else set -- "$cli" hook "$hook" "$@"; fi
if [ "$hook" = pre-commit ]; then
  # pre-commit's node makes no TLS connection either (only git, which does its own): see the writer's.
  unset NODE_EXTRA_CA_CERTS
  # pre-commit's git reads run here while node starts (~40 ms) and reach it on stdin, so they
  # cost the commit nothing (src/git/prefetch.ts). Node checks they are the reads it needs.
  {
@PREFETCH@
  } 2>/dev/null | PLAN_HOOKS_PREFETCH=1 "$node" "$@"
  exit
fi
if [ -n "${have_input-}" ]; then
  printf '%s' "${input:+$input
}" | "$node" "$@"
  exit
fi
exec "$node" "$@"
