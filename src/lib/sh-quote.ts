// POSIX shell single-quoting: the batch's script and the runner's rendered values.

/** `arg` as one shell word, whatever it holds. */
export const shQuote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;
