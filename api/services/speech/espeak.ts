import { stream } from './process';
import { sentences } from './sentences';
import type { TextToSpeech } from './types';
import { bytesFromPcm16, pcm16FromBytes, resamplePcm16, streamingWavHeader, WavError } from './wav';

/**
 * Text to speech with espeak-ng (Debian's `espeak-ng` package): one process per sentence,
 * each writing a WAV to stdout. Its header is dropped and the PCM forwarded as it comes,
 * after one streaming header for the whole reply, so the first sentence plays while the
 * model is still writing the next.
 */
export const ESPEAK_SAMPLE_RATE = 22050;
const SENTENCE_TIMEOUT_MS = 30_000;

export type EspeakOptions = { binary?: string; voice?: string; wordsPerMinute?: number };

/** The PCM of one sentence (mono 16-bit at ESPEAK_SAMPLE_RATE), in pieces as espeak-ng writes it. */
export async function* espeakPcm(
  sentence: string,
  options: EspeakOptions & { signal?: AbortSignal } = {},
): AsyncIterable<Uint8Array> {
  const args = ['--stdout', '-v', options.voice ?? 'en-us', '-s', String(options.wordsPerMinute ?? 165), '--stdin'];
  let head: Buffer | null = Buffer.alloc(0);
  let rate = ESPEAK_SAMPLE_RATE;
  let odd: Buffer | null = null;
  const foreign: Buffer[] = [];
  for await (const chunk of stream(options.binary ?? 'espeak-ng', args, {
    input: sentence,
    signal: options.signal,
    timeoutMs: SENTENCE_TIMEOUT_MS,
  })) {
    let data: Buffer = chunk;
    if (head) {
      head = Buffer.concat([head, chunk]);
      const start = dataOffset(head);
      if (start === null) continue;
      rate = head.readUInt32LE(24);
      data = head.subarray(start);
      head = null;
    }
    if (odd) data = Buffer.concat([odd, data]);
    odd = data.length % 2 ? data.subarray(data.length - 1) : null;
    const even = odd ? data.subarray(0, data.length - 1) : data;
    if (!even.length) continue;
    // Another espeak build (or an mbrola voice) may speak at another rate: convert the whole sentence.
    if (rate !== ESPEAK_SAMPLE_RATE) foreign.push(even);
    else yield new Uint8Array(even);
  }
  if (head && head.length) throw new WavError('espeak-ng wrote no WAV audio.');
  if (foreign.length)
    yield bytesFromPcm16(resamplePcm16(pcm16FromBytes(Buffer.concat(foreign)), rate, ESPEAK_SAMPLE_RATE));
}

/** Where the samples start in espeak-ng's header (44 bytes, but read it rather than assume); null until it has arrived. */
function dataOffset(head: Buffer): number | null {
  if (head.length < 12) return null;
  if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE')
    throw new WavError('espeak-ng did not write a WAV file.');
  let offset = 12;
  while (offset + 8 <= head.length) {
    const id = head.toString('latin1', offset, offset + 4);
    if (id === 'data') return offset + 8;
    offset += 8 + head.readUInt32LE(offset + 4);
  }
  return null;
}

export function createEspeakTts(options: EspeakOptions = {}): TextToSpeech {
  return {
    name: 'espeak-ng',
    async *speak(text, speakOptions = {}) {
      const { signal } = speakOptions;
      yield streamingWavHeader(ESPEAK_SAMPLE_RATE);
      for await (const sentence of sentences(text)) {
        signal?.throwIfAborted();
        yield* espeakPcm(sentence, { ...options, signal });
      }
    },
  };
}
