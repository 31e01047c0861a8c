import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  consumeStream,
  consumeTextStream,
  fetchStream,
  StreamError,
  streamErrorMessage,
} from '../../app/lib/assistant-stream';

const encoder = new TextEncoder();

/** A real ReadableStream that hands out the given chunks one by one (then ends, or errors). */
function chunked(chunks: (string | Uint8Array)[], options: { failAfter?: boolean } = {}) {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) {
        const chunk = chunks[index++];
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
        return;
      }
      if (options.failAfter) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the assistant stream reader', () => {
  it('hands each chunk over as it arrives and resolves with the whole text', async () => {
    const seen: string[] = [];
    const text = await consumeTextStream(new Response(chunked(['We open ', 'at nine', ' on Mondays.'])), (soFar) =>
      seen.push(soFar),
    );
    expect(seen).toEqual(['We open ', 'We open at nine', 'We open at nine on Mondays.']);
    expect(text).toBe('We open at nine on Mondays.');
  });

  it('keeps a character split between two chunks whole', async () => {
    const bytes = encoder.encode('Café £5');
    const split = bytes.indexOf(0xc3) + 1; // between the two bytes of é
    const text = await consumeTextStream(new Response(chunked([bytes.slice(0, split), bytes.slice(split)])), () => {});
    expect(text).toBe('Café £5');
  });

  it('rejects a refused request with the first message of its errors', async () => {
    const response = Response.json({ errors: ['Message is required.', 'Something else'] }, { status: 422 });
    await expect(consumeStream(response, () => {})).rejects.toThrow(new StreamError('Message is required.'));
  });

  it("rejects a refused request without a message with 'Streaming failed'", async () => {
    await expect(consumeStream(new Response('Bad gateway', { status: 502 }), () => {})).rejects.toThrow(
      'Streaming failed',
    );
    await expect(consumeStream(Response.json({ errors: [] }, { status: 500 }), () => {})).rejects.toThrow(
      'Streaming failed',
    );
  });

  it("logs 'Unable to fetch audio stream' and rejects when the answer has no body", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(consumeStream(new Response(null, { status: 200 }), () => {})).rejects.toBeInstanceOf(StreamError);
    expect(log).toHaveBeenCalledWith('Unable to fetch audio stream');
  });

  it("rejects with 'Streaming failed' when the stream breaks off, after the chunks that arrived", async () => {
    const chunks: number[] = [];
    const reading = consumeStream(new Response(chunked(['first ', 'second'], { failAfter: true })), (chunk) =>
      chunks.push(chunk.byteLength),
    );
    await expect(reading).rejects.toThrow(new StreamError('Streaming failed'));
    expect(chunks).toEqual([6, 6]);
  });

  it('rejects with the abort itself when the reader is stopped, so nothing is shown', async () => {
    const controller = new AbortController();
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(encoder.encode('partial'));
        controller.signal.addEventListener('abort', () =>
          c.error(new DOMException('The operation was aborted.', 'AbortError')),
        );
      },
    });
    const reading = consumeStream(new Response(stream), () => controller.abort());
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('turns a request that never reached the server into the offline message', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchStream('/dashboard/assistant-conversations/x/reply', { method: 'POST' })).rejects.toThrow(
      'You might be offline.',
    );
  });

  it("says 'Streaming failed' for an error it does not know", () => {
    expect(streamErrorMessage(new Error('boom'))).toBe('Streaming failed');
    expect(streamErrorMessage(new StreamError('Voice is not available on this server.'))).toBe(
      'Voice is not available on this server.',
    );
  });
});
