/**
 * The lines of a PDF page as a reader sees them, from pdf.js text items (each a run of text
 * with its position, size and font): items on one baseline make one line, and a wide gap
 * between items on a line separates table cells. reflow.ts turns these lines into paragraphs.
 */
export type PdfTextItem = { str: string; transform: number[]; width: number; fontName: string };

export type PdfLine = {
  /** The line's text (its cells joined with single spaces). */
  text: string;
  /** More than one when the line is a table row (cells far apart). */
  cells: string[];
  /** Left and right ends and baseline, in points from the page's bottom-left corner. */
  x: number;
  xEnd: number;
  y: number;
  /** The font size and font that most of its characters use. */
  size: number;
  font: string;
  /** Set in a fixed-width font (code, listings): never a heading. */
  monospace: boolean;
  page: number;
};

/** pdf.js's description of each font of a page (its text content's `styles`). */
export type PdfFontStyles = Record<string, { fontFamily?: string } | undefined>;

/** Items further apart than this many font sizes are separate cells (a word gap is about a quarter). */
const CELL_GAP = 1.5;
/** Baselines closer than this many font sizes are the same line (superscripts, kerning). */
const SAME_LINE = 0.35;

type Builder = {
  cells: { text: string; xEnd: number }[];
  x: number;
  xEnd: number;
  y: number;
  sizes: Map<number, number>;
  fonts: Map<string, number>;
};

const mostCommon = <T>(counts: Map<T, number>, fallback: T): T => {
  let best = fallback;
  let most = -1;
  for (const [value, count] of counts) if (count > most) [best, most] = [value, count];
  return best;
};

export function pageLines(items: PdfTextItem[], page: number, styles: PdfFontStyles = {}): PdfLine[] {
  const lines: PdfLine[] = [];
  let line: Builder | null = null;
  const finish = () => {
    if (!line) return;
    const cells = line.cells.map((cell) => cell.text.replace(/\s+/g, ' ').trim()).filter(Boolean);
    if (cells.length) {
      const font = mostCommon(line.fonts, '');
      const monospace = styles[font]?.fontFamily === 'monospace';
      lines.push({
        text: cells.join(' '),
        cells,
        x: line.x,
        xEnd: line.xEnd,
        y: line.y,
        size: mostCommon(line.sizes, 0),
        font,
        monospace,
        page,
      });
    }
    line = null;
  };
  for (const item of items) {
    if (!item.transform || typeof item.str !== 'string') continue;
    const [, , c, d, x, y] = item.transform;
    const size = Math.round(Math.hypot(c, d) * 10) / 10 || 1;
    const text = item.str;
    // Whitespace runs only say where a gap is; the positions say it better.
    if (!text.trim()) continue;
    if (line && Math.abs(line.y - y) > SAME_LINE * size) finish();
    if (!line) {
      line = {
        cells: [{ text, xEnd: x + item.width }],
        x,
        xEnd: x + item.width,
        y,
        sizes: new Map(),
        fonts: new Map(),
      };
    } else {
      const gap = x - line.xEnd;
      const last = line.cells[line.cells.length - 1];
      if (gap > CELL_GAP * size) line.cells.push({ text, xEnd: x + item.width });
      else {
        const spaced = gap > 0.15 * size && !/\s$/.test(last.text) && !/^\s/.test(text);
        last.text += spaced ? ` ${text}` : text;
        last.xEnd = x + item.width;
      }
      line.x = Math.min(line.x, x);
      line.xEnd = Math.max(line.xEnd, x + item.width);
    }
    const weight = text.trim().length;
    line.sizes.set(size, (line.sizes.get(size) ?? 0) + weight);
    line.fonts.set(item.fontName, (line.fonts.get(item.fontName) ?? 0) + weight);
  }
  finish();
  return lines;
}
