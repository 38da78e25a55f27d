/**
 * No import cycles (DESIGN.md "The shape"). Every relative import of every source file (static,
 * `import type`, `export … from` and dynamic `import('…')`) is an edge; Tarjan's algorithm finds
 * the strongly connected components, and any component of more than one file (or a file that
 * imports itself) is a cycle. A cycle makes module evaluation order depend on which file is
 * imported first, so a value read at the top level of one of them can be `undefined` or throw
 * in one entry point and not in another.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { importsOf, importTargets, relativeToRoot, ROOT, sourceFiles } from '../support/source-imports.ts';

type Graph = ReadonlyMap<string, readonly string[]>;

/** The strongly connected components of `graph` (Tarjan), each in discovery order. */
function stronglyConnectedComponents(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, index.get(next)!));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component.reverse());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}

/** The shortest path of imports from `start` back to `start` that stays inside `members`, as `a -> b -> a`. */
function shortestCycle(graph: Graph, start: string, members: ReadonlySet<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at]!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(cameFrom.get(cycle[0]!)!);
        return [...cycle, start];
      }
      if (!cameFrom.has(next) && next !== start) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [];
}

/**
 * Every import cycle of `graph`, as `a -> b -> a` lines: for each component, shortest cycles
 * until every file of the component is named in at least one.
 */
function importCycles(graph: Graph): string[] {
  const cycles: string[] = [];
  for (const component of stronglyConnectedComponents(graph)) {
    const [only] = component;
    if (component.length === 1 && !(graph.get(only!) ?? []).includes(only!)) continue;
    const members = new Set(component);
    const named = new Set<string>();
    for (const start of [...component].sort()) {
      if (named.has(start)) continue;
      const cycle = shortestCycle(graph, start, members);
      cycle.forEach((file) => named.add(file));
      cycles.push(cycle.join(' -> '));
    }
  }
  return cycles;
}

/** The project's import graph, files named relative to the repository root. */
function projectImportGraph(): Graph {
  return new Map(sourceFiles().map((file) => [relativeToRoot(file), importsOf(file).map(relativeToRoot)]));
}

describe('import cycles (DESIGN.md "The shape")', () => {
  test('no source file reaches itself through its imports', () => {
    const graph = projectImportGraph();
    assert.ok(graph.size > 400, 'the source files are found');
    assert.ok(graph.has('routes.ts') && graph.has('cli/index.ts') && graph.has('brands/index.ts'), 'root files, cli/ and brands/ are in the graph');
    assert.deepEqual(importCycles(graph), []);
  });

  test('the check sees a cycle: two probe files importing each other, one by `import type`, one by `import()`', () => {
    const first = path.join(ROOT, 'src/core/probe-a.ts');
    const second = path.join(ROOT, 'src/core/probe-b.ts');
    const graph: Graph = new Map([
      [first, importTargets(first, "import type { B } from './probe-b.ts';")],
      [second, importTargets(second, "const a = await import('./probe-a.ts');")],
    ]);
    assert.deepEqual(importCycles(graph), [`${first} -> ${second} -> ${first}`]);
  });

  describe('the cycles it reports', () => {
    const cases: { name: string; edges: [string, string[]][]; cycles: string[] }[] = [
      { name: 'none in a chain', edges: [['a', ['b']], ['b', ['c']], ['c', []]], cycles: [] },
      { name: 'a file importing itself', edges: [['a', ['a']]], cycles: ['a -> a'] },
      { name: 'three files in a ring', edges: [['a', ['b']], ['b', ['c']], ['c', ['a']]], cycles: ['a -> b -> c -> a'] },
      { name: 'two cycles sharing a file, each named', edges: [['a', ['b', 'c']], ['b', ['a']], ['c', ['a']]], cycles: ['a -> b -> a', 'c -> a -> c'] },
      { name: 'two separate cycles', edges: [['a', ['b']], ['b', ['a']], ['x', ['y']], ['y', ['x']]], cycles: ['a -> b -> a', 'x -> y -> x'] },
    ];
    for (const { name, edges, cycles } of cases) {
      test(name, () => assert.deepEqual(importCycles(new Map(edges)).sort(), cycles));
    }
  });
});
