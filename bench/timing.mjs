// Timing shared by the benchmarks that compare commits: hyperfine runs in rounds of alternating
// order, pooled, so a change of the machine's load during a row weighs on both sides of a ratio.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { smoke, warmupOr } from './options.mjs';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Times `commands` ([name, shell command, its own --prepare if any]; `prepare` for all the
 * others) in `rounds` hyperfine runs (one when smoking) whose order alternates, `runs` in all:
 * the median over every run and the mean CPU, in ms, for each command. `base` holds hyperfine's
 * JSON exports.
 */
export function hyperfine({ base, env, runs, rounds }, commands, prepare) {
  const count = smoke ? 1 : rounds;
  const per = Math.max(1, Math.ceil(Number(runs) / count));
  const pooled = commands.map(([name]) => ({ name, times: [], cpu: 0 }));
  // hyperfine pairs its --prepare options with the commands in order, so they are reordered too.
  const prepareOf = (i) => {
    const p = commands[i][2] ?? prepare;
    return p ? ['--prepare', p] : [];
  };
  for (let round = 0; round < count; round++) {
    const order = commands.map((_, i) => i);
    if (round % 2) order.reverse();
    const out = join(base, `hf-${Date.now()}-${round}.json`);
    const warmup = round === 0 ? warmupOr(3) : warmupOr(1);
    execFileSync('hyperfine', ['-N', '--warmup', warmup, '--runs', String(per), '--export-json', out, ...order.flatMap((i) => prepareOf(i)), ...order.flatMap((i) => ['-n', commands[i][0], commands[i][1]])], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    JSON.parse(readFileSync(out, 'utf8')).results.forEach((r, k) => {
      const p = pooled[order[k]];
      p.times.push(...r.times);
      p.cpu += (r.user + r.system) * r.times.length;
    });
  }
  return pooled.map((p) => ({ name: p.name, median: median(p.times) * 1000, cpu: (p.cpu / p.times.length) * 1000 }));
}

export const verdict = (ratio, budget) => `budget ≤ ${budget}× (${ratio <= budget ? 'met' : 'missed'})`;
