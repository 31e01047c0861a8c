/**
 * Which kinds of upload are accepted (decided here, so the upload call and the upload form
 * say the same thing), what each is stored as, and whether the bytes are what they claim.
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

const IMAGE_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

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
  return (
    IMAGE_MIME[extensionOf(fileName)] ?? (mimeType.startsWith('image/') ? mimeType.split(';')[0] : KIND_MIME.image)
  );
}

/** What each image extension claims, in the form its magic number is checked against. */
export const IMAGE_LABEL: Record<string, string> = {
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
};

/** The image format the bytes are (magic numbers), whatever the file is called; null for anything else (SVG included). */
export function sniffImage(bytes: Uint8Array): string | null {
  const starts = (values: number[], at = 0) => values.every((value, index) => bytes[at + index] === value);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/**
 * Whether the bytes are what the upload claims to be, so a renamed file is caught before a
 * parser chokes on it, and nothing is stored (and later served) under a type it is not: an
 * image must be the very format its name (or MIME type) says. `claimedMime` is storedMimeType's answer.
 */
export function looksLike(kind: FileKind, bytes: Uint8Array, claimedMime = ''): boolean {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (kind === 'pdf') return new TextDecoder().decode(bytes.subarray(0, 1024)).includes('%PDF-');
  if (kind === 'docx') return starts(0x50, 0x4b, 0x03, 0x04); // a zip
  if (kind === 'image') return sniffImage(bytes) === claimedMime;
  return true;
}

export const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');

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
