import { serviceErrorDetail } from '#api/lib/service-error-detail';

/** One round with a chat-completions server: its streamed (or plain JSON) answer read into text and tool calls, and its errors. */

export type ToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** An Error whose message is safe to show (the provider's own words, without secrets). */
export class AssistantModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssistantModelError';
  }
}

export async function errorFromResponse(response: Response): Promise<AssistantModelError> {
  const detail = await serviceErrorDetail(response);
  return new AssistantModelError(
    `The assistant model answered ${response.status}${detail ? `: ${detail}` : ` ${response.statusText}`.trimEnd()}`,
  );
}

type StreamedChoice = {
  delta?: {
    content?: string | null;
    tool_calls?: { index?: number; id?: string; type?: string; function?: { name?: string; arguments?: string } }[];
  };
  message?: {
    content?: string | null;
    tool_calls?: { id?: string; function?: { name?: string; arguments?: string | object } }[];
  };
  finish_reason?: string | null;
};

/** `data:` payloads of a server-sent-events body, one at a time. */
async function* sseData(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  // Stop reading at once on a timeout or the caller's abort, whatever the fetch does with its signal.
  const onAbort = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (signal.aborted) throw signal.reason;
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r?\n/)) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(buffer[newline] === '\r' ? newline + 2 : newline + 1);
        if (line.startsWith('data:')) yield line.slice(5).trim();
      }
      if (done) {
        finished = true;
        if (buffer.startsWith('data:')) yield buffer.slice(5).trim();
        return;
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    // Left early (the consumer stopped, or an error): close the connection to the model.
    if (!finished) void reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

export type RoundResult = { text: string; toolCalls: ToolCall[] };

/**
 * One model call: text deltas go to `onText` as they arrive, tool-call deltas are
 * accumulated by index. A server that ignores `stream` and answers JSON works too.
 */
export async function* streamRound(
  response: Response,
  round: number,
  signal: AbortSignal,
): AsyncGenerator<string, RoundResult> {
  const calls = new Map<number, ToolCall>();
  let text = '';
  const addCalls = (deltas: NonNullable<NonNullable<StreamedChoice['delta']>['tool_calls']>) => {
    deltas.forEach((delta, position) => {
      const index = delta.index ?? position;
      let call = calls.get(index);
      if (!call) {
        call = { id: '', type: 'function', function: { name: '', arguments: '' } };
        calls.set(index, call);
      }
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.function.name += delta.function.name;
      if (delta.function?.arguments) {
        call.function.arguments +=
          typeof delta.function.arguments === 'string'
            ? delta.function.arguments
            : JSON.stringify(delta.function.arguments);
      }
    });
  };

  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('application/json')) {
    const json = (await response.json()) as { choices?: StreamedChoice[]; error?: { message?: string } | string };
    if (json.error)
      throw new AssistantModelError(
        `The assistant model failed: ${typeof json.error === 'string' ? json.error : json.error.message}`,
      );
    const message = json.choices?.[0]?.message;
    if (message?.content) {
      text = message.content;
      yield text;
    }
    addCalls(
      (message?.tool_calls ?? []).map((call) => ({
        ...call,
        function: {
          name: call.function?.name,
          arguments:
            typeof call.function?.arguments === 'object'
              ? JSON.stringify(call.function.arguments)
              : call.function?.arguments,
        },
      })),
    );
  } else {
    if (!response.body) throw new AssistantModelError('The assistant model answered without a body.');
    for await (const data of sseData(response.body, signal)) {
      if (!data) continue;
      if (data === '[DONE]') break;
      let chunk: { choices?: StreamedChoice[]; error?: { message?: string } | string };
      try {
        chunk = JSON.parse(data);
      } catch {
        continue;
      }
      if (chunk.error)
        throw new AssistantModelError(
          `The assistant model failed: ${typeof chunk.error === 'string' ? chunk.error : (chunk.error.message ?? 'unknown error')}`,
        );
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      const content = choice.delta?.content;
      if (content) {
        text += content;
        yield content;
      }
      if (choice.delta?.tool_calls?.length) addCalls(choice.delta.tool_calls);
    }
  }
  const toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({ ...call, id: call.id || `call_${round}_${index}` }))
    .filter((call) => call.function.name);
  return { text, toolCalls };
}
