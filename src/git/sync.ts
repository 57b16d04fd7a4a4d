// git, synchronously: for the few places that cannot await (init's actions, and tests).
import { execFileSync } from 'node:child_process';
import { type GitOptions, MAX_BUFFER, failure } from './spawn.js';

export function gitSync(args: string[], opts: GitOptions = {}): string {
  try {
    return execFileSync('git', args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      input: opts.input,
      maxBuffer: MAX_BUFFER,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw failure(args, stderr);
  }
}
