import { and, eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#contract/messages';
import { createApiApp } from '#api/app';
import { conversationMessages } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { requireConversation } from '#api/services/assistant/conversations';
import { REPLY_ERRORS, storeUserMessage, TURN_LIMITS, waitForReplies } from '#api/services/assistant/turns';
import { detectEmbeddedSpeech } from '#api/services/speech/index';
import type { Speech } from '#api/services/speech/types';
import { streamingWavHeader } from '#api/services/speech/wav';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';
import { createOpenAiMock } from '#tests/support/openai-mock';

const BASE = 'https://model.test/v1';
const model = createOpenAiMock(BASE);
const server = setupServer(model.handler);

/** A TTS that answers a streaming WAV header, then 100 samples of silence per character of text. */
const fakeSpeech: Speech = {
  stt: null,
  tts: {
    name: 'fake',
    async *speak(text) {
      yield streamingWavHeader(16_000);
      for await (const chunk of text) yield new Uint8Array(chunk.length * 200);
    },
  },
};

const logged: { level: string; msg: string; [key: string]: unknown }[] = [];
let h: Harness;
/** A second server over the same database: its own process state, so it follows replies by polling. */
let other: ReturnType<typeof createApiApp>;
let otherDeps: Harness['deps'];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  h = await createHarness({
    assistantModel: { baseUrl: BASE, model: 'test-model' },
    speech: fakeSpeech,
    log: (line) => logged.push(line),
  });
  otherDeps = { ...h.deps };
  other = createApiApp(otherDeps);
});
afterEach(async () => {
  await waitForReplies(h.deps);
  await waitForReplies(otherDeps);
  model.reset();
});
afterAll(async () => {
  await h.close();
  server.close();
});

const path = (b: string, action: string) => `businesses/conversations/${b}/${action}`;

/** A business whose assistant is the (mocked) model, and a conversation. */
async function modelConversation() {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id;
  const settings = await h.call(
    `businesses/settings/${b}/set`,
    { assistant: { provider: 'openai-compatible' } },
    owner.token,
  );
  expect(settings.status).toBe(200);
  const created = await h.call(path(b, 'create'), {}, owner.token);
  return { owner, b, id: created.body.data.conversation.id as string };
}

function streamRequest(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  callPath: string,
  token: string | undefined,
  body?: unknown,
) {
  return Promise.resolve(
    app.fetch(
      new Request(`http://api.test/api/v1/${callPath}`, {
        method: 'POST',
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    ),
  );
}

/** The body as the chunks it arrived in. */
async function chunksOf(response: Response): Promise<Uint8Array[]> {
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}
const decode = (chunks: Uint8Array[]) => chunks.map((chunk) => new TextDecoder().decode(chunk));

async function replyRows(conversationId: string) {
  return h.deps.db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.role, 'assistant')));
}

const SENTENCE = ['We', ' open', ' at', ' nine', ' on', ' weekdays', ' and', ' close', ' at', ' five.'];
const TEXT = SENTENCE.join('');

