import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as held from '#contract/messages';

/**
 * A user-facing message that contract/messages.ts holds is written there only: the forms, the
 * pages and the v1 API import it, so a reworded message cannot leave a stale copy behind.
 */
const ROOTS = ['app', 'api', 'server'];

function heldStrings(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object') for (const inner of Object.values(value)) heldStrings(inner, into);
  return into;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every string literal, template without substitutions and JSX text in a file, with its line. */
function literals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) {
      const text = ts.isJsxText(node) ? node.text.replace(/\s+/g, ' ').trim() : node.text;
      if (text) found.push({ text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('contract/messages.ts', () => {
  const strings = heldStrings(held);
  // Held strings too short or too generic to be a message (none today, kept for safety).
  const messages = [...strings].filter((text) => text.length >= 12 && /\s/.test(text));

  it('holds the messages the test looks for', () => {
    expect(messages.length).toBeGreaterThan(50);
    expect(messages).toContain('You might be offline.');
  });

  it('is the only place a message it holds is written out in app/, api/ and server/', () => {
    const wanted = new Set(messages);
    // Only files that could hold a copy are parsed: each message's text up to its first quote or
    // backslash (how a literal may escape it) must be in the file as written.
    const prefixes = messages.map((text) => text.split(/['"`\\]/)[0]);
    const mayHoldCopy = (file: string) => {
      const text = readFileSync(file, 'utf8');
      return prefixes.some((prefix) => prefix.length < 10 || text.includes(prefix));
    };
    const copies = ROOTS.flatMap((root) =>
      sourceFiles(root)
        .filter(mayHoldCopy)
        .flatMap((file) =>
          literals(file)
            .filter(({ text }) => wanted.has(text))
            .map(({ text, line }) => `${file}:${line} ${JSON.stringify(text)}`),
        ),
    );
    expect(copies, 'import these from #contract/messages instead').toEqual([]);
  }, 120_000);
});
