import type { Context } from 'hono';
import type { ApiSuccess } from '#contract/envelope';
import { awaitsAnswer, handOver } from '#contract/in-process-answer.server';
import { JsonText } from './sql-json';

/** An answer's data whose top-level values may still be the database's JSON text (sql-json.ts JsonText). */
export type AnswerData = Record<string, unknown>;

/** The data with every JsonText value parsed: what an HTTP client reads from the body. */
export function parsedData(data: AnswerData): AnswerData {
  if (!Object.values(data).some((value) => value instanceof JsonText)) return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, value instanceof JsonText ? value.parse() : value]),
  );
}

/** The envelope as JSON.stringify writes it, with a JsonText value's text written in as it is. */
function envelopeText(data: AnswerData, messages: string[]): string {
  const fields: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    // JSON.stringify leaves out what it cannot write (undefined), as it would in the object.
    const json = value instanceof JsonText ? value.text : (JSON.stringify(value) as string | undefined);
    if (json !== undefined) fields.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{"data":{${fields.join(',')}},"messages":${JSON.stringify(messages)}}`;
}

/**
 * The success envelope: 200 { data, messages }. To the web app's own in-process call, the
 * envelope object itself with an empty body (contract/in-process-answer.server.ts).
 */
export function ok<T extends AnswerData>(c: Context, data: T, messages: string[] = []) {
  // Only the in-process call parses a JsonText: over HTTP its text is written as it is.
  if (
    awaitsAnswer(c.req.raw) &&
    handOver(c.req.raw, { data: parsedData(data), messages } satisfies ApiSuccess<AnswerData>)
  )
    return c.body(null, 200);
  if (!Object.values(data).some((value) => value instanceof JsonText))
    return c.json({ data, messages } satisfies ApiSuccess<T>, 200);
  return c.body(envelopeText(data, messages), 200, { 'content-type': 'application/json' });
}
