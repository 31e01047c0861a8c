import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { speakToWav16k } from '#api/services/speech/generate';

/**
 * The spoken test set's audio: espeak-ng in several voices and speeds, as the browser would
 * upload it (16 kHz mono WAV), optionally with background noise mixed in by sox. The babble is
 * other people talking (espeak-ng sentences unrelated to any business, in other voices) at a
 * fixed signal-to-noise ratio, like a caller in a busy café or shop.
 */
const execFileAsync = promisify(execFile);

export type VoiceCondition = { voice: string; wordsPerMinute: number; noise: 'none' | 'babble' };

export const VOICES = ['en-gb', 'en-us+f2', 'en-gb-x-rp+m3'];
export const SPEEDS = [150, 185];
export const NOISES: VoiceCondition['noise'][] = ['none', 'babble'];
/** Speech about 12 dB above the babble: clearly audible talk in the background. */
export const BABBLE_SNR_DB = 12;

const BABBLE_LINES = [
  'I think the train leaves at half past, so we should probably get going soon.',
  'She said the meeting moved to Thursday but nobody told the rest of the team.',
  'Could you pass me the newspaper, the one with the crossword on the back?',
  'We went walking by the river last weekend and the weather was lovely.',
];
const BABBLE_VOICES = ['en-us+m1', 'en-gb+f3', 'en-gb-scotland'];

export const conditionName = (condition: VoiceCondition) =>
  `${condition.voice} ${condition.wordsPerMinute}wpm${condition.noise === 'none' ? '' : ` +${condition.noise}`}`;

export function allConditions(): VoiceCondition[] {
  return VOICES.flatMap((voice) =>
    SPEEDS.flatMap((wordsPerMinute) => NOISES.map((noise) => ({ voice, wordsPerMinute, noise }))),
  );
}

let babbleFile: Promise<string> | null = null;
let workDir: Promise<string> | null = null;
const dir = () => (workDir ??= mkdtemp(path.join(os.tmpdir(), 'eval-voice-')));

/** Several voices talking at once, long enough to lie under any question (sox loops nothing, so it is made long). */
function babble(): Promise<string> {
  babbleFile ??= (async () => {
    const folder = await dir();
    const tracks: string[] = [];
    for (const [index, voice] of BABBLE_VOICES.entries()) {
      const lines = [...BABBLE_LINES.slice(index), ...BABBLE_LINES.slice(0, index)];
      const file = path.join(folder, `babble-${index}.wav`);
      await writeFile(
        file,
        await speakToWav16k(`${lines.join(' ')} ${lines.join(' ')}`, { voice, wordsPerMinute: 170 }),
      );
      tracks.push(file);
    }
    const mixed = path.join(folder, 'babble.wav');
    await execFileAsync('sox', ['-m', ...tracks, mixed]);
    return mixed;
  })();
  return babbleFile;
}

async function rms(file: string): Promise<number> {
  const { stderr } = await execFileAsync('sox', [file, '-n', 'stat']);
  return Number(/RMS\s+amplitude:\s+([\d.]+)/.exec(stderr)?.[1] ?? '0');
}

/** A question spoken in one condition, as WAV bytes. */
export async function speakQuestion(text: string, condition: VoiceCondition): Promise<Uint8Array> {
  const clean = await speakToWav16k(text, { voice: condition.voice, wordsPerMinute: condition.wordsPerMinute });
  if (condition.noise === 'none') return clean;
  const folder = await mkdtemp(path.join(await dir(), 'q-'));
  try {
    const speech = path.join(folder, 'speech.wav');
    const out = path.join(folder, 'mixed.wav');
    await writeFile(speech, clean);
    const noise = await babble();
    const gain = (await rms(speech)) / (await rms(noise)) / 10 ** (BABBLE_SNR_DB / 20);
    // An explicit -v per input stops sox scaling each by 1/n; trimmed to the question's length.
    await execFileAsync('sox', [
      '-m',
      '-v',
      '1',
      speech,
      '-v',
      String(gain),
      noise,
      out,
      'trim',
      '0',
      String(clean.byteLength / 2 / 16_000),
    ]);
    return new Uint8Array(await readFile(out));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function cleanUpAudio(): Promise<void> {
  if (workDir) await rm(await workDir, { recursive: true, force: true });
  workDir = null;
  babbleFile = null;
}
