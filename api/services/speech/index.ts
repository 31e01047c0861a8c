import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { createEspeakTts } from './espeak';
import { createOpenAiStt, createOpenAiTts } from './openai-speech';
import { createPocketsphinxStt, pocketsphinxFiles, POCKETSPHINX_MODEL_DIR } from './pocketsphinx';
import type { Speech } from './types';

export type { Speech, SpeechToText, TextToSpeech } from './types';

/**
 * Which voice this server has (ASSISTANT_SPEECH):
 * - `openai`: the OpenAI-compatible /audio endpoints at ASSISTANT_SPEECH_BASE_URL or
 *   ASSISTANT_BASE_URL (models ASSISTANT_STT_MODEL, ASSISTANT_TTS_MODEL, voice ASSISTANT_TTS_VOICE);
 * - `auto` (default) and `embedded`: pocketsphinx (STT) and espeak-ng (TTS) when their
 *   programs and the English model are installed, each on its own;
 * - `off`: none. Without STT, voice says it is unavailable; chat always works.
 */
export type SpeechEnv = {
  ASSISTANT_BASE_URL?: string;
  ASSISTANT_API_KEY?: string;
  ASSISTANT_SPEECH?: 'auto' | 'embedded' | 'openai' | 'off';
  ASSISTANT_SPEECH_BASE_URL?: string;
  ASSISTANT_STT_MODEL?: string;
  ASSISTANT_TTS_MODEL?: string;
  ASSISTANT_TTS_VOICE?: string;
};

export type DetectOptions = {
  /** PATH to look for the programs in (default process.env.PATH). */
  pathEnv?: string;
  modelDir?: string;
  fetch?: typeof fetch;
};

/** The full path of an executable on PATH, like `which`, without running a shell. */
export async function findExecutable(name: string, pathEnv = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of pathEnv.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return null;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

export async function detectEmbeddedSpeech(options: DetectOptions = {}): Promise<Speech> {
  const modelDir = options.modelDir ?? POCKETSPHINX_MODEL_DIR;
  const files = pocketsphinxFiles(modelDir);
  const [pocketsphinx, espeak, hmm, lm, dict] = await Promise.all([
    findExecutable('pocketsphinx_continuous', options.pathEnv),
    findExecutable('espeak-ng', options.pathEnv),
    exists(path.join(files.hmm, 'mdef')),
    exists(files.lm),
    exists(files.dict),
  ]);
  return {
    stt: pocketsphinx && hmm && lm && dict ? createPocketsphinxStt({ binary: pocketsphinx, modelDir, espeak }) : null,
    tts: espeak ? createEspeakTts({ binary: espeak }) : null,
  };
}

export async function detectSpeech(env: SpeechEnv = {}, options: DetectOptions = {}): Promise<Speech> {
  const mode = env.ASSISTANT_SPEECH ?? 'auto';
  if (mode === 'off') return { stt: null, tts: null };
  const baseUrl = env.ASSISTANT_SPEECH_BASE_URL ?? env.ASSISTANT_BASE_URL;
  if (mode === 'openai' && baseUrl) {
    const settings = {
      baseUrl,
      apiKey: env.ASSISTANT_API_KEY,
      sttModel: env.ASSISTANT_STT_MODEL ?? 'whisper-1',
      ttsModel: env.ASSISTANT_TTS_MODEL ?? 'tts-1',
      voice: env.ASSISTANT_TTS_VOICE ?? 'alloy',
      fetch: options.fetch,
    };
    return { stt: createOpenAiStt(settings), tts: createOpenAiTts(settings) };
  }
  return detectEmbeddedSpeech(options);
}

/** One line for the start-up log: which voice this server has. */
export function describeSpeech(speech: Speech): string {
  if (!speech.stt && !speech.tts) return 'voice unavailable (no speech providers)';
  return `speech to text: ${speech.stt?.name ?? 'none'}, text to speech: ${speech.tts?.name ?? 'none'}`;
}
