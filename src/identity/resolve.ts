// The shell around the identity pick (../core/identity.ts) for code that has no facts gathered.
import type { Config } from '../config/config.js';
import { type Answers, gitQueries } from '../git/git.js';
import { AUTHOR_NAME, configNamed } from '../git/queries.js';
import { type Identity, pickIdentity } from '../core/identity.js';

/** The git reads an identity needs, for a caller to ask with its own. */
export const IDENTITY_READS = { configAgent: configNamed('plan-hooks.agent'), author: AUTHOR_NAME };

/**
 * The shell around pickIdentity for code that has no facts (../facts/facts.ts gathers them for
 * every hook and command): reads git config. The branch source is supplied by the caller.
 */
export async function resolveIdentity(
  config: Config,
  holder: { name: string; task: string } | null = null,
  cwd = process.cwd(),
): Promise<Identity> {
  return identityFrom(config, holder, await gitQueries(IDENTITY_READS, cwd));
}

/** The identity from IDENTITY_READS' answers. */
export function identityFrom(config: Config, holder: { name: string; task: string } | null, read: Answers<typeof IDENTITY_READS>): Identity {
  return pickIdentity({ env: process.env, configAgent: read.configAgent, branchHolder: holder, authorName: read.author, config });
}
