import { extractHtml } from './html';

/**
 * The readable text of an uploaded file, for its memory's content and the knowledge
 * search. Which kinds are accepted is decided here too, so the upload call and the
 * upload form say the same thing.
 */
export type FileKind = 'pdf' | 'docx' | 'text' | 'markdown' | 'html' | 'image';

const BY_EXTENSION: Record<string, FileKind> = {
  pdf: 'pdf',
  docx: 'docx',
  txt: 'text',
  text: 'text',
  csv: 'text',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
};

const BY_MIME: Record<string, FileKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'text',
  'text/csv': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
};

/** The MIME type we store and serve for each kind (a browser's guess is not trusted). */
export const KIND_MIME: Record<FileKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  text: 'text/plain; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  image: 'image/png',
};

const IMAGE_MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** What the upload form's `accept` lists. */
export const ACCEPTED_UPLOADS = '.pdf,.docx,.txt,.csv,.md,.markdown,.html,.htm,.png,.jpg,.jpeg,.gif,.webp';

const extensionOf = (fileName: string) => /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/**
 * The kind of an upload from its name, else its MIME type (browsers send
 * application/octet-stream for .md files); null when not supported.
 */
export function fileKind(mimeType: string, fileName: string): FileKind | null {
  const byName = BY_EXTENSION[extensionOf(fileName)];
  if (byName) return byName;
  return BY_MIME[mimeType.split(';')[0].trim().toLowerCase()] ?? null;
}

/** The MIME type to keep for an upload of this kind. */
export function storedMimeType(kind: FileKind, fileName: string, mimeType: string): string {
  if (kind !== 'image') return KIND_MIME[kind];
  return IMAGE_MIME[extensionOf(fileName)] ?? (mimeType.startsWith('image/') ? mimeType.split(';')[0] : KIND_MIME.image);
}

/** Magic numbers of the binary kinds, so a renamed file is caught before a parser chokes on it. */
export function looksLike(kind: FileKind, bytes: Uint8Array): boolean {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (kind === 'pdf') return new TextDecoder().decode(bytes.subarray(0, 1024)).includes('%PDF-');
  if (kind === 'docx') return starts(0x50, 0x4b); // a zip
  return true;
}

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');

/** Lines trimmed, runs of blank lines and spaces collapsed. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00A0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const { extractText: unpdfText, getDocumentProxy } = await import('unpdf');
  // pdf.js takes ownership of (and detaches) the buffer it is given: pass a copy.
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const { totalPages, text } = await unpdfText(document, { mergePages: false });
    return { text: tidyText((text as string[]).join('\n\n')), pages: totalPages };
  } finally {
    await document.destroy().catch(() => {});
  }
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const mammoth = await import('mammoth');
  const extract = (mammoth as unknown as { default?: typeof mammoth }).default?.extractRawText ?? mammoth.extractRawText;
  const result = await extract({ buffer: Buffer.from(bytes) });
  return tidyText(result.value);
}

/**
 * The text of a file. Throws when the file cannot be read (a damaged PDF): the caller
 * keeps the memory as 'failed' with the reason. Images have no text of their own.
 */
export async function extractText(bytes: Uint8Array, mimeType: string, fileName: string): Promise<{ text: string; pages?: number }> {
  const kind = fileKind(mimeType, fileName);
  switch (kind) {
    case 'pdf':
      return pdfText(bytes);
    case 'docx':
      return { text: await docxText(bytes) };
    case 'html':
      return { text: tidyText(extractHtml(decode(bytes)).text) };
    case 'text':
    case 'markdown':
      return { text: tidyText(decode(bytes)) };
    case 'image':
    case null:
      return { text: '' };
  }
}
