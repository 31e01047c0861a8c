import { dropsHyphen } from './hyphenation';

/**
 * The lines of one paragraph of plain text read as a person reads them, for text whose line
 * breaks were kept from its source (a PDF read before reflow.ts existed, a pasted document):
 * a line that stops mid-sentence is joined to the next (hyphenation undone), and a short
 * unpunctuated line standing before its paragraph is its heading. Lines that are list items,
 * table rows or whole sentences stay lines.
 */
export type ReadLine = { heading: string } | { text: string };

const TERMINAL = /[.!?:;]["'’”)\]]*$/;
const ITEM = /^(?:[-*•●▪–]|\(?\d{1,2}[.)]|\(?[a-z][.)])\s+/;
const ROW = /\s\|\s|\t/;
const HYPHENATED = /\p{L}[-\u2010]$/u;
/** Words a sentence does not end on: a line ending with one goes on in the next line. */
const CONNECTOR = /(?:[,&]|\b(?:and|or|but|of|the|a|an|to|in|on|for|with|by|at|from|your|our|their|is|are|we|you)\b)$/i;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

const isStructured = (line: string) => ITEM.test(line) || ROW.test(line);

function continues(line: string, next: string): boolean {
  if (isStructured(next) || ROW.test(line) || TERMINAL.test(line)) return false;
  return /^\p{Ll}/u.test(next) || CONNECTOR.test(line);
}

/** Short, capitalised, unpunctuated, no "label: value" and no figures past a section number. */
function headingShaped(line: string): boolean {
  if (isStructured(line) || words(line) > 8 || line.length > 60) return false;
  if (!/^[\p{Lu}\d]/u.test(line) || /[.,;:!?)\-–]$/.test(line) || line.includes(':')) return false;
  return !/\d/.test(line.replace(/^\d+(?:\.\d+)*\.?\s/, ''));
}

/**
 * A heading stands after a finished sentence (or another heading) and before its text: the
 * next line that is not itself heading-shaped (a title may sit over a section heading) is
 * longer than it, or a list or table.
 */
function isHeading(lines: string[], index: number, previous: string | undefined): boolean {
  const line = lines[index];
  if (!headingShaped(line) || (previous !== undefined && !TERMINAL.test(previous))) return false;
  let next = index + 1;
  if (next < lines.length && headingShaped(lines[next])) next++;
  const text = lines[next];
  return text !== undefined && !headingShaped(text) && (isStructured(text) || text.length > lines[next - 1].length);
}

/** `vocabulary` (the whole text's words) is asked only when a line ends with a hyphenated word. */
export function readParagraphLines(lines: string[], vocabulary: () => Set<string>): ReadLine[] {
  const read: ReadLine[] = [];
  const clean = lines.map((line) => line.trim()).filter(Boolean);
  // The sentence being joined, as its source lines: only its last line's end is ever looked at.
  let parts: string[] | undefined;
  let previous: string | undefined;
  clean.forEach((line, index) => {
    const next = clean[index + 1];
    if (!parts) {
      if (isHeading(clean, index, previous)) {
        read.push({ heading: line });
        previous = undefined;
        return;
      }
      parts = [line];
    } else {
      const last = parts.length - 1;
      const tail = clean[index - 1];
      if (!HYPHENATED.test(tail)) parts.push(` ${line}`);
      else {
        if (dropsHyphen(tail.split(/\s/).pop() ?? '', line, vocabulary())) parts[last] = parts[last].slice(0, -1);
        parts.push(line);
      }
    }
    if (next !== undefined && continues(line, next)) return;
    read.push({ text: parts.join('') });
    previous = line;
    parts = undefined;
  });
  return read;
}
