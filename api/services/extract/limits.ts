import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * How far an upload may expand while its text is read. A few hundred KB of Word document or
 * PDF can inflate to gigabytes of XML or page content; such a file is refused by what it
 * declares (a zip's central directory, a PDF's page count) before anything is inflated, and
 * by what it really inflates to (under a budget, with zlib's output cap) before a parser is
 * given it. These checks run before the file waits for an extraction worker, and inflate with
 * zlib's asynchronous calls (libuv's thread pool), never on the event loop. What still slips
 * through meets the worker's memory and time limits.
 */
export const EXTRACTION_LIMITS = {
  /** Entries of a Word document (a real one has a few dozen). */
  archiveEntries: 5000,
  /** Everything a Word document unpacks to (pictures included). */
  archiveBytes: 100 * 1024 * 1024,
  /** Its XML parts, which are parsed whole (about 0.6 s per MB). */
  archiveXmlBytes: 16 * 1024 * 1024,
  pdfPages: 1000,
  /** A PDF's compressed page content and fonts unpacked (pictures are not read for text). */
  pdfInflatedBytes: 24 * 1024 * 1024,
} as const;

const MB = 1024 * 1024;

/** A file refused for its size once opened: the message is the member's, a 422. */
export class ExtractionRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtractionRefused';
  }
}

export const EXTRACTION_MESSAGES = {
  docxTooLarge: `This Word document is too large once unpacked (over ${EXTRACTION_LIMITS.archiveXmlBytes / MB} MB of text and markup, or ${EXTRACTION_LIMITS.archiveBytes / MB} MB in all): split it into smaller documents.`,
  pdfTooManyPages: `This PDF has more than ${EXTRACTION_LIMITS.pdfPages} pages: split it into smaller files.`,
  pdfTooLarge: `This PDF's content is too large once unpacked (over ${EXTRACTION_LIMITS.pdfInflatedBytes / MB} MB): split it into smaller files.`,
  tooSlow: 'This file took too long to read: split it into smaller files.',
  tooMuchMemory: 'This file needs too much memory to read: split it into smaller files.',
} as const;

const tooLarge = () => new ExtractionRefused(EXTRACTION_MESSAGES.docxTooLarge);
const isOverBudget = (error: unknown) => (error as { code?: string } | null)?.code === 'ERR_BUFFER_TOO_LARGE';
const inflateRaw = promisify(zlib.inflateRaw) as (data: Uint8Array, options: zlib.ZlibOptions) => Promise<Buffer>;
const inflate = promisify(zlib.inflate) as (data: Uint8Array, options: zlib.ZlibOptions) => Promise<Buffer>;

/**
 * One file's inflation check at a time: inflating is CPU work (in libuv's thread pool), and
 * several bombs checked at once would take every core from the event loop.
 */
let inLine: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = inLine.then(work);
  inLine = turn.catch(() => {});
  return turn;
}

type ZipEntry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

/** The central directory of a zip (null when there is none: not a zip, or a damaged one). */
function centralDirectory(bytes: Buffer): ZipEntry[] | null {
  // The end record is the last 22 bytes, or earlier by a comment of at most 65,535 bytes.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const offset = bytes.readUInt32LE(end + 16);
  // Zip64 (sizes past 4 GB): never a document this product reads.
  if (count === 0xffff || offset === 0xffffffff) throw tooLarge();
  if (count > EXTRACTION_LIMITS.archiveEntries) throw tooLarge();
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * Refuse a Word document that declares more than the limits, then check that no entry
 * inflates to more than it declared (a lying zip), each under zlib's output cap, so nothing
 * larger than the limits is ever held. A damaged zip is left to the reader to fail on.
 */
export async function checkArchive(input: Uint8Array): Promise<void> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const entries = centralDirectory(bytes);
  if (!entries) return;
  let total = 0;
  let xml = 0;
  for (const entry of entries) {
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw tooLarge();
    total += entry.size;
    if (/\.(xml|rels)$/i.test(entry.name)) xml += entry.size;
  }
  if (total > EXTRACTION_LIMITS.archiveBytes || xml > EXTRACTION_LIMITS.archiveXmlBytes) throw tooLarge();
  await oneAtATime(() => checkEntries(bytes, entries));
}

