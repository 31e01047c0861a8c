/**
 * A table written as a person would read it out. When the table has a header row, each body
 * row becomes one sentence that carries the header's labels ("Wedding cake: minimum notice
 * 8 weeks; deposit 50%."): a caller's question uses the header's words ("how much notice…"),
 * and an answer read from a row must make sense on its own. The header's own line is left
 * out (alone it is a fragment). A table without a header row, or of one column, stays as rows
 * of cells ("cell | cell"), as there are no labels to give.
 */

/** A row's cells in column order (an empty cell kept as '' so the columns line up), and whether the source marked it as a header (th, thead, bold). */
export type TableRow = { cells: string[]; marked?: boolean };

const DIGIT = /\d/;
/** Names keep their capital letter inside a sentence ("open Monday"). */
const NAMES = new Set(
  'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december'.split(
    ' ',
  ),
);

const filled = (cells: string[]) => cells.filter((cell) => cell.trim() !== '');

/**
 * A first row that reads as labels, not data: short cells without final punctuation and no
 * figures, above rows that each carry a figure past their first cell (prices, times, amounts).
 */
function readsAsHeader(first: string[], body: TableRow[]): boolean {
  const labels = filled(first);
  if (
    labels.length < 2 ||
    labels.some((cell) => DIGIT.test(cell) || /[.!?;,]$/.test(cell) || cell.split(/\s+/).length > 5)
  )
    return false;
  return body.every((row) => row.cells.slice(1).some((cell) => DIGIT.test(cell)));
}

function hasHeader(rows: TableRow[]): boolean {
  const [first, ...body] = rows;
  if (!first || !body.length || first.cells.length < 2) return false;
  // Most rows must line up with the header's columns (a merged or missing cell is read as it is).
  if (body.filter((row) => row.cells.length === first.cells.length).length * 2 < body.length) return false;
  return (first.marked === true && body.every((row) => !row.marked)) || readsAsHeader(first.cells, body);
}

/** A header in the middle of a sentence: lower case, except acronyms (VAT) and names (Saturday); in a header row set wholly in capitals nothing is an acronym. */
function label(header: string, shouted: boolean): string {
  return header
    .replace(/[:.]$/, '')
    .split(/(\s+)/)
    .map((word) => {
      const letters = word.replace(/[^\p{L}]/gu, '');
      if (!letters || NAMES.has(letters.toLowerCase())) return word;
      const capitals = letters === letters.toUpperCase() && letters.length > 1;
      // An acronym is short (VAT, MOT, UK); a longer word in capitals is emphasis.
      if (capitals && !shouted && letters.length <= 4) return word;
      if (capitals || /^\p{Lu}\p{Ll}*$/u.test(letters)) return word.toLowerCase();
      return word;
    })
    .join('')
    .trim();
}

const trimEnd = (text: string) => text.trim().replace(/[.;:,]+$/, '');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function sentence(headers: string[], cells: string[]): string {
  const subject = trimEnd(cells[0] ?? '');
  const pairs = cells
    .slice(1)
    .map((cell, index) => {
      const value = trimEnd(cell);
      const name = headers[index + 1];
      return !value ? '' : name ? `${name} ${value}` : value;
    })
    .filter(Boolean);
  if (!pairs.length) return subject ? `${subject}.` : '';
  return subject ? `${subject}: ${pairs.join('; ')}.` : `${capitalised(pairs.join('; '))}.`;
}

const cellsLine = (cells: string[]) => filled(cells).join(' | ');

/** The lines a table is written as: labelled row sentences under a header row, otherwise rows of cells. */
export function tableLines(rows: TableRow[]): string[] {
  const kept = rows.filter((row) => filled(row.cells).length > 0);
  if (!hasHeader(kept)) return kept.map((row) => cellsLine(row.cells));
  const [first, ...body] = kept;
  const shouted = first.cells.join(' ') === first.cells.join(' ').toUpperCase();
  const headers = first.cells.map((cell) => label(cell, shouted));
  return body
    .map((row) => (row.cells.length === headers.length ? sentence(headers, row.cells) : cellsLine(row.cells)))
    .filter(Boolean);
}
