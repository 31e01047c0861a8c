import { expect } from 'vitest';
import type { ApiMemory } from '#contract/envelope';
import type { CallResult, Harness } from './api-harness';

export { makeStyledDocx, type DocxBlock } from './docx';

/** The keys of contract/envelope.ts ApiMemory: the API answers exactly these. */
export const MEMORY_KEYS = [
  '_id',
  'answer',
  'content',
  'created_at',
  'deleted_at',
  'file',
  'meta',
  'source_url',
  'status',
  'title',
  'type',
  'updated_at',
];

export function expectMemoryShape(memory: ApiMemory): void {
  expect(Object.keys(memory).sort()).toEqual(MEMORY_KEYS);
  if (memory.file) expect(Object.keys(memory.file).sort()).toEqual(['mime_type', 'name', 'size_bytes', 'url']);
}

export async function createMemory(
  h: Harness,
  businessId: string,
  token: string,
  input: Record<string, unknown> = {},
): Promise<ApiMemory> {
  const result = await h.call(
    `businesses/memories/${businessId}/create`,
    { type: 'text', status: 'active', content: 'We open at nine.', ...input },
    token,
  );
  if (result.status !== 200) throw new Error(`memory create failed: ${JSON.stringify(result.body)}`);
  return result.body.data.memory;
}

/** POST a multipart upload like a browser form does. */
export async function upload(
  h: Harness,
  businessId: string,
  token: string | undefined,
  file: { bytes: Uint8Array | string; name: string; type?: string } | null,
  fields: Record<string, string> = {},
): Promise<CallResult> {
  const form = new FormData();
  if (file)
    form.set(
      'file',
      new File([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)], file.name, {
        type: file.type ?? '',
      }),
    );
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await h.request(`businesses/memories/${businessId}/upload`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}`, accept: 'application/json' } : { accept: 'application/json' },
    body: form,
  });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

/** PDF string literals escape backslashes and parentheses. */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * A minimal valid PDF written by hand: one page per entry, each line a text object in
 * Helvetica, with a correct cross-reference table (byte offsets), so any reader opens it.
 */
export function makePdf(pages: string[][]): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  pages.forEach((lines, index) => {
    const pageId = pageIds[index];
    const stream = [
      'BT',
      '/F1 12 Tf',
      '14 TL',
      '72 720 Td',
      ...lines.map((line) => `${pdfString(line)} Tj T*`),
      'ET',
    ].join('\n');
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  return writePdf(objects);
}

/** The objects (numbered from 1) with a correct cross-reference table (byte offsets). */
function writePdf(objects: string[]): Uint8Array {
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

/** One line of a styled PDF: text in a font and size, or table cells at given x positions. */
export type PdfLine = {
  text?: string;
  /** A table row: each cell drawn at its own x (the reader sees the gaps). */
  cells?: string[];
  cellXs?: number[];
  font?: 'regular' | 'bold' | 'mono';
  size?: number;
  /** Left edge (72 by default): an indent, or a list item's continuation. */
  x?: number;
  /** Extra space above the line, in points (a paragraph gap). */
  gapBefore?: number;
};

export type StyledPdfOptions = {
  /** A running footer drawn at the bottom of every page (given the page's number). */
  footer?: (pageNumber: number) => string;
  /** A running header drawn at the top of every page. */
  header?: (pageNumber: number) => string;
};

const PAGE_FONTS = '<< /F1 3 0 R /F2 4 0 R /F3 5 0 R >>';
const FONT_RESOURCE = { regular: 'F1', bold: 'F2', mono: 'F3' } as const;
/** The typographic characters WinAnsiEncoding places outside Latin-1 (the file is written as Latin-1). */
const WIN_ANSI: Record<string, string> = {
  '•': '\x95',
  '–': '\x96',
  '—': '\x97',
  '‘': '\x91',
  '’': '\x92',
  '“': '\x93',
  '”': '\x94',
  '€': '\x80',
};
const toWinAnsi = (text: string) => text.replace(/[•–—‘’“”€]/g, (c) => WIN_ANSI[c]);

/**
 * A PDF laid out like a real document: each line placed with its own Td (relative to the
 * line before, as word processors write them), in Helvetica, Helvetica-Bold or Courier at its own size,
 * table rows as cells at fixed x positions, and optional running headers and footers.
 * Lines are written as given: hyphenated line ends stay hyphenated.
 */
export function makeStyledPdf(pages: PdfLine[][], options: StyledPdfOptions = {}): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>';
  pages.forEach((lines, index) => {
    const pageId = pageIds[index];
    const ops: string[] = [];
    // Absolute positions, written as Td moves from the previous line's start.
    let lastX = 0;
    let lastY = 0;
    const place = (x: number, y: number) => {
      ops.push(`${(x - lastX).toFixed(2)} ${(y - lastY).toFixed(2)} Td`);
      lastX = x;
      lastY = y;
    };
    ops.push('BT');
    const header = options.header?.(index + 1);
    if (header) {
      ops.push('/F1 9 Tf');
      place(72, 760);
      ops.push(`${pdfString(header)} Tj`);
    }
    let y = 730;
    for (const line of lines) {
      const size = line.size ?? 11;
      y -= (line.gapBefore ?? 0) + size * 1.25;
      ops.push(`/${FONT_RESOURCE[line.font ?? 'regular']} ${size} Tf`);
      if (line.cells) {
        line.cells.forEach((cell, at) => {
          place(line.cellXs?.[at] ?? 72 + at * 160, y);
          ops.push(`${pdfString(cell)} Tj`);
        });
      } else {
        place(line.x ?? 72, y);
        ops.push(`${pdfString(line.text ?? '')} Tj`);
      }
    }
    const footer = options.footer?.(index + 1);
    if (footer) {
      ops.push('/F1 9 Tf');
      place(72, 40);
      ops.push(`${pdfString(footer)} Tj`);
    }
    ops.push('ET');
    const stream = toWinAnsi(ops.join('\n'));
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font ${PAGE_FONTS} >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  return writePdf(objects);
}

/** A 1x1 PNG. */
export const TINY_PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