describe('get-message-streamed: text', () => {
  it("with wait=false, update answers at once with the reply 'streaming', and the stream follows it chunk by chunk", async () => {
    const { owner, b, id } = await modelConversation();
    model.enqueue({ text: SENTENCE, delayMs: 40 });
    const update = await h.call(path(b, `update/${id}`), { message: 'When do you open?', wait: false }, owner.token);
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    const [question, reply] = update.body.data.messages;
    expect(question).toMatchObject({ role: 'user', content: 'When do you open?' });
    expect(reply).toMatchObject({ role: 'assistant', status: 'streaming' });

    const response = await streamRequest(h.app, path(b, `get-message-streamed/${id}`), owner.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('x-message-id')).toBe(reply.id);
    const chunks = decode(await chunksOf(response));
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(TEXT);

    const got = await h.call(path(b, `get/${id}`), undefined, owner.token);
    expect(got.body.data.messages[1]).toMatchObject({ id: reply.id, status: 'complete', content: TEXT });
  });

  it('with wait (the default), update answers once the reply is complete, and the model sees the conversation so far', async () => {
    const { owner, b, id } = await modelConversation();
    model.enqueue({ text: 'Hello! How can I help?' }, { text: TEXT });
    const first = await h.call(path(b, `update/${id}`), { message: 'Hi' }, owner.token);
    expect(first.body.data.messages[1]).toMatchObject({ status: 'complete', content: 'Hello! How can I help?' });
    const second = await h.call(path(b, `update/${id}`), { message: 'When do you open?' }, owner.token);
    expect(second.body.data.messages.map((message: { content: string }) => message.content)).toEqual([
      'Hi',
      'Hello! How can I help?',
      'When do you open?',
      TEXT,
    ]);
    const sent = model.requests[1].messages.map((message) => ({ role: message.role, content: message.content }));
    expect(sent).toEqual(
      expect.arrayContaining([
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello! How can I help?' },
        { role: 'user', content: 'When do you open?' },
      ]),
    );
  });

  it('streams a reply that is already complete in one go', async () => {
    const { owner, b, id } = await modelConversation();
    model.enqueue({ text: SENTENCE });
    await h.call(path(b, `update/${id}`), { message: 'When do you open?' }, owner.token);
    const response = await streamRequest(h.app, path(b, `get-message-streamed/${id}`), owner.token, { format: 'text' });
    expect(response.status).toBe(200);
    expect(decode(await chunksOf(response)).join('')).toBe(TEXT);
  });

  it('is also reached without the business in the path: conversations/get-message-streamed/{id}', async () => {
    const { owner, b, id } = await modelConversation();
    model.enqueue({ text: SENTENCE });
    await h.call(path(b, `update/${id}`), { message: 'When do you open?' }, owner.token);
    const response = await streamRequest(h.app, `conversations/get-message-streamed/${id}`, owner.token);
    expect(response.status).toBe(200);
    expect(decode(await chunksOf(response)).join('')).toBe(TEXT);
  });

  it(`answers 422 '${messages.conversation.nothingToStream}' when nothing was asked yet, and 404 for an unknown conversation`, async () => {
    const { owner, b, id } = await modelConversation();
    const empty = await streamRequest(h.app, path(b, `get-message-streamed/${id}`), owner.token);
    expect(empty.status).toBe(422);
    expect(empty.headers.get('content-type')).toContain('application/json');
    expect(await empty.json()).toEqual({ errors: [messages.conversation.nothingToStream] });
    const unknown = await streamRequest(h.app, path(b, 'get-message-streamed/nope'), owner.token);
    expect(unknown.status).toBe(404);
    expect((await streamRequest(h.app, 'conversations/get-message-streamed/nope', owner.token)).status).toBe(404);
    const badFormat = await streamRequest(h.app, path(b, `get-message-streamed/${id}`), owner.token, {
      format: 'video',
    });
    expect(badFormat.status).toBe(422);
  });
});

