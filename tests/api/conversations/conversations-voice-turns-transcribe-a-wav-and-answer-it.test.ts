import { eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#contract/messages';
import { conversationMessages } from '#api/db/schema';
import { waitForReplies } from '#api/services/assistant/turns';
import { storageOf } from '#api/services/storage';
import { speakToWav16k } from '#api/services/speech/generate';
import { detectEmbeddedSpeech } from '#api/services/speech/index';
import type { Speech } from '#api/services/speech/types';
import { encodeWav, streamingWavHeader } from '#api/services/speech/wav';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import { createOpenAiMock } from '#tests/support/openai-mock';
import { createService } from '#tests/support/services';

const BASE = 'https://model.test/v1';
const model = createOpenAiMock(BASE);
const server = setupServer(model.handler);

/** Speech recognition that hears whatever the test says it heard, and records what it was given. */
const heard: { transcript: string; calls: { bytes: number; vocabulary: string[] }[] } = {
  transcript: 'What are your opening hours?',
  calls: [],
};
const fakeSpeech: Speech = {
  stt: {
    name: 'fake',
    async transcribe(wav, options) {
      heard.calls.push({ bytes: wav.byteLength, vocabulary: options?.vocabulary ?? [] });
      return heard.transcript;
    },
  },
  tts: {
    name: 'fake',
    async *speak(text) {
      yield streamingWavHeader(16_000);
      for await (const chunk of text) yield new Uint8Array(chunk.length * 2);
    },
  },
};

let h: Harness;
let silent: Harness;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  h = await createHarness({ speech: fakeSpeech, assistantModel: { baseUrl: BASE, model: 'test-model' } });
  silent = await createHarness();
});
afterEach(async () => {
  await waitForReplies(h.deps);
  model.reset();
  heard.transcript = 'What are your opening hours?';
  heard.calls.length = 0;
});
afterAll(async () => {
  await h.close();
  await silent.close();
  server.close();
});

const path = (b: string, action: string) => `businesses/conversations/${b}/${action}`;
/** One second of a 440 Hz tone, 16 kHz mono 16-bit: a valid recording. */
const TONE = encodeWav(
  Int16Array.from({ length: 16_000 }, (_, index) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * index) / 16_000))),
  16_000,
);

