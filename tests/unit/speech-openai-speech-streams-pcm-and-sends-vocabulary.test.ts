import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '#contract/env';
import { detectSpeech } from '#api/services/speech/index';
import { createOpenAiStt, createOpenAiTts, OPENAI_PCM_SAMPLE_RATE } from '#api/services/speech/openai-speech';
import { encodeWav, OPEN_LENGTH, parseWav, pcm16FromBytes } from '#api/services/speech/wav';

const BASE = 'https://speech.test/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function* chunks(...parts: string[]) {
  for (const part of parts) yield part;
}

const wav = encodeWav(
  Int16Array.from({ length: 1600 }, (_, index) => (index % 20) * 100),
  16_000,
);

describe('OpenAI-compatible speech', () => {
  it('transcribes through /audio/transcriptions: multipart WAV, model, the vocabulary as prompt, bearer key', async () => {
    let form: FormData | null = null;
    let authorization: string | null = null;
    server.use(
      http.post(`${BASE}/audio/transcriptions`, async ({ request }) => {
        authorization = request.headers.get('authorization');
        form = await request.formData();
        return HttpResponse.json({ text: ' Are you open on Saturday? ' });
      }),
    );
    const stt = createOpenAiStt({ baseUrl: `${BASE}/`, apiKey: 'sk-speech', sttModel: 'whisper-large' });
    expect(await stt.transcribe(wav, { vocabulary: ['Mill Lane Hair', 'beard trim'] })).toBe(
      'Are you open on Saturday?',
    );
    expect(authorization).toBe('Bearer sk-speech');
    const sent = form as unknown as FormData;
    expect(sent.get('model')).toBe('whisper-large');
    expect(sent.get('prompt')).toBe('Mill Lane Hair, beard trim');
    const file = sent.get('file') as File;
    expect(file.name).toBe('audio.wav');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(wav);
  });

  it('speaks each sentence through /audio/speech as 24 kHz PCM behind one streaming WAV header', async () => {
    const bodies: { model: string; input: string; voice: string; response_format: string }[] = [];
    server.use(
      http.post(`${BASE}/audio/speech`, async ({ request }) => {
        const body = (await request.json()) as (typeof bodies)[number];
        bodies.push(body);
        // Raw PCM, split at an odd byte to check that samples are kept whole.
        const pcm = new Uint8Array(Buffer.from(Int16Array.from({ length: 240 }, () => bodies.length * 1000).buffer));
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(pcm.subarray(0, 101));
            controller.enqueue(pcm.subarray(101));
            controller.close();
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'audio/pcm' } });
      }),
    );
    const tts = createOpenAiTts({ baseUrl: BASE, ttsModel: 'tts-1-hd', voice: 'nova' });
    const received: Uint8Array[] = [];
    for await (const chunk of tts.speak(chunks('Hello there. ', 'We open at nine', '.'))) received.push(chunk);
    expect(bodies).toEqual([
      { model: 'tts-1-hd', input: 'Hello there.', voice: 'nova', response_format: 'pcm' },
      { model: 'tts-1-hd', input: 'We open at nine.', voice: 'nova', response_format: 'pcm' },
    ]);
    const header = received[0]!;
    expect(new DataView(header.buffer, header.byteOffset).getUint32(40, true)).toBe(OPEN_LENGTH);
    expect(received.slice(1).every((chunk) => chunk.byteLength % 2 === 0)).toBe(true);
    const parsed = parseWav(new Uint8Array(Buffer.concat(received)));
    expect(parsed.sampleRate).toBe(OPENAI_PCM_SAMPLE_RATE);
    const samples = pcm16FromBytes(parsed.pcm);
    expect(samples.length).toBe(480);
    expect([samples[0], samples[239], samples[240], samples[479]]).toEqual([1000, 1000, 2000, 2000]);
  });

  it("surfaces the service's error message", async () => {
    server.use(
      http.post(`${BASE}/audio/transcriptions`, () =>
        HttpResponse.json({ error: { message: 'Invalid file format.' } }, { status: 400 }),
      ),
      http.post(`${BASE}/audio/speech`, () =>
        HttpResponse.json({ error: { message: 'Incorrect API key provided.' } }, { status: 401 }),
      ),
    );
    await expect(createOpenAiStt({ baseUrl: BASE }).transcribe(wav)).rejects.toThrow(
      'The speech service answered 400: Invalid file format.',
    );
    const speaking = async () => {
      for await (const chunk of createOpenAiTts({ baseUrl: BASE }).speak(chunks('Hi.'))) void chunk;
    };
    await expect(speaking()).rejects.toThrow('The speech service answered 401: Incorrect API key provided.');
  });

  it('is chosen with ASSISTANT_SPEECH=openai, with whisper-1, tts-1 and alloy by default', async () => {
    const seen: { stt?: string; tts?: unknown } = {};
    server.use(
      http.post('https://api.example.test/v1/audio/transcriptions', async ({ request }) => {
        seen.stt = String((await request.formData()).get('model'));
        return HttpResponse.json({ text: 'hello' });
      }),
      http.post('https://api.example.test/v1/audio/speech', async ({ request }) => {
        seen.tts = await request.json();
        return new HttpResponse(new Uint8Array(4));
      }),
    );
    const speech = await detectSpeech({
      ASSISTANT_SPEECH: 'openai',
      ASSISTANT_BASE_URL: 'https://api.example.test/v1',
    });
    expect(speech.stt?.name).toBe('openai-compatible');
    expect(await speech.stt!.transcribe(wav)).toBe('hello');
    for await (const chunk of speech.tts!.speak(chunks('Hi.'))) void chunk;
    expect(seen).toEqual({
      stt: 'whisper-1',
      tts: { model: 'tts-1', input: 'Hi.', voice: 'alloy', response_format: 'pcm' },
    });
    // Without a base URL, openai falls back to whatever is embedded here.
    const fallback = await detectSpeech({ ASSISTANT_SPEECH: 'openai' }, { pathEnv: '/nonexistent' });
    expect(fallback).toEqual({ stt: null, tts: null });
  });

  it('the settings default to auto, and openai needs a base URL', () => {
    expect(parseEnv({}).ASSISTANT_SPEECH).toBe('auto');
    expect(
      parseEnv({ ASSISTANT_SPEECH: 'openai', ASSISTANT_BASE_URL: 'http://localhost:8000/v1' }).ASSISTANT_SPEECH,
    ).toBe('openai');
    expect(() => parseEnv({ ASSISTANT_SPEECH: 'openai' })).toThrow(
      'ASSISTANT_SPEECH="openai": needs ASSISTANT_BASE_URL or ASSISTANT_SPEECH_BASE_URL',
    );
    expect(() => parseEnv({ ASSISTANT_SPEECH: 'loud' })).toThrow(
      'ASSISTANT_SPEECH="loud": must be auto, embedded, openai or off',
    );
  });
});