describe('exactly once', () => {
  it('many stream requests on two servers at once start one reply, and every one of them gets all of it', async () => {
    const { owner, b, id } = await modelConversation();
    model.respond(() => ({ text: SENTENCE, delayMs: 60 }));
    // A message stored without its reply (as a channel does before anyone streams it).
    const conversation = await requireConversation(h.deps.db, b, id);
    await storeUserMessage(h.deps, conversation, { content: 'When do you open?' });

    const requests = [h.app, h.app, h.app, other, other, other].map((app, index) =>
      streamRequest(
        app,
        index % 2 ? `conversations/get-message-streamed/${id}` : path(b, `get-message-streamed/${id}`),
        owner.token,
      ),
    );
    const responses = await Promise.all(requests);
    const texts = await Promise.all(responses.map(async (response) => decode(await chunksOf(response)).join('')));
    for (const response of responses) expect(response.status).toBe(200);
    expect(texts).toEqual(Array(6).fill(TEXT));
    expect(model.requests).toHaveLength(1);
    const rows = await replyRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'complete', content: TEXT });
  });

  it('a follower on another server reads the reply as it is written, in several chunks', async () => {
    const { owner, b, id } = await modelConversation();
    model.enqueue({ text: SENTENCE, delayMs: 120 });
    await h.call(path(b, `update/${id}`), { message: 'When do you open?', wait: false }, owner.token);
    const response = await streamRequest(other, path(b, `get-message-streamed/${id}`), owner.token);
    const chunks = decode(await chunksOf(response));
    expect(chunks.join('')).toBe(TEXT);
    expect(chunks.length).toBeGreaterThan(1);
    expect(model.requests).toHaveLength(1);
  });

  it('a reply whose server died is given up after two minutes, and a new message is answered', async () => {
    const { owner, b, id } = await modelConversation();
    const conversation = await requireConversation(h.deps.db, b, id);
    const question = await storeUserMessage(h.deps, conversation, { content: 'When do you open?' });
    // The reply row of a server that crashed mid-answer: 'streaming', in no server's registry.
    const now = h.clock.now();
    await h.deps.db.insert(conversationMessages).values({
      id: newId(),
      conversationId: id,
      businessId: b,
      role: 'assistant',
      content: 'We open',
      status: 'streaming',
      replyTo: question.id,
      createdAt: now,
      updatedAt: now,
    });
    const following = streamRequest(other, path(b, `get-message-streamed/${id}`), owner.token);
    const early = await Promise.race([
      following.then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
    ]);
    expect(early).toBe('answered'); // the partial text is streamed at once
    const response = await following;
    expect(response.status).toBe(200);
    const reading = chunksOf(response).then(decode, (error: Error) => error);
    h.clock.offsetMs += 3 * 60_000;
    const outcome = await reading;
    expect(outcome).toBeInstanceOf(Error);
    const got = await h.call(path(b, `get/${id}`), undefined, owner.token);
    expect(got.body.data.messages[1]).toMatchObject({
      status: 'failed',
      error: REPLY_ERRORS.interrupted,
      content: 'We open',
    });

    model.enqueue({ text: SENTENCE });
    const again = await h.call(path(b, `update/${id}`), { message: 'When do you open?' }, owner.token);
    expect(again.body.data.messages[3]).toMatchObject({ status: 'complete', content: TEXT });
  });

  it('get marks a stale streaming reply failed', async () => {
    const { owner, b, id } = await modelConversation();
    const conversation = await requireConversation(h.deps.db, b, id);
    const question = await storeUserMessage(h.deps, conversation, { content: 'Hello?' });
    const long_ago = new Date(h.clock.now().getTime() - 10 * 60_000);
    await h.deps.db.insert(conversationMessages).values({
      id: newId(),
      conversationId: id,
      businessId: b,
      role: 'assistant',
      status: 'streaming',
      replyTo: question.id,
      createdAt: long_ago,
      updatedAt: long_ago,
    });
    const got = await h.call(path(b, `get/${id}`), undefined, owner.token);
    const reply = got.body.data.messages.find((message: { role: string }) => message.role === 'assistant');
    expect(reply).toMatchObject({ status: 'failed', error: REPLY_ERRORS.interrupted });
    const stream = await streamRequest(h.app, path(b, `get-message-streamed/${id}`), owner.token);
    expect(stream.status).toBe(500);
    expect(await stream.json()).toEqual({ errors: [REPLY_ERRORS.interrupted] });
  });
});

describe('failures', () => {
  it('a failure after the first chunk aborts the stream; the reply is kept as failed, with its error, and logged', async () => {
    const { owner, b, id } = await modelConversation();
    model.enqueue({ text: ['We open', ' at nine', ' on weekdays'], error: 'The model crashed', delayMs: 60 });
    await h.call(path(b, `update/${id}`), { message: 'When do you open?', wait: false }, owner.token);
    const response = await streamRequest(h.app, path(b, `get-message-streamed/${id}`), owner.token);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const received: string[] = [];
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return null;
        received.push(new TextDecoder().decode(value));
      }
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(received.join('').startsWith('We open')).toBe(true);

    await waitForReplies(h.deps);
    const reply = (await h.call(path(b, `get/${id}`), undefined, owner.token)).body.data.messages[1];
    expect(reply).toMatchObject({ status: 'failed', error: REPLY_ERRORS.failed });
    expect(logged.some((line) => line.msg === 'assistant reply failed' && line.conversation_id === id)).toBe(true);
  });

  it('a reply that failed before streaming answers the JSON envelope, and update (wait) answers the failed reply', async () => {
    const { owner, b, id } = await modelConversation();
    model.enqueue({ status: 500, error: 'The model is down' });
    const update = await h.call(path(b, `update/${id}`), { message: 'When do you open?' }, owner.token);
    expect(update.status).toBe(200);
    expect(update.body.data.messages[1]).toMatchObject({
      role: 'assistant',
      status: 'failed',
      error: REPLY_ERRORS.failed,
    });
    const response = await streamRequest(h.app, path(b, `get-message-streamed/${id}`), owner.token);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ errors: [REPLY_ERRORS.failed] });
  });

  it('a reply that takes too long fails with a clear error', async () => {
    const { owner, b, id } = await modelConversation();
    const saved = TURN_LIMITS.replyTimeoutMs;
    TURN_LIMITS.replyTimeoutMs = 300;
    try {
      model.enqueue({ text: SENTENCE, delayMs: 150 });
      const update = await h.call(path(b, `update/${id}`), { message: 'When do you open?' }, owner.token);
      expect(update.body.data.messages[1]).toMatchObject({ status: 'failed', error: REPLY_ERRORS.timeout });
    } finally {
      TURN_LIMITS.replyTimeoutMs = saved;
    }
  });

  it('the reply of a business that chose the model falls back to the built-in assistant when no model is configured', async () => {
    const plain = await createHarness();
    try {
      const owner = await plain.signUpWithBusiness();
      const b = owner.business._id;
      await plain.call(`businesses/settings/${b}/set`, { assistant: { provider: 'openai-compatible' } }, owner.token);
      const created = await plain.call(path(b, 'create'), {}, owner.token);
      const update = await plain.call(
        path(b, `update/${created.body.data.conversation.id}`),
        { message: 'Hello' },
        owner.token,
      );
      expect(update.body.data.messages[1]).toMatchObject({ status: 'complete' });
      expect(model.requests).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });
});

