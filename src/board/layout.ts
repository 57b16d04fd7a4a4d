// Pure: a layered drawing of one plan's dependency graph (Sugiyama's steps, small): each task's
// column is the longest chain of dependencies below it, rows within a column are ordered by the
// mean row of their neighbours over a few sweeps, so edges cross less. Plans are untrusted: a
// cycle or an unknown dependency draws no edge instead of looping.

export interface LayoutNode {
  id: string;
  /** Width the node needs (its label), in the drawing's units. */
  width: number;
}

export interface Placed {
  id: string;
  column: number;
  row: number;
  x: number;
  y: number;
  width: number;
}

export interface Layout {
  nodes: Placed[];
  /** Edges drawn: from the dependency to the task that waits on it. */
  edges: { from: string; to: string }[];
  width: number;
  height: number;
}

export const NODE_HEIGHT = 54;
const GAP_X = 44;
const GAP_Y = 12;
const MARGIN = 8;
/** Ordering sweeps: past a few, the crossings hardly change and the time grows. */
const SWEEPS = 4;

/** Each node's column: 0 for a task that waits on nothing, else one more than its deepest dependency (iterative, so a long chain cannot overflow the stack). */
function columns(ids: string[], deps: Map<string, string[]>): Map<string, number> {
  const column = new Map<string, number>();
  const state = new Map<string, 'open' | 'done'>();
  for (const start of ids) {
    if (state.has(start)) continue;
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const ds = deps.get(top.id) ?? [];
      if (top.next < ds.length) {
        const d = ds[top.next++]!;
        if (!state.has(d)) {
          state.set(d, 'open');
          stack.push({ id: d, next: 0 });
        }
        continue;
      }
      // A dependency still open is on a cycle: it does not push this node further right.
      let c = 0;
      for (const d of ds) if (state.get(d) === 'done') c = Math.max(c, column.get(d)! + 1);
      column.set(top.id, c);
      state.set(top.id, 'done');
      stack.pop();
    }
  }
  return column;
}

export function layout(all: LayoutNode[], dependsOn: Map<string, string[]>): Layout {
  // A task id used twice (a plan error) is drawn once.
  const known = new Set<string>();
  const nodes = all.filter((n) => !known.has(n.id) && known.add(n.id));
  const deps = new Map<string, string[]>();
  for (const n of nodes) deps.set(n.id, [...new Set((dependsOn.get(n.id) ?? []).filter((d) => known.has(d) && d !== n.id))]);
  const column = columns(nodes.map((n) => n.id), deps);
  // Only edges that go right are drawn: one back along a cycle would cross the whole picture.
  const edges = nodes.flatMap((n) => deps.get(n.id)!.filter((d) => column.get(d)! < column.get(n.id)!).map((d) => ({ from: d, to: n.id })));

  const byColumn: string[][] = [];
  for (const n of nodes) (byColumn[column.get(n.id)!] ??= []).push(n.id);
  for (let c = 0; c < byColumn.length; c++) byColumn[c] ??= [];
  const row = new Map<string, number>();
  const renumber = (col: string[]) => col.forEach((id, i) => row.set(id, i));
  byColumn.forEach(renumber);
  const into = new Map<string, string[]>();
  const outOf = new Map<string, string[]>();
  for (const e of edges) {
    (into.get(e.to) ?? into.set(e.to, []).get(e.to)!).push(e.from);
    (outOf.get(e.from) ?? outOf.set(e.from, []).get(e.from)!).push(e.to);
  }
  const mean = (ids: string[] | undefined, own: number) => (ids && ids.length ? ids.reduce((s, id) => s + row.get(id)!, 0) / ids.length : own);
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    const down = sweep % 2 === 0;
    const order = down ? byColumn.map((_, i) => i) : byColumn.map((_, i) => byColumn.length - 1 - i);
    for (const c of order) {
      const col = byColumn[c]!;
      const key = new Map(col.map((id) => [id, mean(down ? into.get(id) : outOf.get(id), row.get(id)!)]));
      col.sort((a, b) => key.get(a)! - key.get(b)! || row.get(a)! - row.get(b)!);
      renumber(col);
    }
  }

  const widthOf = new Map(nodes.map((n) => [n.id, n.width]));
  const placed: Placed[] = [];
  let x = MARGIN;
  let rows = 0;
  for (let c = 0; c < byColumn.length; c++) {
    const col = byColumn[c]!;
    const w = Math.max(0, ...col.map((id) => widthOf.get(id)!));
    col.forEach((id, r) => placed.push({ id, column: c, row: r, x, y: MARGIN + r * (NODE_HEIGHT + GAP_Y), width: w }));
    rows = Math.max(rows, col.length);
    x += w + GAP_X;
  }
  const order = new Map(nodes.map((n, i) => [n.id, i]));
  placed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return {
    nodes: placed,
    edges,
    width: Math.max(x - GAP_X + MARGIN, 2 * MARGIN),
    height: Math.max(MARGIN * 2 + rows * (NODE_HEIGHT + GAP_Y) - GAP_Y, 2 * MARGIN),
  };
}
