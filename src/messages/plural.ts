// The one way to count in a sentence, so "1 changes" and "2 change(s)" cannot creep back in.

/** The noun for `n` of them: `noun(1, 'check')` is "check", `noun(2, 'entry', 'entries')` is "entries". */
export const noun = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** `plural(1, 'change')` is "1 change", `plural(2, 'entry', 'entries')` is "2 entries". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${noun(n, one, many)}`;
