// The shell around the identity pick (../core/identity.ts) for code that has no facts gathered.
import type { Config } from '../config/config.js';
import { authorName, configValue } from '../git/queries.js';
import { type Identity, pickIdentity } from '../core/identity.js';

/**
 * The shell around pickIdentity for code that has no facts (../facts/facts.ts gathers them for
 * every hook and command): reads git config. The branch source is supplied by the caller.
 */
export async function resolveIdentity(
  config: Config,
  holder: { name: string; task: string } | null = null,
  cwd?: string,
): Promise<Identity> {
  const [configAgent, author] = await Promise.all([configValue('plan-hooks.agent', cwd), authorName(cwd)]);
  return pickIdentity({ env: process.env, configAgent, branchHolder: holder, authorName: author, config });
}