/** No entry inflates to more than it declared. */
async function checkEntries(bytes: Buffer, entries: ZipEntry[]): Promise<void> {
  for (const entry of entries) {
    const local = entry.localOffset;
    if (entry.method !== 8 || local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) continue;
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    try {
      await inflateRaw(bytes.subarray(start, start + entry.compressedSize), {
        maxOutputLength: Math.max(1, entry.size),
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      if (isOverBudget(error)) throw tooLarge();
    }
  }
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

const PAGES = Buffer.from('/Pages');

/**
 * The largest page count a page tree node declares (/Type /Pages ... /Count n), read from the
 * bytes; 0 when none is readable (in a compressed object stream: the reader counts them then).
 */
function declaredPages(bytes: Buffer): number {
  let most = 0;
  for (let at = bytes.indexOf(PAGES); at >= 0; at = bytes.indexOf(PAGES, at + PAGES.length)) {
    if (!/\/Type\s*$/.test(bytes.toString('latin1', Math.max(0, at - 16), at))) continue;
    // Within the same object (a Kids array can come first and be long).
    const start = Math.max(0, bytes.lastIndexOf('obj', at));
    const end = bytes.indexOf('endobj', at);
    const count = bytes.indexOf('/Count', start);
    if (count < 0 || (end >= 0 && count > end)) continue;
    const digits = /^\s*(\d+)/.exec(bytes.toString('latin1', count + 6, count + 32));
    if (digits) most = Math.max(most, Number(digits[1]));
  }
  return most;
}

/**
 * Refuse a PDF that declares more pages than the limit, or whose compressed (FlateDecode)
 * streams, pictures aside, inflate to more than the budget: a page's content stream can hold
 * tens of MB of drawing operators in a few KB. Streams are found by their keywords (a reader
 * would find the same bytes); one that does not inflate is left to the reader.
 */
export async function checkPdf(input: Uint8Array): Promise<void> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (declaredPages(bytes) > EXTRACTION_LIMITS.pdfPages)
    throw new ExtractionRefused(EXTRACTION_MESSAGES.pdfTooManyPages);
  return oneAtATime(() => checkStreams(bytes));
}

async function checkStreams(bytes: Buffer): Promise<void> {
  let budget = EXTRACTION_LIMITS.pdfInflatedBytes;
  let at = 0;
  for (;;) {
    const keyword = bytes.indexOf(STREAM, at);
    if (keyword < 0) return;
    at = keyword + STREAM.length;
    if (keyword >= 3 && bytes.toString('latin1', keyword - 3, keyword) === 'end') continue;
    let start = at;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] !== 0x0a) continue;
    start++;
    const end = bytes.indexOf(END_STREAM, start);
    if (end < 0) return;
    at = end + END_STREAM.length;
    const before = bytes.toString('latin1', Math.max(0, keyword - 2048), keyword);
    const dictionary = before.slice(before.lastIndexOf('obj') + 1);
    if (!/\/FlateDecode/.test(dictionary) || /\/Subtype\s*\/Image/.test(dictionary)) continue;
    // Compressed twice over: no writer does that but a bomb (only the first layer would be measured).
    if ((dictionary.match(/\/FlateDecode/g) ?? []).length > 1)
      throw new ExtractionRefused(EXTRACTION_MESSAGES.pdfTooLarge);
    try {
      const inflated = await inflate(bytes.subarray(start, end), {
        maxOutputLength: budget + 1,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      });
      budget -= inflated.length;
    } catch (error) {
      if (isOverBudget(error)) throw new ExtractionRefused(EXTRACTION_MESSAGES.pdfTooLarge);
    }
    if (budget < 0) throw new ExtractionRefused(EXTRACTION_MESSAGES.pdfTooLarge);
  }
}
