// The changes init and uninstall make, as data: what the decisions return, what --dry-run
// prints (each carries the sentence that describes it) and what ../../install/actions.ts applies.

export type Action =
  | { kind: 'write'; path: string; content: string; mode?: number; what: string }
  | { kind: 'remove'; path: string; what: string }
  | { kind: 'rename'; from: string; to: string; what: string }
  | { kind: 'copyDir'; from: string; to: string; what: string }
  /** value null: unset (only the entries equal to `match`, when given). */
  | { kind: 'gitConfig'; key: string; value: string | null; match?: string; what: string }
  | { kind: 'command'; argv: string[]; cwd: string; what: string }
  /** Run husky from node_modules (resolved when applied: the package manager installs it first). */
  | { kind: 'husky'; root: string; what: string }
  /** Read-modify-write of a JSON file, applied to the file as it is then (the package manager edits package.json too). */
  | { kind: 'editJson'; path: string; edit: (data: Record<string, unknown>) => void; what: string };
