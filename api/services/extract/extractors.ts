import { extractHtml } from './html';
import { decode, fileKind, tidyText } from './kinds';
import { EXTRACTION_LIMITS, EXTRACTION_MESSAGES, ExtractionRefused } from './limits';

/**
 * The text of a file, read in this thread: the extraction worker (worker.ts) runs it, never
 * the server's own thread, after limits.ts checked what the file unpacks to. Throws
 * ExtractionRefused for a file over the limits and any other error for a file that cannot
 * be read. The text is cut to what a memory holds.
 */
export type Extracted = { text: string; pages?: number; truncated?: boolean };

async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const { extractText: unpdfText, getDocumentProxy } = await import('unpdf');
  // pdf.js takes ownership of (and detaches) the buffer it is given: pass a copy.
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    // The page tree's count, as the reader sees it (limits.ts read the uncompressed ones): known before any page is read.
    if (document.numPages > EXTRACTION_LIMITS.pdfPages) throw new ExtractionRefused(EXTRACTION_MESSAGES.pdfTooManyPages);
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

async function readText(bytes: Uint8Array, mimeType: string, fileName: string): Promise<{ text: string; pages?: number }> {
  switch (fileKind(mimeType, fileName)) {
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
      // Images have no text of their own.
      return { text: '' };
  }
}

/** `maxChars`: what a memory holds (given by the caller, so the worker loads no more than it needs). */
export async function extractInThisThread(bytes: Uint8Array, mimeType: string, fileName: string, maxChars: number): Promise<Extracted> {
  const { text, pages } = await readText(bytes, mimeType, fileName);
  const truncated = text.length > maxChars;
  return { text: truncated ? text.slice(0, maxChars) : text, ...(pages === undefined ? {} : { pages }), ...(truncated ? { truncated } : {}) };
}
