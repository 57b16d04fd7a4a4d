// Which package manager a Node repository uses, from its lockfile (or its packageManager field),
// and the command that adds or removes development dependencies with it.

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

const LOCKFILES: [string, PackageManager][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lockb', 'bun'],
  ['bun.lock', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
];

/** The files a package manager rewrites when it adds a dependency. */
export const PACKAGE_FILES = ['package.json', ...LOCKFILES.map(([name]) => name)];

/** `files` are the names present at the package root; `packageManager` is package.json's field. */
export function detectPackageManager(files: string[], packageManager?: unknown): PackageManager {
  for (const [lockfile, pm] of LOCKFILES) if (files.includes(lockfile)) return pm;
  if (typeof packageManager === 'string') {
    const name = packageManager.split('@')[0];
    if (name === 'pnpm' || name === 'yarn' || name === 'bun' || name === 'npm') return name;
  }
  return 'npm';
}

export function addDevCommand(pm: PackageManager, specs: string[]): string[] {
  switch (pm) {
    case 'npm':
      return ['npm', 'install', '--save-dev', '--no-audit', '--no-fund', ...specs];
    case 'pnpm':
      return ['pnpm', 'add', '--save-dev', ...specs];
    case 'yarn':
      return ['yarn', 'add', '--dev', ...specs];
    case 'bun':
      return ['bun', 'add', '--dev', ...specs];
  }
}

export function removeCommand(pm: PackageManager, names: string[]): string[] {
  return pm === 'npm' ? ['npm', 'uninstall', '--no-audit', '--no-fund', ...names] : [pm, 'remove', ...names];
}

/** How a person or an agent starts the locally installed plan-hooks with this package manager. */
export function runCommand(pm: PackageManager | null): string {
  switch (pm) {
    case 'npm':
      return 'npx plan-hooks';
    case 'pnpm':
      return 'pnpm exec plan-hooks';
    case 'yarn':
      return 'yarn plan-hooks';
    case 'bun':
      return 'bunx plan-hooks';
    default:
      return 'plan-hooks';
  }
}

/** The command that installs a repository's dependencies (what a teammate runs after cloning). */
export function installCommand(pm: PackageManager): string {
  return `${pm} install`;
}

/**
 * Whether the repository uses yarn 2 or later (Berry): it has .yarnrc.yml (yarn 1 reads only
 * .yarnrc) or its packageManager names yarn 2+. Berry never runs a `prepare` script on install.
 */
export function isYarnBerry(files: string[], packageManager?: unknown): boolean {
  if (detectPackageManager(files, packageManager) !== 'yarn') return false;
  if (files.includes('.yarnrc.yml')) return true;
  const m = typeof packageManager === 'string' ? /^yarn@(\d+)/.exec(packageManager) : null;
  return m !== null && Number(m[1]) >= 2;
}
