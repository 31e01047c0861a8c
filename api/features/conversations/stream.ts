import { messages } from '#contract/messages';
import type { ApiDeps } from '#api/deps';
import { ApiError } from '#api/lib/errors';
import { followLatestReply, ReplyFailedError } from '#api/services/assistant/turns';

/**
 * get-message-streamed: the latest reply as a chunked body, text or one streaming WAV.
 * Whatever can go wrong before the first byte (no such conversation, nothing asked yet, the
 * reply already failed, no voice here) answers the JSON error envelope; a failure after it
 * errors the body, so the response aborts and the client reports 'Streaming failed'.
 */
export type StreamFormat = 'text' | 'audio';

const encoder = new TextEncoder();

async function* encodeText(chunks: AsyncIterable<string>): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) if (chunk) yield encoder.encode(chunk);
}

function beforeStreaming(error: unknown): unknown {
  if (error instanceof ReplyFailedError) return new ApiError(500, [error.message || messages.stream.failed]);
  return error;
}

export async function streamLatestReply(
  deps: ApiDeps,
  businessId: string,
  conversationId: string,
  format: StreamFormat,
  requestSignal?: AbortSignal,
): Promise<Response> {
  const tts = deps.speech?.tts;
  if (format === 'audio' && !tts) throw new ApiError(503, [messages.voice.unavailable]);
  const controller = new AbortController();
  requestSignal?.addEventListener('abort', () => controller.abort(), { once: true });

  const followed = await followLatestReply(deps, businessId, conversationId, controller.signal);
  const bytes =
    format === 'audio' && tts ? tts.speak(followed.chunks, { signal: controller.signal }) : encodeText(followed.chunks);
  const iterator = bytes[Symbol.asyncIterator]();
  let first: IteratorResult<Uint8Array>;
  try {
    first = await iterator.next();
  } catch (error) {
    controller.abort();
    throw beforeStreaming(error);
  }

  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      if (first.done) stream.close();
      else stream.enqueue(first.value);
    },
    async pull(stream) {
      try {
        const step = await iterator.next();
        if (step.done) stream.close();
        else stream.enqueue(step.value);
      } catch (error) {
        deps.log?.({
          level: 'warn',
          msg: 'reply stream failed',
          conversation_id: conversationId,
          format,
          error: error instanceof Error ? error.message : String(error),
        });
        stream.error(error instanceof Error ? error : new Error(messages.stream.failed));
      }
    },
    cancel() {
      // The client went away: stop following (the reply itself goes on for everyone else).
      controller.abort();
      void iterator.return?.()?.catch(() => {});
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      'content-type': format === 'audio' ? 'audio/wav' : 'text/plain; charset=utf-8',
      // no-transform: compression (and any proxy) must pass each chunk on as it comes.
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-message-id': followed.message.id,
    },
  });
}
