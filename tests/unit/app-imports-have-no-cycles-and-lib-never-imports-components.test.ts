import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const APP = join(ROOT, 'app');
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx', '/route.tsx', '/route.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * The modules a file loads when it runs: static imports and re-exports. Type-only imports are
 * erased by the compiler and dynamic import() is loaded later, so neither can close a cycle.
 */
export function runtimeSpecifiers(text: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(statement)) {
    if (match[2]) continue;
    if (match[1] === 'export' && !match[3]) continue;
    found.push(match[4]);
  }
  return found;
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('#app/')) base = join(APP, specifier.slice('#app/'.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next extension
    }
  }
  return null;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(APP)) {
    const targets = runtimeSpecifiers(readFileSync(file, 'utf8'))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target !== null && target.startsWith(APP));
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components with more than one module, or a module importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(relative(ROOT, member));
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('app/ imports', () => {
  it('reads runtime imports and re-exports, not type-only ones', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "export { c } from '#app/lib/c';",
      "export type { D } from './d';",
      "import './e.css';",
      'export const f = 1;',
      "const g = await import('./g');",
    ].join('\n');
    expect(runtimeSpecifiers(text)).toEqual(['./a', '#app/lib/c', './e.css']);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['/x/a', ['/x/b']],
      ['/x/b', ['/x/a']],
      ['/x/c', ['/x/a']],
    ]);
    expect(cycles(graph)).toHaveLength(1);
  });

  it('have no import cycles', () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it('never go from app/lib to app/components (a lib module serves components, never the other way)', () => {
    const lib = join(APP, 'lib');
    const components = join(APP, 'components');
    const wrong = [...importGraph()]
      .filter(([file]) => file.startsWith(lib))
      .flatMap(([file, targets]) =>
        targets
          .filter((target) => target.startsWith(components))
          .map((target) => `${relative(ROOT, file)} → ${relative(ROOT, target)}`),
      );
    expect(wrong).toEqual([]);
  });
});