async function sendVoice(
  harness: Harness,
  b: string,
  id: string,
  token: string | undefined,
  audio: { bytes: Uint8Array; name?: string; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  if (audio)
    form.set(
      'audio',
      new File([new Uint8Array(audio.bytes)], audio.name ?? 'recording.wav', { type: audio.type ?? 'audio/wav' }),
    );
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await harness.request(path(b, `update-voice/${id}`), {
    method: 'POST',
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

async function start(harness: Harness, options: { model?: boolean } = {}) {
  const owner = await harness.signUpWithBusiness({ business: { name: 'Bright Cleaners' } });
  const b = owner.business._id as string;
  if (options.model)
    await harness.call(`businesses/settings/${b}/set`, { assistant: { provider: 'openai-compatible' } }, owner.token);
  const created = await harness.call(path(b, 'create'), { channel: 'voice' }, owner.token);
  return { owner, b, id: created.body.data.conversation.id as string };
}

describe('businesses/conversations/{business_id}/update-voice/{conversation_id}', () => {
  it('transcribes the recording, keeps it, and answers like update with data.messages and data.transcript', async () => {
    const { owner, b, id } = await start(h);
    heard.transcript = '  What are your   opening hours? ';
    const result = await sendVoice(h, b, id, owner.token, { bytes: TONE });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.transcript).toBe('What are your opening hours?');
    const [question, reply] = result.body.data.messages;
    expect(question).toMatchObject({ role: 'user', content: 'What are your opening hours?', from_voice: true });
    expect(reply).toMatchObject({ role: 'assistant', status: 'complete', from_voice: false });
    expect(result.body.data.conversation).toMatchObject({ id, channel: 'voice', message_count: 2 });

    const [row] = await h.deps.db.select().from(conversationMessages).where(eq(conversationMessages.id, question.id));
    expect(row.audioKey).toMatch(new RegExp(`^voice/${b}/`));
    const stored = await storageOf(h.deps).get(row.audioKey!);
    expect(stored?.mimeType).toBe('audio/wav');
    expect(Buffer.from(stored!.bytes).equals(Buffer.from(TONE))).toBe(true);
  });

  it("biases recognition with the business's own words", async () => {
    const { owner, b, id } = await start(h);
    await createService(h, b, owner.token, { name: 'Carpet cleaning', status: 'active', frequency: 0 });
    await h.call(`businesses/settings/${b}/set`, { assistant: { name: 'Ella' } }, owner.token);
    await sendVoice(h, b, id, owner.token, { bytes: TONE });
    expect(heard.calls[0].bytes).toBe(TONE.byteLength);
    expect(heard.calls[0].vocabulary).toEqual(expect.arrayContaining(['Bright Cleaners', 'Ella', 'Carpet cleaning']));
  });

  it("with wait=false answers at once, the reply 'streaming' for get-message-streamed to speak", async () => {
    const { owner, b, id } = await start(h, { model: true });
    model.enqueue({ text: ['We open', ' at nine.'], delayMs: 50 });
    const result = await sendVoice(h, b, id, owner.token, { bytes: TONE }, { wait: 'false' });
    expect(result.status).toBe(200);
    expect(result.body.data.messages[1]).toMatchObject({ role: 'assistant', status: 'streaming' });
    const response = await h.request(path(b, `get-message-streamed/${id}`), {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'audio' }),
    });
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(44 + 'We open at nine.'.length * 2);
  });

  it('refuses a missing, empty, non-WAV or 8-bit recording with a clear 422 and stores nothing', async () => {
    const { owner, b, id } = await start(h);
    expectFieldError(await sendVoice(h, b, id, owner.token, null), 'audio', messages.voice.audioRequired);
    expectFieldError(
      await sendVoice(h, b, id, owner.token, { bytes: new Uint8Array(0) }),
      'audio',
      messages.voice.audioEmpty,
    );
    expectFieldError(
      await sendVoice(h, b, id, owner.token, {
        bytes: new TextEncoder().encode('not a recording at all, just some text'.repeat(4)),
        name: 'x.wav',
      }),
      'audio',
      messages.voice.audioInvalid,
    );
    const eightBit = new Uint8Array(TONE);
    new DataView(eightBit.buffer).setUint16(34, 8, true);
    expectFieldError(await sendVoice(h, b, id, owner.token, { bytes: eightBit }), 'audio', messages.voice.audioInvalid);
    expectFieldError(
      await sendVoice(h, b, id, owner.token, { bytes: TONE.subarray(0, 44) }),
      'audio',
      messages.voice.audioEmpty,
    );
    expect(heard.calls).toHaveLength(0);
    expect((await h.call(path(b, `get/${id}`), undefined, owner.token)).body.data.messages).toEqual([]);
  });

  it('refuses a recording over 10 MB', async () => {
    const { owner, b, id } = await start(h);
    const big = new Uint8Array(10 * 1024 * 1024 + 200 * 1024);
    big.set(TONE.subarray(0, 44));
    const result = await sendVoice(h, b, id, owner.token, { bytes: big });
    expect([413, 422]).toContain(result.status);
    expect(result.body.errors).toEqual([messages.voice.audioTooLarge]);
  });

  it(`answers 422 '${messages.voice.nothingHeard}' when nothing was heard, and keeps nothing`, async () => {
    const { owner, b, id } = await start(h);
    heard.transcript = '   ';
    expectFieldError(await sendVoice(h, b, id, owner.token, { bytes: TONE }), 'audio', messages.voice.nothingHeard);
    expect((await h.call(path(b, `get/${id}`), undefined, owner.token)).body.data.messages).toEqual([]);
  });

  it(`answers 503 '${messages.voice.unavailable}' on a server without speech recognition`, async () => {
    const { owner, b, id } = await start(silent);
    const result = await sendVoice(silent, b, id, owner.token, { bytes: TONE });
    expectFailureEnvelope(result, 503);
    expect(result.body.errors).toEqual([messages.voice.unavailable]);
  });

  it('is for members of the business only', async () => {
    const { owner, b, id } = await start(h);
    const stranger = await h.signUpWithBusiness();
    expectFailureEnvelope(await sendVoice(h, b, id, undefined, { bytes: TONE }), 401);
    expectFailureEnvelope(await sendVoice(h, b, id, stranger.token, { bytes: TONE }), 404);
    expectFailureEnvelope(await sendVoice(h, stranger.business._id, id, stranger.token, { bytes: TONE }), 404);
    expect(heard.calls).toHaveLength(0);
    expect((await h.call(path(b, `get/${id}`), undefined, owner.token)).body.data.messages).toEqual([]);
  });
});

describe('a real voice turn: espeak-ng speaks, pocketsphinx hears, the model answers, espeak-ng answers aloud', () => {
  it('goes through the whole pipeline (keywords, not exact transcripts)', async (context) => {
    const speech = await detectEmbeddedSpeech();
    if (!speech.stt || !speech.tts) context.skip();
    const real = await createHarness({ speech, assistantModel: { baseUrl: BASE, model: 'test-model' } });
    try {
      const { owner, b, id } = await start(real, { model: true });
      model.respond(() => ({ text: ['We open', ' at nine', ' on Saturdays.'], delayMs: 20 }));
      const recording = await speakToWav16k('What time do you open on Saturday?');
      const result = await sendVoice(real, b, id, owner.token, { bytes: recording }, { wait: 'false' });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const transcript: string = result.body.data.transcript;
      expect(transcript.length).toBeGreaterThan(0);
      expect(transcript).toMatch(/open|saturday/i);
      expect(result.body.data.messages[0]).toMatchObject({ content: transcript, from_voice: true });

      const response = await real.request(path(b, `get-message-streamed/${id}`), {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ format: 'audio' }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/wav');
      const audio = Buffer.from(await response.arrayBuffer());
      expect(audio.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(audio.byteLength).toBeGreaterThan(44 + 16_000);
      // The model was asked what the recogniser heard.
      expect(model.requests[0].messages.at(-1)).toMatchObject({ role: 'user', content: transcript });
      await waitForReplies(real.deps);
      const got = await real.call(path(b, `get/${id}`), undefined, owner.token);
      expect(got.body.data.messages[1]).toMatchObject({ status: 'complete', content: 'We open at nine on Saturdays.' });
    } finally {
      await real.close();
    }
  }, 60_000);
});
