// `plan-hooks new <name>`: the paired plan from templates/, valid under --strict as written.
// Files are created exclusively, so an existing plan is never overwritten, even in a race.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCommandArgs } from './shared/args.js';
import type { Command } from './shared/command.js';
import { loadConfig, DEFAULT_CONFIG } from '../config/config.js';
import { EXIT, UsageError, UserError } from '../errors.js';
import { messages } from '../messages/index.js';
import { worktreeRoot } from '../git/queries.js';
import { isPlanPath } from '../plan/discover.js';
import { day } from '../plan/edit.js';

const TEMPLATES = join(dirname(fileURLToPath(import.meta.url)), '../../../templates');
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The schema's $id: editors map it to the file with a json.schemas setting (docs/configuration.md). */
const SCHEMA_ID = 'https://github.com/plan-hooks/plan-hooks/schema/plan-state.v1.schema.json';

/**
 * The plan's `$schema`: the installed package's schema by a path relative to docs/, which
 * editors resolve offline, else the schema's $id.
 */
function schemaRef(root: string): string {
  const local = join(root, 'node_modules/plan-hooks/schema/plan-state.v1.schema.json');
  return existsSync(local) ? relative(join(root, 'docs'), local) : SCHEMA_ID;
}

export function render(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

const command: Command = {
  async run(argv) {
    const { positionals } = parseCommandArgs(argv, { command: 'new', usage: messages.newUsage, options: {}, positionals: true });
    if (positionals.length !== 1) throw new UsageError(messages.newNeedsName);
    const name = positionals[0]!;
    if (!NAME.test(name) || name.length > 64) throw new UsageError(messages.newBadName(name));

    const root = (await worktreeRoot()) ?? process.cwd();
    const config = root ? await loadConfig(root) : DEFAULT_CONFIG;
    const json = `docs/${name}-plan.json`;
    const md = `docs/${name}-plan.md`;
    const values = {
      planId: name,
      title: name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' '),
      today: day(new Date()),
      markdown: md,
      json,
      jsonName: `${name}-plan.json`,
      schema: schemaRef(root),
    };
    mkdirSync(join(root, 'docs'), { recursive: true });
    const written: string[] = [];
    try {
      for (const [file, template] of [
        [md, 'plan.md'],
        [json, 'plan.json'],
      ] as const) {
        writeFileSync(join(root, file), render(readFileSync(join(TEMPLATES, template), 'utf8'), values), { flag: 'wx' });
        written.push(file);
      }
    } catch (error) {
      // Leave nothing half-made: a lone .md would only produce a warning later.
      for (const file of written) rmSync(join(root, file));
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new UserError(messages.newExists(written.length === 0 ? md : json));
      throw error;
    }
    process.stdout.write(messages.newDone(md, json, isPlanPath(json, config), config.plans));
    return EXIT.ok;
  },
};

export default command;
