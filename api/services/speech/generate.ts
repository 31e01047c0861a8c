import { espeakPcm, ESPEAK_SAMPLE_RATE } from './espeak';
import { encodeWav, pcm16FromBytes, resamplePcm16 } from './wav';

/**
 * A WAV of a phrase as the browser's push-to-talk sends it (16 kHz mono 16-bit), spoken
 * by espeak-ng: for tests, e2e voice turns and the benchmark. Needs espeak-ng installed.
 */
export async function speakToWav16k(
  text: string,
  options: { voice?: string; wordsPerMinute?: number } = {},
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of espeakPcm(text, options)) chunks.push(chunk);
  const pcm = pcm16FromBytes(Buffer.concat(chunks));
  return encodeWav(resamplePcm16(pcm, ESPEAK_SAMPLE_RATE, 16_000), 16_000);
}
