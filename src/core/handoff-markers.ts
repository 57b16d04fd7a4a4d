// The handoff block's markers in the entry files: the handoff writes between them
// (../handoff/render.ts), uninstall takes the block out (./install/uninstall-actions.ts).
import type { Markers } from '../lib/marked-sections.js';

export const START = '<!-- plan-hooks:handoff:start -->';
export const END = '<!-- plan-hooks:handoff:end -->';
export const HANDOFF_MARKERS: Markers = { key: START, start: START, end: END };
