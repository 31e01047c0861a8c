import type { Context } from 'hono';
import type { ApiSuccess } from '#contract/envelope';
import { awaitsAnswer, handOver } from '#contract/in-process-answer.server';
import { JsonRows } from './sql-json';

/** An answer's data whose top-level values may still be the database's JSON texts (sql-json.ts JsonRows). */
export type AnswerData = Record<string, unknown>;

/** The data with every JsonRows value parsed: what an HTTP client reads from the body. */
export function parsedData(data: AnswerData): AnswerData {
  if (!Object.values(data).some((value) => value instanceof JsonRows)) return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, value instanceof JsonRows ? value.parse() : value]),
  );
}

/**
 * The pieces of the envelope's JSON, as JSON.stringify writes it: a top-level list is written
 * element by element (a JsonRows value's texts as they are), so no one string holds a whole
 * page (sql-json.ts says why that costs).
 */
function envelopePieces(data: AnswerData, messages: string[]): string[] {
  const pieces = ['{"data":{'];
  let first = true;
  for (const [key, value] of Object.entries(data)) {
    const elements =
      value instanceof JsonRows ? value.texts : Array.isArray(value) ? value.map(elementJson) : undefined;
    // JSON.stringify leaves out what it cannot write (undefined), as it would in the object.
    const json = elements ? undefined : (JSON.stringify(value) as string | undefined);
    if (!elements && json === undefined) continue;
    pieces.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    if (!elements) {
      pieces.push(json!);
      continue;
    }
    pieces.push('[');
    elements.forEach((element, index) => pieces.push(index ? ',' : '', element));
    pieces.push(']');
  }
  pieces.push(`},"messages":${JSON.stringify(messages)}}`);
  return pieces;
}

/** An array element as JSON.stringify writes it inside the array (what it cannot write is null). */
const elementJson = (element: unknown): string => (JSON.stringify(element) as string | undefined) ?? 'null';

/** The pieces' UTF-8 bytes, written straight into one buffer. */
function bytesOf(pieces: string[]): Uint8Array<ArrayBuffer> {
  let size = 0;
  for (const piece of pieces) size += Buffer.byteLength(piece);
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const piece of pieces) at += bytes.write(piece, at);
  return bytes as Uint8Array<ArrayBuffer>;
}

/**
 * The success envelope: 200 { data, messages }. To the web app's own in-process call, the
 * envelope object itself with an empty body (contract/in-process-answer.server.ts).
 */
export function ok<T extends AnswerData>(c: Context, data: T, messages: string[] = []) {
  // Only the in-process call parses a JsonRows: over HTTP its texts are written as they are.
  if (
    awaitsAnswer(c.req.raw) &&
    handOver(c.req.raw, { data: parsedData(data), messages } satisfies ApiSuccess<AnswerData>)
  )
    return c.body(null, 200);
  return c.body(bytesOf(envelopePieces(data, messages)), 200, { 'content-type': 'application/json' });
}
