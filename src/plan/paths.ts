// Plan file names: a plan's JSON and its paired Markdown sit side by side.

/** `docs/x-plan.json` → `docs/x-plan.md`. */
export function pairedMarkdownPath(planPath: string): string {
  return planPath.replace(/\.json$/, '.md');
}
