import type { Extracted } from './extractors';
import { fileKind } from './kinds';
import { checkArchive, checkPdf } from './limits';
import { createExtractionPool, type ExtractionPool } from './pool';

/**
 * The readable text of an uploaded file, for its memory's content and the knowledge search,
 * read in a worker thread (pool.ts) within the limits of limits.ts. Which kinds are accepted,
 * and whether the bytes are what they claim: kinds.ts.
 */
export {
  ACCEPTED_UPLOADS,
  fileKind,
  IMAGE_LABEL,
  KIND_MIME,
  looksLike,
  sniffImage,
  storedMimeType,
  tidyText,
  type FileKind,
} from './kinds';
export { EXTRACTION_LIMITS, EXTRACTION_MESSAGES, ExtractionRefused } from './limits';
export { createExtractionPool, ExtractionBusy, type ExtractionPool } from './pool';
export type { Extracted } from './extractors';

let shared: ExtractionPool | undefined;

/**
 * The text of a file (cut to what a memory holds; `truncated` says so). Throws
 * ExtractionRefused for a file over the limits (its message is the member's), ExtractionBusy
 * when too many files are being read, and any other error for a file that cannot be read
 * (the caller keeps the memory as 'failed' with the reason). Images have no text of their own.
 */
export async function extractText(
  bytes: Uint8Array,
  mimeType: string,
  fileName: string,
  pool?: ExtractionPool,
): Promise<Extracted> {
  const kind = fileKind(mimeType, fileName);
  if (kind === 'image' || kind === null) return { text: '' };
  // Before the file waits for a worker: a bomb is refused at once, whatever is in line.
  if (kind === 'docx') await checkArchive(bytes);
  if (kind === 'pdf') await checkPdf(bytes);
  shared ??= createExtractionPool();
  return (pool ?? shared).extract(bytes, mimeType, fileName);
}
