import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { businessLanguageModel } from './business-language-model';
import { NOISE_FLOOR_RMS, withNoiseFloor } from './noise-floor';
import { run } from './process';
import type { Heard, SpeechToText } from './types';
import { biasTranscript } from './vocabulary';
import { encodeWav, parseWav, toMonoPcm16 } from './wav';

/**
 * Speech to text with pocketsphinx_continuous and its US English acoustic model (Debian's
 * `pocketsphinx` and `pocketsphinx-en-us` packages). Any 16-bit WAV is converted to the
 * model's 16 kHz mono first (the browser already records that), so the default -nfft 512
 * fits, and laid over a faint noise floor (noise-floor.ts).
 *
 * With the business's knowledge, the decoder uses the business's own language model and
 * dictionary (business-language-model.ts); without, the generic model, and the transcript is
 * then biased toward the vocabulary's phrases (vocabulary.ts). Either way the decoder's word
 * posteriors (`-time yes`) give the confidence of what it heard.
 */
export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
export const POCKETSPHINX_SAMPLE_RATE = 16_000;
const TIMEOUT_MS = 60_000;
/** Longer recordings are refused rather than tying up a CPU for minutes. */
export const MAX_SECONDS = 120;
/**
 * Gaussians scored per frame: the default 4 is tuned for speed on 2010 phones; 16 cuts word
 * errors on the evaluation's questions by a tenth for about a third more decoding time.
 */
const TOP_GAUSSIANS = '16';

export type PocketsphinxOptions = { binary?: string; modelDir?: string; espeak?: string | null };

export function pocketsphinxFiles(modelDir = POCKETSPHINX_MODEL_DIR) {
  return {
    hmm: path.join(modelDir, 'en-us'),
    lm: path.join(modelDir, 'en-us.lm.bin'),
    dict: path.join(modelDir, 'cmudict-en-us.dict'),
  };
}

const FILLER = /^(<s>|<\/s>|<sil>|\[[a-z_]+\]|\+\+?[a-z_]+\+?\+?)$/i;

/**
 * pocketsphinx_continuous with `-time yes` prints, per utterance, the hypothesis and then one
 * line per word: `word start end posterior` (fillers such as <sil> included). The confidence
 * is the posterior of the least sure real word: a garbled transcript nearly always holds a
 * word the decoder barely believed (posterior under 0.1), while the mean over all words
 * stays high when most of them are common words recognised well.
 */
export function parseDecoderOutput(output: string): Heard {
  const words: string[] = [];
  const posteriors: number[] = [];
  for (const line of output.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length !== 4 || !fields.slice(1).every((field) => /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(field))) continue;
    const word = fields[0]!.replace(/\(\d+\)$/, '');
    if (FILLER.test(word)) continue;
    words.push(word);
    posteriors.push(Math.min(1, Math.max(0, Number(fields[3]))));
  }
  if (!words.length) return { text: '', confidence: null };
  return { text: words.join(' '), confidence: Math.min(...posteriors) };
}

function peakOf(samples: Int16Array): number {
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  return peak;
}

export function createPocketsphinxStt(options: PocketsphinxOptions = {}): SpeechToText {
  const files = pocketsphinxFiles(options.modelDir);
  const hear: NonNullable<SpeechToText['hear']> = async (wav, hearOptions = {}) => {
    const parsed = parseWav(wav);
    const seconds = parsed.pcm.byteLength / 2 / parsed.channels / parsed.sampleRate;
    if (seconds > MAX_SECONDS) throw new Error(`The recording is too long (at most ${MAX_SECONDS} seconds).`);
    const samples = toMonoPcm16(parsed, POCKETSPHINX_SAMPLE_RATE);
    // Under a tenth of a second there is nothing to recognise (and the decoder may complain).
    if (samples.length < POCKETSPHINX_SAMPLE_RATE / 10) return { text: '', confidence: null };
    // Nothing louder than the floor we add: silence, which the decoder would fill with a word.
    if (peakOf(samples) <= 2 * NOISE_FLOOR_RMS) return { text: '', confidence: null };
    const { knowledge, vocabulary = [], signal } = hearOptions;
    const model = knowledge
      ? await businessLanguageModel(knowledge, { dictionary: files.dict, espeak: options.espeak, signal })
      : { lm: files.lm, dict: files.dict };
    const dir = await mkdtemp(path.join(os.tmpdir(), 'stt-'));
    try {
      const file = path.join(dir, 'audio.wav');
      await writeFile(file, encodeWav(withNoiseFloor(samples, POCKETSPHINX_SAMPLE_RATE), POCKETSPHINX_SAMPLE_RATE));
      const output = await run(
        options.binary ?? 'pocketsphinx_continuous',
        [
          '-infile',
          file,
          '-hmm',
          files.hmm,
          '-lm',
          model.lm,
          '-dict',
          model.dict,
          '-samprate',
          String(POCKETSPHINX_SAMPLE_RATE),
          '-topn',
          TOP_GAUSSIANS,
          '-time',
          'yes',
          '-logfn',
          '/dev/null',
        ],
        { signal, timeoutMs: TIMEOUT_MS },
      );
      const heard = parseDecoderOutput(output.toString('utf8'));
      if (!heard.text || knowledge) return heard;
      return {
        ...heard,
        text: await biasTranscript(heard.text, vocabulary, { dictionary: files.dict, espeak: options.espeak, signal }),
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  return {
    name: 'pocketsphinx',
    embedded: true,
    hear,
    async transcribe(wav, transcribeOptions) {
      return (await hear(wav, transcribeOptions)).text;
    },
  };
}
