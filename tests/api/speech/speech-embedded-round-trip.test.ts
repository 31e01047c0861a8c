import { describe, expect, it } from 'vitest';
import { ESPEAK_SAMPLE_RATE } from '#api/services/speech/espeak';
import { speakToWav16k } from '#api/services/speech/generate';
import { detectEmbeddedSpeech, detectSpeech } from '#api/services/speech/index';
import { biasTranscript } from '#api/services/speech/vocabulary';
import { encodeWav, OPEN_LENGTH, parseWav, pcm16FromBytes } from '#api/services/speech/wav';

/**
 * The embedded voice for real: espeak-ng speaks, pocketsphinx listens. Synthetic speech
 * is recognised only roughly, so these tests assert the pipeline and keywords, never exact
 * transcripts. .ci/run installs the Debian packages; elsewhere the suite skips, saying why.
 */
const embedded = await detectEmbeddedSpeech();
const available = Boolean(embedded.stt && embedded.tts);
const reason = available
  ? ''
  : ' (skipped: espeak-ng, pocketsphinx or pocketsphinx-en-us is not installed; apt-get install espeak-ng pocketsphinx pocketsphinx-en-us)';

async function* chunks(...parts: string[]) {
  for (const part of parts) yield part;
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const concat = (parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const words = (text: string) => text.toLowerCase().split(/\s+/);

describe.skipIf(!available)(`embedded speech: espeak-ng and pocketsphinx${reason}`, () => {
  it('detectSpeech finds both engines unless speech is off', async () => {
    const speech = await detectSpeech({});
    expect(speech.stt?.name).toBe('pocketsphinx');
    expect(speech.tts?.name).toBe('espeak-ng');
    expect(await detectSpeech({ ASSISTANT_SPEECH: 'off' })).toEqual({ stt: null, tts: null });
    // Without the programs on PATH (or the model), each part is missing on its own.
    expect(await detectEmbeddedSpeech({ pathEnv: '/nonexistent' })).toEqual({ stt: null, tts: null });
    const noModel = await detectEmbeddedSpeech({ modelDir: '/nonexistent/model' });
    expect(noModel.stt).toBeNull();
    expect(noModel.tts?.name).toBe('espeak-ng');
  });

  it('transcribes a generated 16 kHz question well enough to find its keywords', async () => {
    const started = performance.now();
    const wav = await speakToWav16k('What are your opening hours?');
    const ttsMs = performance.now() - started;
    const parsed = parseWav(wav);
    expect(parsed).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16 });
    expect(parsed.pcm.byteLength / 2 / 16_000).toBeGreaterThan(0.8);

    const listening = performance.now();
    const transcript = await embedded.stt!.transcribe(wav);
    const sttMs = performance.now() - listening;
    console.info(
      `embedded speech: "${transcript}" (espeak-ng ${ttsMs.toFixed(0)} ms, pocketsphinx ${sttMs.toFixed(0)} ms)`,
    );
    expect(words(transcript).some((word) => word === 'opening' || word === 'hours')).toBe(true);
  });

  it('biases the transcript toward the business vocabulary', async () => {
    const wav = await speakToWav16k('What are your opening hours?');
    const transcript = await embedded.stt!.transcribe(wav, { vocabulary: ['Mill Lane Hair', 'beard trim'] });
    // pocketsphinx hears "opening our ears" or similar; the bias brings back the phrase.
    expect(transcript).toContain('opening hours');
    // A name the dictionary lacks gets its pronunciation from espeak-ng's phonemiser.
    expect(await biasTranscript('do you do bright smile whitening', ['Brightsmile whitening'])).toBe(
      'do you do Brightsmile whitening',
    );
  });

  it('speaks sentence by sentence as one streaming WAV: audio leaves before the text has ended', async () => {
    let release!: () => void;
    const rest = new Promise<void>((resolve) => (release = resolve));
    let textEnded = false;
    async function* reply() {
      yield 'We open at nine. ';
      await rest;
      yield 'We close at five';
      yield ' on weekdays.';
      textEnded = true;
    }
    const received: Uint8Array[] = [];
    let audioBeforeEnd = 0;
    for await (const chunk of embedded.tts!.speak(reply())) {
      received.push(chunk);
      if (!textEnded && received.length > 1) audioBeforeEnd += chunk.byteLength;
      if (received.length === 2) release();
    }
    expect(audioBeforeEnd).toBeGreaterThan(0);
    const header = received[0]!;
    expect(header.byteLength).toBe(44);
    const headerView = new DataView(header.buffer, header.byteOffset, 44);
    expect(headerView.getUint32(40, true)).toBe(OPEN_LENGTH);
    expect(headerView.getUint32(24, true)).toBe(ESPEAK_SAMPLE_RATE);
    // Every later chunk is raw PCM (no second RIFF header), in whole samples.
    for (const chunk of received.slice(1)) {
      expect(chunk.byteLength % 2).toBe(0);
      expect(String.fromCharCode(...chunk.subarray(0, 4))).not.toBe('RIFF');
    }
    const wav = parseWav(concat(received));
    expect(wav.sampleRate).toBe(ESPEAK_SAMPLE_RATE);
    // Two sentences at ~165 words per minute: a couple of seconds of audio.
    expect(wav.pcm.byteLength / 2 / ESPEAK_SAMPLE_RATE).toBeGreaterThan(1.5);
  });

  it('understands its own streamed 22 kHz reply after resampling (the full voice loop)', async () => {
    const spoken = concat(await collect(embedded.tts!.speak(chunks('What are your ', 'opening hours?'))));
    const transcript = await embedded.stt!.transcribe(spoken, { vocabulary: [] });
    expect(words(transcript).some((word) => ['opening', 'hours', 'open'].includes(word))).toBe(true);
  });

  it('returns an empty transcript for silence and stops speaking when aborted', async () => {
    expect(await embedded.stt!.transcribe(encodeWav(new Int16Array(16_000), 16_000))).toBe('');
    expect(await embedded.stt!.transcribe(encodeWav(new Int16Array(100), 16_000))).toBe('');
    const controller = new AbortController();
    controller.abort(new Error('Client went away'));
    await expect(
      collect(embedded.tts!.speak(chunks('Hello there. How are you?'), { signal: controller.signal })),
    ).rejects.toThrow('Client went away');
  });

  it('refuses audio that is not 16-bit PCM WAV with a clear message', async () => {
    await expect(embedded.stt!.transcribe(new TextEncoder().encode('not audio at all'))).rejects.toThrow(
      'The audio is not a WAV file',
    );
    const samples = pcm16FromBytes(parseWav(await speakToWav16k('hi')).pcm);
    expect(samples.length).toBeGreaterThan(0);
  });
});
