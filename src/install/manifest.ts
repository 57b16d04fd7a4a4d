// Where init's record (../core/install/manifest.ts) is kept: under the git common directory,
// never in the working tree.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Manifest } from '../core/install/manifest.js';

function manifestPath(commonDir: string): string {
  return join(commonDir, 'plan-hooks', 'install.json');
}

export function readManifest(commonDir: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(manifestPath(commonDir), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

export function writeManifest(commonDir: string, manifest: Manifest): void {
  const file = manifestPath(commonDir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

export function removeManifest(commonDir: string): void {
  rmSync(manifestPath(commonDir), { force: true });
}
