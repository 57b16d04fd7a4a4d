// The order of strings by UTF-16 code unit, as git lists paths: the same on every machine, where
// localeCompare follows the locale and its first call loads ICU's collator (~10 ms of a hook).

/** a before b by code unit: -1, 0 or 1, for Array.prototype.sort. */
export const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
