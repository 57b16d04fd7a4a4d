#!/bin/sh
# plan-hooks agent hook shim, written by 'plan-hooks init' (commit it; 'plan-hooks uninstall'
# removes it). The coding agents' hook files (.claude/settings.json, .codex/hooks.json, …) run
#   sh .plan-hooks/agent-hook.sh <agent> <pre-tool|session-start>
# with the agent's JSON on stdin. It starts plan-hooks' agent hook with node found directly,
# never npx (a call costs ~330 ms more): this worktree's node_modules, else the main worktree's
# (a linked worktree where npm install never ran), else a global install on PATH. Edit time
# never breaks the agent: when plan-hooks cannot run, it says so in one line and allows.
# PLAN_HOOKS=0 skips it.
[ "${PLAN_HOOKS-}" = 0 ] && exit 0
case $0 in */*) here=${0%/*} ;; *) here=. ;; esac
top=$here/..
i="${XDG_CONFIG_HOME:-$HOME/.config}/plan-hooks/init.sh"
[ -f "$i" ] && . "$i"
entry=$top/node_modules/plan-hooks/dist/src/hooks/agent.cjs
if [ ! -f "$entry" ] && [ -f "$top/.git" ]; then
  # A linked worktree: .git names <main>/.git/worktrees/<name>. Read without starting git.
  read -r g < "$top/.git"
  g=${g#gitdir: }
  entry=${g%/.git/worktrees/*}/node_modules/plan-hooks/dist/src/hooks/agent.cjs
fi
if [ ! -f "$entry" ]; then
  cli=$(command -v plan-hooks 2>/dev/null) && cli=$(readlink -f "$cli" 2>/dev/null || printf '%s' "$cli")
  entry=${cli%/cli.js}/hooks/agent.cjs
fi
if [ ! -f "$entry" ] || ! command -v node >/dev/null 2>&1; then
  printf '%s\n' "plan-hooks agent hook: plan-hooks or node was not found (run 'npm install', or 'plan-hooks doctor'); the tool call is allowed (the commit still checks it)." >&2
  exit 0
fi
# The hook makes no TLS connection: node would parse NODE_EXTRA_CA_CERTS' whole file (~60 ms of
# CPU for a system bundle) on every edit for nothing.
unset NODE_EXTRA_CA_CERTS
exec node "$entry" "$top" "$@"
