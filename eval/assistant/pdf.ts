/**
 * A PDF laid out the way word processors write them, so the evaluation reads a document
 * like the ones owners upload: body text hard-wrapped at about 80 characters with long words
 * hyphenated across lines, headings in a bigger bold font on their own lines, tables whose
 * cells are placed at column positions, a small footer with the page number, and each line
 * positioned with its own Td move. Written by hand (no package): Helvetica and
 * Helvetica-Bold, WinAnsi text, a correct cross-reference table.
 */
export type PdfBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'table'; columns: number[]; rows: string[][] }
  | { kind: 'page-break' };

export type PdfDocument = { footer: string; blocks: PdfBlock[] };

const WRAP_AT = 78;
const LEFT = 72;
const TOP = 740;
const BOTTOM = 90;

type Line = { font: 'F1' | 'F2'; size: number; x: number; y: number; text: string };

/** PDF string literals escape backslashes and parentheses; the text is written as WinAnsi (latin1). */
const pdfString = (text: string) =>
  `(${text
    .replace(/[\\()]/g, (c) => `\\${c}`)
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/–/g, '\x96')
    .replace(/—/g, '\x97')
    .replace(/£/g, '\xA3')})`;

/**
 * Greedy wrapping like a word processor with hyphenation on: a long word that does not fit
 * is split after at least three letters, with a hyphen, and goes on on the next line.
 */
export function wrap(text: string, width = WRAP_AT): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const room = width - line.length - (line ? 1 : 0);
    if (word.length <= room) {
      line = line ? `${line} ${word}` : word;
      continue;
    }
    const letters = /^[A-Za-z]+$/.test(word);
    const head = room - 1;
    if (letters && word.length >= 7 && head >= 3 && word.length - head >= 3) {
      lines.push(`${line ? `${line} ` : ''}${word.slice(0, head)}-`);
      line = word.slice(head);
      continue;
    }
    if (line) lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  return lines;
}

function layout(document: PdfDocument): Line[][] {
  const pages: Line[][] = [[]];
  let y = TOP;
  const page = () => pages[pages.length - 1];
  const newPage = () => {
    pages.push([]);
    y = TOP;
  };
  const add = (font: Line['font'], size: number, x: number, text: string, leading: number) => {
    if (y < BOTTOM) newPage();
    page().push({ font, size, x, y, text });
    y -= leading;
  };
  for (const block of document.blocks) {
    switch (block.kind) {
      case 'title':
        add('F2', 18, LEFT, block.text, 30);
        break;
      case 'heading':
        y -= 6;
        add('F2', 13, LEFT, block.text, 19);
        break;
      case 'paragraph':
        for (const line of wrap(block.text)) add('F1', 10, LEFT, line, 13);
        y -= 7;
        break;
      case 'bullets':
        for (const item of block.items) {
          wrap(item, WRAP_AT - 4).forEach((line, index) =>
            add('F1', 10, LEFT + 14, index === 0 ? `\x95 ${line}` : line, 13),
          );
        }
        y -= 7;
        break;
      case 'table':
        block.rows.forEach((row, index) => {
          if (y < BOTTOM) newPage();
          row.forEach((cell, column) =>
            page().push({ font: index === 0 ? 'F2' : 'F1', size: 10, x: LEFT + block.columns[column], y, text: cell }),
          );
          y -= 15;
        });
        y -= 7;
        break;
      case 'page-break':
        newPage();
        break;
    }
  }
  return pages;
}

/** Each line placed with a Td move relative to the previous line's start, as PDF writers do. */
function contentStream(lines: Line[], footer: string): string {
  const ops = ['BT'];
  let x = 0;
  let y = 0;
  let font = '';
  for (const line of lines) {
    const selected = `/${line.font} ${line.size} Tf`;
    if (selected !== font) ops.push(selected);
    font = selected;
    ops.push(`${line.x - x} ${line.y - y} Td`, `${pdfString(line.text)} Tj`);
    x = line.x;
    y = line.y;
  }
  ops.push('ET', 'BT', '/F1 8 Tf', `${LEFT} 40 Td`, `${pdfString(footer)} Tj`, 'ET');
  return ops.join('\n');
}

export function makeDocumentPdf(document: PdfDocument): Uint8Array {
  const pages = layout(document);
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 5 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((lines, index) => {
    const pageId = pageIds[index];
    const stream = contentStream(lines, `${document.footer}   Page ${index + 1} of ${pages.length}`);
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
