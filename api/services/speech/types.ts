/**
 * Speech for voice conversations. Embedded: pocketsphinx (STT) and espeak-ng (TTS) from
 * Debian's packages when installed; or an OpenAI-compatible /audio/transcriptions and
 * /audio/speech. Without either, voice says it is unavailable and chat still works.
 */
export type Wav = { sampleRate: number; channels: number; bitsPerSample: number; pcm: Uint8Array };

export interface SpeechToText {
  readonly name: string;
  /** A WAV recording (16-bit PCM, any rate; the browser sends 16 kHz mono) to text. `vocabulary` biases recognition where the engine allows. */
  transcribe(wav: Uint8Array, options?: { vocabulary?: string[]; signal?: AbortSignal }): Promise<string>;
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
