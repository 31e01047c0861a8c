import { dropsHyphen, vocabularyOf } from './hyphenation';
import type { PdfLine } from './pdf-lines';
import { tableLines } from './table-rows';

/**
 * A PDF's lines made into the text a person reads: running headers, footers and page numbers
 * dropped; lines joined into paragraphs (a line wrapped by the typesetter is not a break) with
 * end-of-line hyphenation undone; headings (a short line in a bigger or bolder font, or a
 * short unpunctuated line standing before a paragraph) written as Markdown headings, so the
 * knowledge chunker files the text under them; tables written by table-rows.ts (under a
 * header row, each row a sentence carrying the header's labels; else "cell | cell") and list
 * items as "- item" lines.
 */

/** Each output line is kept as the PDF lines it joins (a paragraph can be a whole page long: only its end is ever looked at). */
type Block = {
  kind: 'heading' | 'paragraph' | 'list' | 'table';
  lines: string[][];
  level?: number;
  last: PdfLine;
  rows?: PdfLine[];
};

type Metrics = { bodySize: number; bodyFont: string; leading: number; left: number; right: number };

const TERMINAL = /[.!?:;]["'’”)\]]*$/;
/** What ends a paragraph (a semicolon only ends a clause). */
const SENTENCE_END = /[.!?:]["'’”)\]]*$/;
const BULLET = /^[•●▪■◦○‣⁃∙·*–-]\s+/;
const NUMBERED = /^\(?(?:\d{1,2}|[a-z])[.)]\s+/;
const HYPHENATED = /\p{L}[-\u2010\u00AD]$/u;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

function mostByCharacters<T>(lines: PdfLine[], key: (line: PdfLine) => T): T | undefined {
  const counts = new Map<T, number>();
  for (const line of lines) counts.set(key(line), (counts.get(key(line)) ?? 0) + line.text.length);
  let best: T | undefined;
  let most = -1;
  for (const [value, count] of counts) if (count > most) [best, most] = [value, count];
  return best;
}

const quantile = (values: number[], q: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

function measure(lines: PdfLine[]): Metrics {
  const bodySize = mostByCharacters(lines, (line) => line.size) ?? 12;
  const body = lines.filter((line) => line.size === bodySize && line.cells.length === 1);
  const bodyFont = mostByCharacters(body, (line) => line.font) ?? '';
  const steps: number[] = [];
  for (let at = 1; at < body.length; at++) {
    const step = body[at - 1].y - body[at].y;
    if (body[at - 1].page === body[at].page && step > 0 && step < 3 * bodySize) steps.push(step);
  }
  return {
    bodySize,
    bodyFont,
    // The usual distance between two lines of a paragraph: anything clearly more is a gap.
    leading: quantile(steps, 0.5) || bodySize * 1.2,
    left: quantile(
      body.map((line) => line.x),
      0.1,
    ),
    right: quantile(
      body.map((line) => line.xEnd),
      0.9,
    ),
  };
}

/** The key of a running header or footer: the same words on most pages, whatever the page number. */
const runningKey = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
const PAGE_NUMBER = /^(?:page\s*)?#(?:\s*(?:of|\/)\s*#)?$|^[-–—]\s*#\s*[-–—]$/;

/** The lines at the top and bottom edges of a page, where running headers and footers sit. */
function edgeLines(lines: PdfLine[]): Set<PdfLine> {
  const byHeight = [...lines].sort((a, b) => b.y - a.y);
  return new Set([...byHeight.slice(0, 2), ...byHeight.slice(-2)]);
}

/** Running headers and footers are never set bigger than the body: a heading that opens two pages stays. */
function withoutRunningLines(pages: PdfLine[][]): PdfLine[] {
  const bodySize = mostByCharacters(pages.flat(), (line) => line.size) ?? 12;
  const edges = pages.map((lines) => new Set([...edgeLines(lines)].filter((line) => line.size <= bodySize * 1.05)));
  const pagesWith = new Map<string, number>();
  for (const edge of edges)
    for (const key of new Set([...edge].map((line) => runningKey(line.text))))
      pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  // On most pages of a short document; on three or more pages of a long one (a chapter's running head).
  const repeated = (key: string) => {
    const count = pagesWith.get(key) ?? 0;
    return count >= 3 || (count >= 2 && count >= pages.length / 2);
  };
  return pages.flatMap((lines, index) =>
    lines.filter((line) => {
      if (!edges[index].has(line)) return true;
      const key = runningKey(line.text);
      return !PAGE_NUMBER.test(key) && !repeated(key);
    }),
  );
}

const CONNECTOR = /(?:[,&]|\b(?:and|or|of|the|a|an|to|in|on|for|with|by|at|from)\b)$/i;
const isItem = (line: PdfLine) => line.cells.length === 1 && (BULLET.test(line.text) || NUMBERED.test(line.text));
const isRow = (line: PdfLine) => line.cells.length > 1;

/** A heading by its look: bigger than the body, or a whole line in another (bold) font. */
function looksLikeHeading(line: PdfLine, m: Metrics): boolean {
  if (isRow(line) || line.monospace || !/\p{L}/u.test(line.text)) return false;
  if (line.text.length > 100 || words(line.text) > 14 || /[;]$/.test(line.text) || CONNECTOR.test(line.text))
    return false;
  // A numbered heading ("2. Deposits") in a bigger font is a heading, not a list item.
  if (line.size >= m.bodySize * 1.12) return !/\.$/.test(line.text) || words(line.text) <= 6;
  if (isItem(line) || line.font === m.bodyFont || line.size < m.bodySize * 0.9) return false;
  // Bold at the body's size: a capitalised phrase, not code or a path.
  return /^[\p{Lu}\d"“‘(]/u.test(line.text) && !/[<>{}=\\/|]|\.$/.test(line.text) && words(line.text) <= 10;
}

/**
 * A heading by its place, in a document set in one font: a short line that starts with a
 * capital, has no final punctuation, follows the end of a paragraph and stands before longer text.
 */
function standsAsHeading(
  line: PdfLine,
  previous: PdfLine | undefined,
  next: PdfLine | undefined,
  previousWasHeading: boolean,
  m: Metrics,
): boolean {
  if (!next || previousWasHeading || isRow(line) || isItem(line) || line.monospace || /[<>{}=\\/|]/.test(line.text))
    return false;
  if (
    words(line.text) > 8 ||
    line.text.length > 60 ||
    !/^[\p{Lu}\d]/u.test(line.text) ||
    /[.,;:!?)\-–]$/.test(line.text)
  )
    return false;
  if (line.xEnd - line.x > 0.6 * Math.max(1, m.right - m.left)) return false;
  const endsParagraph =
    !previous || TERMINAL.test(previous.text) || previous.page !== line.page || previous.y - line.y > m.leading * 1.35;
  return endsParagraph && (isItem(next) || isRow(next) || next.text.length > line.text.length);
}

function headingLevel(line: PdfLine, m: Metrics): number {
  if (line.size >= m.bodySize * 1.5) return 1;
  if (line.size >= m.bodySize * 1.12) return 2;
  return 3;
}

/** Whether the line was ended by the margin (its next word did not fit), not by its writer. */
function wrapped(previous: PdfLine, next: PdfLine, m: Metrics): boolean {
  const charWidth = (previous.xEnd - previous.x) / Math.max(1, previous.text.length);
  const firstWord = next.text.split(/\s/)[0] ?? '';
  return m.right - previous.xEnd < (firstWord.length + 1) * charWidth * 1.15 + 2;
}

type Join = 'space' | 'newline' | 'paragraph';

function joinOf(previous: PdfLine, line: PdfLine, m: Metrics): Join {
  const ended = SENTENCE_END.test(previous.text);
  // A sentence never starts in lower case: such a line goes on with the one before.
  const continues = /^\p{Ll}/u.test(line.text) || (/^[\d(]/.test(line.text) && !ended);
  if (previous.page !== line.page) return ended && !continues ? 'paragraph' : 'space';
  const gap = previous.y - line.y;
  const leading = (m.leading * Math.max(previous.size, line.size)) / m.bodySize;
  if (gap > leading * 1.35 || gap < 0) return continues && !ended ? 'space' : 'paragraph';
  if (HYPHENATED.test(previous.text) || continues) return 'space';
  if (ended) {
    const indented = line.x > previous.x + line.size;
    return indented || !wrapped(previous, line, m) ? 'paragraph' : 'space';
  }
  if (wrapped(previous, line, m) || CONNECTOR.test(previous.text) || /;$/.test(previous.text)) return 'space';
  // A short line ended by its writer (an address, a row of times): a line of its own.
  return previous.xEnd - previous.x >= 0.7 * (m.right - m.left) ? 'space' : 'newline';
}

/** Append `text` to the output line (its parts) as the next part of the same sentence, undoing hyphenation. */
function joinWords(parts: string[], text: string, vocabulary: Set<string>): void {
  const last = parts.length - 1;
  const tail = parts[last];
  if (tail.endsWith('\u00AD')) {
    parts[last] = tail.slice(0, -1);
    parts.push(text);
  } else if (HYPHENATED.test(tail)) {
    if (dropsHyphen(tail.split(/\s/).pop() ?? '', text, vocabulary)) parts[last] = tail.slice(0, -1);
    parts.push(text);
  } else parts.push(` ${text}`);
}

const itemText = (text: string) => (BULLET.test(text) ? `- ${text.replace(BULLET, '')}` : text);

/** A PDF table's rows; its first row is marked a header when it is set in another font (bold) than every row below it. */
function tableRows(rows: PdfLine[]) {
  const [first, ...body] = rows;
  const marked = body.length > 0 && body.every((row) => row.font !== first.font);
  return rows.map((row) => ({ cells: row.cells, marked: row === first && marked }));
}

export function reflowPdfLines(pages: PdfLine[][]): string {
  const lines = withoutRunningLines(pages);
  if (!lines.length) return '';
  const m = measure(lines);
  const vocabulary = vocabularyOf(lines.map((line) => line.text).join('\n'));
  const blocks: Block[] = [];
  let block: Block | undefined;
  const open = (kind: Block['kind'], line: PdfLine, text: string, level?: number) => {
    block = { kind, lines: [[text]], last: line, ...(level ? { level } : {}) };
    blocks.push(block);
  };

  lines.forEach((line, index) => {
    const previous = lines[index - 1];
    const next = lines[index + 1];
    const current = block as Block | undefined;
    if (isRow(line)) {
      if (current?.kind === 'table') {
        current.rows?.push(line);
        current.last = line;
      } else {
        open('table', line, '');
        (block as Block).rows = [line];
      }
      return;
    }
    if (isItem(line) && line.size < m.bodySize * 1.12) {
      if (current?.kind === 'list') {
        current.lines.push([itemText(line.text)]);
        current.last = line;
      } else open('list', line, itemText(line.text));
      return;
    }
    const heading = looksLikeHeading(line, m) || standsAsHeading(line, previous, next, current?.kind === 'heading', m);
    if (heading) {
      const level = headingLevel(line, m);
      const sameHeading =
        current?.kind === 'heading' &&
        current.level === level &&
        current.last.font === line.font &&
        current.last.page === line.page &&
        current.last.y - line.y <= m.leading * 1.6 * (line.size / m.bodySize) &&
        current.lines[0].join('').length + line.text.length < 120;
      if (sameHeading) {
        joinWords(current.lines[0], line.text, vocabulary);
        current.last = line;
      } else open('heading', line, line.text.replace(/:$/, ''), level);
      return;
    }
    // A list item's own next line (indented under its text, or a sentence that goes on).
    if (current?.kind === 'list') {
      const join = joinOf(current.last, line, m);
      if (
        join === 'space' &&
        (line.x > current.last.x + line.size * 0.5 || /^\p{Ll}/u.test(line.text) || wrapped(current.last, line, m))
      ) {
        joinWords(current.lines[current.lines.length - 1], line.text, vocabulary);
        current.last = line;
        return;
      }
    }
    if (current?.kind === 'paragraph') {
      const join = joinOf(current.last, line, m);
      if (join !== 'paragraph') {
        if (join === 'space') joinWords(current.lines[current.lines.length - 1], line.text, vocabulary);
        else current.lines.push([line.text]);
        current.last = line;
        return;
      }
    }
    open('paragraph', line, line.text);
  });

  // A line of text that starts with "#" (a comment in a listing) must not read as a heading.
  const escaped = (line: string) => line.replace(/^#/, '\\#');
  return blocks
    .map((b) => {
      if (b.kind === 'heading') return `${'#'.repeat(b.level ?? 2)} ${b.lines[0].join('')}`;
      if (b.kind === 'table')
        return tableLines(tableRows(b.rows ?? []))
          .map(escaped)
          .join('\n');
      return b.lines.map((parts) => escaped(parts.join(''))).join('\n');
    })
    .join('\n\n');
}
