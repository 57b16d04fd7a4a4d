// The configuration file, .plan-hooks.json or package.json's key (src/config).

/** What each setting must be, worded for "must be …". */
const EXPECTED: Record<string, string | undefined> = {
  plans: 'a non-empty list of globs, e.g. ["docs/**/*-plan.json"]',
  entryFiles: 'null or a list of file paths, e.g. ["AGENTS.md", "CLAUDE.md"]',
  staleAfterHours: 'a number of hours greater than 0, e.g. 24',
  strict: 'true or false',
  checks: 'an object with plans, transitions and claims, each "enforce", "warn" or "off"',
  baseBranch: 'null or a branch name, e.g. "main"',
  agentMarkers: 'an object of environment variable → agent name, e.g. {"CLAUDECODE": "claude"}',
  aliases: 'an object of agent name → list of other names, e.g. {"claude": ["claude-code"]}',
  trailer: 'true or false',
  notes: 'true or false',
  claimPush: 'true or false',
  remoteClaims: 'false, or an object with days (a number > 0), remotes and branches (lists of globs), e.g. {"days": 30, "remotes": ["origin"], "branches": ["*"]}',
  agents: 'null or a list of coding agents among claude, codex, gemini, cursor, copilot',
  noVerify: '"refuse" or "allow"',
  allowSkips: 'true or false',
  signing: 'an object with require (true or false), e.g. {"require": true}',
};

export const configMessages = {
  config: {
    unreadable: (file: string, why: string) => `cannot read ${file}: ${why}.`,
    unknownKey: (key: string, known: string[]) => `unknown setting "${key}"; the settings here are ${known.join(', ')}`,
    expected: (key: string): string | undefined => (Object.hasOwn(EXPECTED, key) ? EXPECTED[key] : undefined),
    oneOf: (values: string[]) => `one of ${values.join(', ')}`,
    badValue: (key: string, expected: string, found: string) => `"${key}" must be ${expected} (it is ${found})`,
    /** A `plans` glob the schema accepts but the pattern compiler refuses (it leaves the repository, …). */
    badPlanPattern: (key: string, why: string, found: string) => `"${key}" cannot be used: ${why} (it is ${found}); write a glob relative to the repository's top, e.g. "docs/**/*-plan.json"`,
    invalid: (source: string, problems: string[]) =>
      `${source} has invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}\nFix them in ${source}, or remove a key to use its default (schema/config.v1.schema.json describes every setting).`,
    notObject: (source: string) => `${source} must be a JSON object of settings, e.g. { "staleAfterHours": 24 }. Fix it, or remove it to use the defaults.`,
    badJson: (source: string, line: number, column: number, detail: string) =>
      `cannot read ${source}: not valid JSON at line ${line}, column ${column}: ${detail}. Fix the JSON, or remove the file to use the defaults.`,
  },
};
