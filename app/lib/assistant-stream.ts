import { messages } from '#contract/messages';

/**
 * The browser's reader for the assistant's streamed answers (v1 get-message-streamed, piped
 * through our resource routes), behaving as docs/product.md#errors says:
 * - an answer that is not OK rejects with the response's first error message, or
 *   'Streaming failed' when it has none;
 * - an answer without a body logs 'Unable to fetch audio stream' and rejects;
 * - a failure while reading (the server aborted the stream) rejects with 'Streaming failed'.
 * Nothing here is browser-only beyond fetch and streams, so it is unit-tested on Node.
 */
export class StreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamError';
  }
}

/** The first message of an error answer ({ errors: [...] } or { message }), else 'Streaming failed'. */
export async function streamFailureMessage(response: Response): Promise<string> {
  try {
    const text = await response.text();
    const payload = JSON.parse(text) as { errors?: unknown; message?: unknown };
    if (Array.isArray(payload.errors) && typeof payload.errors[0] === 'string' && payload.errors[0])
      return payload.errors[0];
    if (typeof payload.message === 'string' && payload.message) return payload.message;
  } catch {
    // Not JSON (or no body at all): the generic message below.
  }
  return messages.stream.failed;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Read a streamed answer chunk by chunk as it arrives. Resolves once the stream ends;
 * rejects with a StreamError as described above (an abort by the caller rejects with the
 * AbortError itself, so a page that is left does not show an error).
 */
export async function consumeStream(response: Response, onChunk: (chunk: Uint8Array) => void): Promise<void> {
  if (!response.ok) throw new StreamError(await streamFailureMessage(response));
  if (!response.body) {
    console.error(messages.stream.noBody);
    throw new StreamError(messages.stream.noBody);
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value && value.byteLength > 0) onChunk(value);
    }
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new StreamError(messages.stream.failed);
  } finally {
    reader.releaseLock();
  }
}

/**
 * A streamed text answer: onText gets the text so far after every chunk (UTF-8 decoded
 * across chunk boundaries, so a character split between two chunks is never mangled).
 * Resolves with the whole text.
 */
export async function consumeTextStream(
  response: Response,
  onText: (text: string, delta: string) => void,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  await consumeStream(response, (chunk) => {
    const delta = decoder.decode(chunk, { stream: true });
    if (!delta) return;
    text += delta;
    onText(text, delta);
  });
  const rest = decoder.decode();
  if (rest) {
    text += rest;
    onText(text, rest);
  }
  return text;
}

/**
 * fetch() for a stream request: a network failure (no answer at all) rejects with the
 * spec's offline message rather than the browser's "Failed to fetch".
 */
export async function fetchStream(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new StreamError(messages.network);
  }
}

/** What a failure says to the user (an unknown error says the spec's 'Streaming failed'). */
export function streamErrorMessage(error: unknown): string {
  return error instanceof StreamError ? error.message : messages.stream.failed;
}
