// The entry files agents read first (AGENTS.md, CLAUDE.md, …): init puts the Plan State block in
// them and every plan commit the handoff block. Both read the list here, so a configured path
// that leaves the repository is ignored by both rather than written outside it.
import { patternEscapes } from '../lib/pattern.js';
import { type Config, DEFAULT_ENTRY_FILES } from './config.js';

/** The configured entry files (or the defaults), without paths that leave the repository. */
export function entryFiles(config: Pick<Config, 'entryFiles'>): string[] {
  return (config.entryFiles ?? DEFAULT_ENTRY_FILES).filter((f) => typeof f === 'string' && f !== '' && patternEscapes(f) === null);
}
