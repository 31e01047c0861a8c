import type { Heard, SpeechToText, TranscribeOptions } from './types';

/**
 * How sure the recogniser must be before a voice turn is answered. Below it the caller is
 * asked to say it again: a garbled transcript is never answered, escalated or turned into a
 * question for the owner. Engines that report no confidence (an OpenAI-compatible
 * transcription service) are trusted.
 *
 * For pocketsphinx the confidence is its least sure word's posterior (-time yes); on the
 * spoken evaluation (npm run eval:voice) transcripts with more than a third of their words
 * wrong nearly all held a word under 0.1, correct ones rarely; see docs/speech.md.
 */
export const CONFIDENCE_THRESHOLD = 0.1;
export const SAY_AGAIN = "Sorry, I didn't catch that. Could you say it again?";

/** The transcript and confidence of a recording, whichever engine the server has. */
export async function hearSpeech(stt: SpeechToText, wav: Uint8Array, options: TranscribeOptions = {}): Promise<Heard> {
  if (stt.hear) return stt.hear(wav, options);
  return { text: await stt.transcribe(wav, options), confidence: null };
}

/** Whether a transcript may be answered: the engine is sure enough, or cannot say. */
export function heardClearly(confidence: number | null | undefined): boolean {
  return confidence === null || confidence === undefined || !Number.isFinite(confidence) || confidence >= CONFIDENCE_THRESHOLD;
}
