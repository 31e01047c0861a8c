import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { run } from './process';
import type { SpeechToText } from './types';
import { biasTranscript } from './vocabulary';
import { encodeWav, parseWav, toMonoPcm16 } from './wav';

/**
 * Speech to text with pocketsphinx_continuous and its US English model (Debian's
 * `pocketsphinx` and `pocketsphinx-en-us` packages). Any 16-bit WAV is converted to the
 * model's 16 kHz mono first (the browser already records that), so the default -nfft 512
 * fits. The transcript is then biased toward the business's vocabulary (vocabulary.ts).
 */
export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
export const POCKETSPHINX_SAMPLE_RATE = 16_000;
const TIMEOUT_MS = 60_000;
/** Longer recordings are refused rather than tying up a CPU for minutes. */
export const MAX_SECONDS = 120;

export type PocketsphinxOptions = { binary?: string; modelDir?: string; espeak?: string | null };

export function pocketsphinxFiles(modelDir = POCKETSPHINX_MODEL_DIR) {
  return {
    hmm: path.join(modelDir, 'en-us'),
    lm: path.join(modelDir, 'en-us.lm.bin'),
    dict: path.join(modelDir, 'cmudict-en-us.dict'),
  };
}

export function createPocketsphinxStt(options: PocketsphinxOptions = {}): SpeechToText {
  const files = pocketsphinxFiles(options.modelDir);
  return {
    name: 'pocketsphinx',
    async transcribe(wav, transcribeOptions = {}) {
      const parsed = parseWav(wav);
      const seconds = parsed.pcm.byteLength / 2 / parsed.channels / parsed.sampleRate;
      if (seconds > MAX_SECONDS) throw new Error(`The recording is too long (at most ${MAX_SECONDS} seconds).`);
      const samples = toMonoPcm16(parsed, POCKETSPHINX_SAMPLE_RATE);
      // Under a tenth of a second there is nothing to recognise (and the decoder may complain).
      if (samples.length < POCKETSPHINX_SAMPLE_RATE / 10) return '';
      const dir = await mkdtemp(path.join(os.tmpdir(), 'stt-'));
      try {
        const file = path.join(dir, 'audio.wav');
        await writeFile(file, encodeWav(samples, POCKETSPHINX_SAMPLE_RATE));
        const output = await run(
          options.binary ?? 'pocketsphinx_continuous',
          ['-infile', file, '-hmm', files.hmm, '-lm', files.lm, '-dict', files.dict, '-samprate', String(POCKETSPHINX_SAMPLE_RATE), '-logfn', '/dev/null'],
          { signal: transcribeOptions.signal, timeoutMs: TIMEOUT_MS },
        );
        // One line per utterance the decoder's voice detection found.
        const transcript = output.toString('utf8').split('\n').map((line) => line.trim()).filter(Boolean).join(' ');
        if (!transcript) return '';
        return await biasTranscript(transcript, transcribeOptions.vocabulary ?? [], { dictionary: files.dict, espeak: options.espeak, signal: transcribeOptions.signal });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
