// The shell around the identity pick (../core/identity.ts) for code that has no facts gathered.
import type { Config } from '../config/config.js';
import type { Answers } from '../git/git.js';
import { AUTHOR_NAME, configNamed } from '../git/queries.js';
import { type Identity, pickIdentity } from '../core/identity.js';

/** The git reads an identity needs, for a caller to ask with its own. */
export const IDENTITY_READS = { configAgent: configNamed('plan-hooks.agent'), author: AUTHOR_NAME };

/** The identity from IDENTITY_READS' answers. */
export function identityFrom(config: Config, holder: { name: string; task: string } | null, read: Answers<typeof IDENTITY_READS>): Identity {
  return pickIdentity({ env: process.env, configAgent: read.configAgent, branchHolder: holder, authorName: read.author, config });
}
