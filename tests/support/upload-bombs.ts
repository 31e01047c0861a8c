import zlib from 'node:zlib';

/**
 * Hostile uploads built at run time (never committed as binaries): a Word document whose
 * few hundred KB inflate to a huge XML part, and a PDF whose one content stream does the same.
 * The benchmark (scripts/bench-upload-bombs.ts) and the upload tests share them.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export type ZipEntry = {
  name: string;
  data: Uint8Array | string;
  /** What the central directory claims the entry inflates to (a liar zip); the real size by default. */
  declaredSize?: number;
};

/** A zip (deflate) written by hand: local headers, the central directory and its end record. */
export function makeZip(entries: ZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
    const compressed = zlib.deflateRawSync(data, { level: 6 });
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(data);
    const size = entry.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const escapeXml = (text: string) =>
  text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] as string);

const paragraphXml = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
const documentXml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;

function docxOf(body: string, declaredSize?: number): Uint8Array {
  return makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: RELS },
    { name: 'word/document.xml', data: documentXml(body), declaredSize },
  ]);
}

/** A minimal valid .docx (what mammoth and Word open), one paragraph per entry. */
export function makeDocx(paragraphs: string[]): Uint8Array {
  return docxOf(paragraphs.map(paragraphXml).join(''));
}

/**
 * A .docx of a few hundred KB whose document.xml inflates to about `megabytes` MB of the
 * same paragraph repeated (the shape of the reported 478 KB / 120 MB attack). `declaredSize`
 * makes its central directory lie about that size.
 */
export function makeDocxBomb(megabytes = 120, options: { declaredSize?: number } = {}): Uint8Array {
  const paragraph = paragraphXml('Totally ordinary words that compress extremely well. ');
  return docxOf(paragraph.repeat(Math.ceil((megabytes * 1024 * 1024) / paragraph.length)), options.declaredSize);
}

/**
 * A one-page PDF whose content stream (FlateDecode) inflates to about `megabytes` MB of text
 * operators: a small file that takes a reader many seconds (the reported 143 KB / 40 MB one).
 */
export function makePdfBomb(megabytes = 40, options: { twice?: boolean } = {}): Uint8Array {
  const line = '(Words that compress well and are many.) Tj T*\n';
  const content = Buffer.from(
    `BT\n/F1 12 Tf\n14 TL\n72 720 Td\n${line.repeat(Math.ceil((megabytes * 1024 * 1024) / line.length))}ET`,
    'latin1',
  );
  // `twice`: compressed twice over (/Filter [/FlateDecode /FlateDecode]), a few KB in all.
  const once = zlib.deflateSync(content, { level: 6 });
  const stream = options.twice ? zlib.deflateSync(once, { level: 9 }) : once;
  const filter = options.twice ? '[/FlateDecode /FlateDecode]' : '/FlateDecode';
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [4 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter ${filter} >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
  ];
  return assemblePdf(objects, 1);
}

/** A PDF whose page tree declares `pages` pages (each an empty page): over the page limit. */
export function makeManyPagesPdf(pages: number): Uint8Array {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 4} 0 R`).join(' ');
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    ...Array.from({ length: pages }, () => Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>')),
  ];
  return assemblePdf(objects, 1);
}

function assemblePdf(objects: Buffer[], root: number): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return new Uint8Array(Buffer.concat(parts));
}
