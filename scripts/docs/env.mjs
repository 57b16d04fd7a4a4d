// The environment the docs scripts run their real commands in: git kept from this machine's
// configuration, one person's identity, no colour, `home` as HOME (its path is replaced in the output).
export const docsEnv = (home, name) => ({
  PATH: process.env.PATH,
  HOME: home,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: name,
  GIT_AUTHOR_EMAIL: `${name.toLowerCase()}@example.com`,
  GIT_COMMITTER_NAME: name,
  GIT_COMMITTER_EMAIL: `${name.toLowerCase()}@example.com`,
  NO_COLOR: '1',
});
