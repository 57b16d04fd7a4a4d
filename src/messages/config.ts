// The configuration file, .plan-hooks.json or package.json's key (src/config).

export const configMessages = {
  config: {
    unreadable: (file: string, why: string) => `cannot read ${file}: ${why}.`,
    unknownKey: (key: string, known: string[]) => `unknown setting "${key}"; the settings here are ${known.join(', ')}`,
    badValue: (key: string, expected: string, found: string) => `"${key}" must be ${expected} (it is ${found})`,
    invalid: (source: string, problems: string[]) =>
      `${source} has invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}\nFix them in ${source}, or remove a key to use its default (schema/config.v1.schema.json describes every setting).`,
    notObject: (source: string) => `${source} must be a JSON object of settings, e.g. { "staleAfterHours": 24 }. Fix it, or remove it to use the defaults.`,
    badJson: (source: string, line: number, column: number, detail: string) =>
      `cannot read ${source}: not valid JSON at line ${line}, column ${column}: ${detail}. Fix the JSON, or remove the file to use the defaults.`,
  },
};
