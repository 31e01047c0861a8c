import type { MiddlewareHandler } from 'hono';
import { sameCall } from '#contract/in-process-answer.server';
import { messages } from '#contract/messages';
import { ApiError } from './errors';

/**
 * Text no column can hold, refused for every call before any handler runs: a NUL
 * character (PostgreSQL's text and jsonb refuse it) anywhere in the decoded path, the query
 * or a JSON or form body (values and field names), and a lone UTF-16 surrogate in a body
 * (jsonb refuses its escape). Without this, each call would need its own check and the
 * one that forgot it answered a 5xx. Multipart bodies (uploads, recordings) are left to
 * their calls, which stream them and store no text from them as sent.
 */
type Problem = { path: (string | number)[]; message: string };

/** A high surrogate without its low half, or a low one without its high half (String#isWellFormed is ES2024). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return messages.input.nul;
  if (LONE_SURROGATE.test(text)) return messages.input.notText;
  return null;
}

/** The first bad string in a parsed body, walked without recursion (bodies may nest deeply). */
export function findBadText(value: unknown): Problem | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) return { path, message };
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push({ value: current[index], path: [...path, index] });
    } else if (current && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index];
        const message = textProblem(key);
        if (message) return { path: [...path, key], message };
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}

/** Field names as the error envelope writes them (telephones[0], assistant.greeting). */
function fieldName(path: (string | number)[]): string {
  return (
    path.reduce<string>(
      (name, segment) => (typeof segment === 'number' ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment),
      '',
    ) || '_'
  );
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function addressHasNul(url: URL): boolean {
  if (url.pathname.split('/').some((segment) => decoded(segment).includes('\u0000'))) return true;
  for (const [key, value] of url.searchParams) if (key.includes('\u0000') || value.includes('\u0000')) return true;
  return false;
}

/**
 * Bodies up to this size are checked. A larger one goes on unread (the body cap of its
 * call refuses it), so the check never holds more than this in memory.
 */
export const CHECKED_BODY_BYTES = 2 * 1024 * 1024;

/** The guard reads only the request, so it takes any app's context. */
type HonoContext = Parameters<MiddlewareHandler>[0];

/**
 * The raw body, read up to CHECKED_BODY_BYTES (null past that). The request is given a
 * fresh body with the same bytes, so every later reader (a body limit, the validator, the
 * Twilio signature check) reads it as if nobody had.
 */
async function readBody(c: HonoContext): Promise<string | null> {
  const raw = c.req.raw;
  if (!raw.body) return '';
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size > CHECKED_BODY_BYTES) {
      // Too big to check: hand the call what was read, then the rest as it comes.
      const rest = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
        },
        async pull(controller) {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      c.req.raw = sameCall(raw, new Request(raw, { body: rest, duplex: 'half' } as RequestInit));
      return null;
    }
  }
  const bytes = Buffer.concat(chunks);
  c.req.raw = sameCall(raw, new Request(raw, { body: bytes }));
  return bytes.toString('utf8');
}

/** The first bad string of a JSON or form body; other bodies (multipart uploads, raw audio) are left to their calls. */
async function bodyProblem(c: HonoContext): Promise<Problem | null> {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  const json = type === 'application/json' || type.endsWith('+json');
  if (!json && type !== 'application/x-www-form-urlencoded') return null;
  const text = await readBody(c);
  if (text === null) return null;
  if (json) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return null; // not JSON: the call's validator says so
    }
    return findBadText(body);
  }
  for (const [key, value] of new URLSearchParams(text)) {
    const message = textProblem(key) ?? textProblem(value);
    if (message) return { path: [key], message };
  }
  return null;
}

/**
 * A multipart form's fields, once its call has parsed them (the middleware leaves multipart
 * alone): text fields and uploaded files' names. Answers the 422 to throw, or null.
 */
export function badFormText(form: unknown): ApiError | null {
  if (!form || typeof form !== 'object') return null;
  for (const [key, value] of Object.entries(form)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const message =
        textProblem(key) ??
        (typeof item === 'string' ? textProblem(item) : item instanceof File ? textProblem(item.name) : null);
      if (message) return new ApiError(422, [message], { [key]: [message] });
    }
  }
  return null;
}

export const refuseBadText: MiddlewareHandler = async (c, next) => {
  if (addressHasNul(new URL(c.req.url))) throw new ApiError(400, [messages.input.nulInAddress]);
  const problem = c.req.method === 'GET' || c.req.method === 'HEAD' ? null : await bodyProblem(c);
  if (problem) throw new ApiError(422, [problem.message], { [fieldName(problem.path)]: [problem.message] });
  await next();
};