describe('get-message-streamed: audio', () => {
  it('answers one streaming WAV: the header, then PCM as the text arrives', async () => {
    const { owner, b, id } = await modelConversation();
    model.enqueue({ text: SENTENCE, delayMs: 30 });
    await h.call(path(b, `update/${id}`), { message: 'When do you open?', wait: false }, owner.token);
    const response = await streamRequest(h.app, path(b, `get-message-streamed/${id}`), owner.token, {
      format: 'audio',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const chunks = await chunksOf(response);
    expect(chunks.length).toBeGreaterThan(2);
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(bytes.byteLength).toBe(44 + TEXT.length * 200);
  });

  it(`answers 503 '${messages.voice.unavailable}' without text to speech, before anything is started`, async () => {
    const plain = await createHarness();
    try {
      const owner = await plain.signUpWithBusiness();
      const created = await plain.call(path(owner.business._id, 'create'), {}, owner.token);
      await plain.call(
        path(owner.business._id, `update/${created.body.data.conversation.id}`),
        { message: 'Hello' },
        owner.token,
      );
      const response = await streamRequest(
        plain.app,
        path(owner.business._id, `get-message-streamed/${created.body.data.conversation.id}`),
        owner.token,
        { format: 'audio' },
      );
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ errors: [messages.voice.unavailable] });
    } finally {
      await plain.close();
    }
  });

  it('speaks the reply with espeak-ng when it is installed', async (context) => {
    const speech = await detectEmbeddedSpeech();
    if (!speech.tts) context.skip();
    const voiced = await createHarness({ speech });
    try {
      const owner = await voiced.signUpWithBusiness();
      const b = owner.business._id;
      const created = await voiced.call(path(b, 'create'), {}, owner.token);
      const id = created.body.data.conversation.id;
      await voiced.call(path(b, `update/${id}`), { message: 'Hello' }, owner.token);
      const response = await streamRequest(voiced.app, path(b, `get-message-streamed/${id}`), owner.token, {
        format: 'audio',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/wav');
      const bytes = Buffer.concat(await chunksOf(response));
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      // At least half a second of 16-bit audio.
      expect(bytes.byteLength).toBeGreaterThan(44 + 16_000);
    } finally {
      await voiced.close();
    }
  });

  it('streaming is for members only: signed out 401, other businesses 404', async () => {
    const { owner, b, id } = await modelConversation();
    model.enqueue({ text: SENTENCE });
    await h.call(path(b, `update/${id}`), { message: 'When do you open?' }, owner.token);
    const stranger = await h.signUpWithBusiness();
    expect((await streamRequest(h.app, path(b, `get-message-streamed/${id}`), undefined)).status).toBe(401);
    expect((await streamRequest(h.app, `conversations/get-message-streamed/${id}`, undefined)).status).toBe(401);
    const viaOwnBusiness = await streamRequest(
      h.app,
      path(stranger.business._id, `get-message-streamed/${id}`),
      stranger.token,
    );
    expect(viaOwnBusiness.status).toBe(404);
    expect((await streamRequest(h.app, path(b, `get-message-streamed/${id}`), stranger.token)).status).toBe(404);
    const alias = await streamRequest(h.app, `conversations/get-message-streamed/${id}`, stranger.token);
    expect(alias.status).toBe(404);
    expectFailureEnvelope({ status: alias.status, body: await alias.json() }, 404);
  });
});
