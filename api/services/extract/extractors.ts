import { extractHtml } from './html';
import { decode, fileKind, tidyText } from './kinds';
import { EXTRACTION_LIMITS, EXTRACTION_MESSAGES, ExtractionRefused } from './limits';
import { pageLines, type PdfFontStyles, type PdfLine, type PdfTextItem } from './pdf-lines';
import { reflowPdfLines } from './reflow';

/**
 * The text of a file, read in this thread: the extraction worker (worker.ts) runs it, never
 * the server's own thread, after limits.ts checked what the file unpacks to. Throws
 * ExtractionRefused for a file over the limits and any other error for a file that cannot
 * be read. The text is cut to what a memory holds.
 */
export type Extracted = { text: string; pages?: number; truncated?: boolean };

async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const { getDocumentProxy } = await import('unpdf');
  // pdf.js takes ownership of (and detaches) the buffer it is given: pass a copy.
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    // The page tree's count, as the reader sees it (limits.ts read the uncompressed ones): known before any page is read.
    if (document.numPages > EXTRACTION_LIMITS.pdfPages)
      throw new ExtractionRefused(EXTRACTION_MESSAGES.pdfTooManyPages);
    // Every page's lines first: running headers and footers are known by repeating across pages.
    const pages: PdfLine[][] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(pageLines(content.items as PdfTextItem[], number, content.styles as PdfFontStyles));
      page.cleanup();
    }
    return { text: tidyText(reflowPdfLines(pages)), pages: document.numPages };
  } finally {
    await document.destroy().catch(() => {});
  }
}

/**
 * Word's headings, lists and tables kept: mammoth writes the document as HTML (heading styles
 * as h1–h6), read by the same path as a web page, so one paragraph is one line.
 */
async function docxText(bytes: Uint8Array): Promise<string> {
  const imported = await import('mammoth');
  const mammoth = (imported as unknown as { default?: typeof imported }).default ?? imported;
  // A picture's bytes are no text: never inline them as data URLs (its alt text is kept).
  const convertImage = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));
  // Word's own Title and Subtitle styles head a document too (mammoth maps only "heading n").
  const styleMap = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];
  const result = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }, { convertImage, styleMap });
  return tidyText(extractHtml(result.value).text);
}

async function readText(
  bytes: Uint8Array,
  mimeType: string,
  fileName: string,
): Promise<{ text: string; pages?: number }> {
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
export async function extractInThisThread(
  bytes: Uint8Array,
  mimeType: string,
  fileName: string,
  maxChars: number,
): Promise<Extracted> {
  const { text, pages } = await readText(bytes, mimeType, fileName);
  const truncated = text.length > maxChars;
  return {
    text: truncated ? text.slice(0, maxChars) : text,
    ...(pages === undefined ? {} : { pages }),
    ...(truncated ? { truncated } : {}),
  };
}
