/**
 * Speech for voice conversations. Embedded: pocketsphinx (STT) and espeak-ng (TTS) from
 * Debian's packages when installed; or an OpenAI-compatible /audio/transcriptions and
 * /audio/speech. Without either, voice says it is unavailable and chat still works.
 */
import type { SpeechKnowledge } from './business-corpus';

export type Wav = { sampleRate: number; channels: number; bitsPerSample: number; pcm: Uint8Array };

export type TranscribeOptions = {
  /** Phrases to bias recognition toward (names, services): a prompt for Whisper-style services, a transcript correction for the embedded generic model. */
  vocabulary?: string[];
  /** What the business's callers will talk about: the embedded recogniser builds the business's own language model from it. */
  knowledge?: SpeechKnowledge;
  signal?: AbortSignal;
};

/** A transcript and how sure the recogniser is of it (0..1; null when it cannot say). */
export type Heard = { text: string; confidence: number | null };

export interface SpeechToText {
  readonly name: string;
  /** A recogniser on this machine (pocketsphinx): it can be confidently wrong, so an owner question from its transcript needs a second hearing. */
  readonly embedded?: boolean;
  /** A WAV recording (16-bit PCM, any rate; the browser sends 16 kHz mono) to text. `vocabulary` and `knowledge` bias recognition where the engine allows. */
  transcribe(wav: Uint8Array, options?: TranscribeOptions): Promise<string>;
  /** The transcript with the recogniser's confidence, for engines that report one (see hearSpeech in confidence.ts). */
  hear?(wav: Uint8Array, options?: TranscribeOptions): Promise<Heard>;
}

export interface TextToSpeech {
  readonly name: string;
  /**
   * Speaks text as it arrives: sentence by sentence, so the first audio leaves before the
   * reply is finished. Yields one streaming WAV (a header with an open length, then PCM).
   */
  speak(text: AsyncIterable<string>, options?: { signal?: AbortSignal }): AsyncIterable<Uint8Array>;
}

export type Speech = { stt: SpeechToText | null; tts: TextToSpeech | null };
