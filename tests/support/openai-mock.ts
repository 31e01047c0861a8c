import { http, HttpResponse } from 'msw';

/**
 * An OpenAI-compatible chat-completions API for msw: streamed (`stream: true`, server-sent
 * `data:` chunks then `[DONE]`) or plain JSON, with tool calls streamed as deltas the way
 * OpenAI sends them (id and name first, the arguments in pieces).
 *
 *   const model = createOpenAiMock('https://model.test/v1');
 *   const server = setupServer(model.handler);
 *   model.enqueue({ text: ['Hello', ' there.'] });                       // one reply
 *   model.enqueue({ toolCalls: [{ name: 'create_task', arguments: { title: 'Call back' } }] },
 *                 { text: 'Done.' });                                   // a tool round trip
 *   model.respond((request) => ({ text: 'Always this' }));              // or compute each reply
 *   ... model.requests[0].messages, model.requests[0].tools, model.requests[0].authorization
 */
export type MockToolCall = { name: string; arguments: Record<string, unknown> | string; id?: string };

export type MockTurn = {
  /** The text, as the chunks it arrives in (a string is split into words). */
  text?: string | string[];
  toolCalls?: MockToolCall[];
  /** Answer this HTTP status with an OpenAI-style error body instead. */
  status?: number;
  /** The error message (with `status`), or an error chunk in the middle of the stream (without). */
  error?: string;
  /** Pause between chunks, so tests can see the reply arrive piece by piece. */
  delayMs?: number;
};

export type ChatMessage = {
  role: string;
  content: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

export type RecordedChatRequest = {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  tools?: { type: string; function: { name: string; description: string; parameters: unknown } }[];
  tool_choice?: unknown;
  authorization: string | null;
  /** The system prompt (messages[0] when it is a system message). */
  system: string;
};

export type OpenAiMock = {
  handler: ReturnType<typeof http.post>;
  requests: RecordedChatRequest[];
  /** Replies for the next requests, in order. */
  enqueue: (...turns: MockTurn[]) => void;
  /** Compute the reply for every request the queue does not cover. */
  respond: (responder: (request: RecordedChatRequest, index: number) => MockTurn) => void;
  /** Set when a streamed reply has sent its last byte. */
  finished: () => boolean;
  reset: () => void;
};

const encoder = new TextEncoder();
const sse = (value: unknown) =>
  encoder.encode(`data: ${typeof value === 'string' ? value : JSON.stringify(value)}\n\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function textChunks(text: MockTurn['text']): string[] {
  if (text === undefined) return [];
  if (Array.isArray(text)) return text;
  return text.match(/\S+\s*|\s+/g) ?? [];
}

const argumentsText = (call: MockToolCall) =>
  typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);

export function createOpenAiMock(baseUrl: string, options: { model?: string } = {}): OpenAiMock {
  const requests: RecordedChatRequest[] = [];
  const queue: MockTurn[] = [];
  let responder: ((request: RecordedChatRequest, index: number) => MockTurn) | null = null;
  let done = true;

  const handler = http.post(`${baseUrl.replace(/\/+$/, '')}/chat/completions`, async ({ request }) => {
    const body = (await request.json()) as Omit<RecordedChatRequest, 'authorization' | 'system'>;
    const recorded: RecordedChatRequest = {
      ...body,
      authorization: request.headers.get('authorization'),
      system: body.messages[0]?.role === 'system' ? (body.messages[0].content ?? '') : '',
    };
    requests.push(recorded);
    const turn = queue.shift() ?? responder?.(recorded, requests.length - 1);
    if (!turn)
      return HttpResponse.json(
        { error: { message: 'The mock has no reply queued for this request.' } },
        { status: 500 },
      );
    if (turn.status && turn.status >= 400) {
      return HttpResponse.json(
        { error: { message: turn.error ?? 'Mock error', type: 'invalid_request_error' } },
        { status: turn.status },
      );
    }
    const id = `chatcmpl-mock-${requests.length}`;
    const model = options.model ?? body.model;
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const calls = (turn.toolCalls ?? []).map((call, index) => ({
      ...call,
      id: call.id ?? `call_mock_${requests.length}_${index}`,
    }));

    if (!body.stream) {
      return HttpResponse.json({
        id,
        object: 'chat.completion',
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: textChunks(turn.text).join('') || null,
              ...(calls.length
                ? {
                    tool_calls: calls.map((call) => ({
                      id: call.id,
                      type: 'function',
                      function: { name: call.name, arguments: argumentsText(call) },
                    })),
                  }
                : {}),
            },
            finish_reason: calls.length ? 'tool_calls' : 'stop',
          },
        ],
      });
    }

    const pieces: Uint8Array[] = [sse(chunk({ role: 'assistant', content: '' }))];
    for (const text of textChunks(turn.text)) pieces.push(sse(chunk({ content: text })));
    calls.forEach((call, index) => {
      const args = argumentsText(call);
      const half = Math.ceil(args.length / 2);
      pieces.push(
        sse(
          chunk({
            tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
          }),
        ),
      );
      pieces.push(sse(chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] })));
      if (args.length > half)
        pieces.push(sse(chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] })));
    });
    if (turn.error) pieces.push(sse({ error: { message: turn.error } }));
    pieces.push(sse(chunk({}, calls.length ? 'tool_calls' : 'stop')));
    pieces.push(sse('[DONE]'));

    done = false;
    let next = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (next > 0 && turn.delayMs) await sleep(turn.delayMs);
        if (next >= pieces.length) {
          done = true;
          controller.close();
          return;
        }
        controller.enqueue(pieces[next++]);
      },
    });
    return new HttpResponse(stream, {
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' },
    });
  });

  return {
    handler,
    requests,
    enqueue: (...turns) => queue.push(...turns),
    respond: (next) => {
      responder = next;
    },
    finished: () => done,
    reset: () => {
      requests.length = 0;
      queue.length = 0;
      responder = null;
      done = true;
    },
  };
}

/** The tool results the provider sent back to the model in a request, by tool call id. */
export function toolResults(request: RecordedChatRequest): Record<string, unknown> {
  return Object.fromEntries(
    request.messages
      .filter((message) => message.role === 'tool')
      .map((message) => [message.tool_call_id, JSON.parse(message.content ?? 'null')]),
  );
}
