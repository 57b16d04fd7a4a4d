// The one list of commands, in the order `plan-hooks --help` shows them: each one's line for that
// list and its own --help, both beside each other in its area's file of src/messages/. src/cli.ts
// lists, helps and dispatches by this table without loading a command; a command's module
// (src/commands/<name>.ts) is imported only to run it. test/cli.test.ts holds the table, the
// modules and the help output to each other.
import { HOOKS } from '../core/hook-table.js';
import { messages } from '../messages/index.js';

export interface CommandEntry {
  /** One line for `plan-hooks --help`. */
  purpose: string;
  /** The command's --help text. */
  usage: () => string;
}

export const COMMAND_TABLE = {
  init: { purpose: messages.initPurpose, usage: () => messages.initUsage },
  uninstall: { purpose: messages.uninstallPurpose, usage: () => messages.uninstallUsage },
  doctor: { purpose: messages.doctorPurpose, usage: () => messages.doctorUsage },
  new: { purpose: messages.newPurpose, usage: () => messages.newUsage },
  validate: { purpose: messages.validatePurpose, usage: () => messages.validateUsage },
  status: { purpose: messages.statusPurpose, usage: () => messages.statusUsage },
  board: { purpose: messages.board.purpose, usage: () => messages.board.usage },
  handoff: { purpose: messages.handoffPurpose, usage: () => messages.handoffUsage },
  claim: { purpose: messages.claimPurpose, usage: () => messages.claimUsage },
  start: { purpose: messages.startPurpose, usage: () => messages.startUsage },
  release: { purpose: messages.releasePurpose, usage: () => messages.releaseUsage },
  done: { purpose: messages.donePurpose, usage: () => messages.doneUsage },
  log: { purpose: messages.logPurpose, usage: () => messages.logUsage },
  whoami: { purpose: messages.whoamiPurpose, usage: () => messages.whoamiUsage() },
  check: { purpose: messages.checkPurpose, usage: () => messages.checkUsage() },
  hook: { purpose: messages.hookPurpose, usage: () => messages.hookUsage(HOOKS.join(', ')) },
  handover: { purpose: messages.rotation.handoverPurpose, usage: () => messages.rotation.handoverUsage },
  ask: { purpose: messages.rotation.askPurpose, usage: () => messages.rotation.askUsage },
  sign: { purpose: messages.signing.purpose, usage: () => messages.signing.usage },
} as const satisfies Record<string, CommandEntry>;

export type CommandName = keyof typeof COMMAND_TABLE;

export const COMMAND_NAMES = Object.keys(COMMAND_TABLE) as CommandName[];

export const isCommand = (name: string): name is CommandName => Object.hasOwn(COMMAND_TABLE, name);

/** `plan-hooks --help`: every command with its line, from the table. */
export function mainHelp(): string {
  const width = Math.max(...COMMAND_NAMES.map((n) => n.length));
  return messages.mainHelp(COMMAND_NAMES.map((n) => `  ${n.padEnd(width)}  ${COMMAND_TABLE[n].purpose}`).join('\n'));
}
