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

/**
 * A telephony provider's own speech result at least this sure is trusted with an owner
 * question at once; a less sure one, or one heard by the embedded recogniser (which can be
 * confidently wrong), needs a second hearing first (assistant/second-hearing.ts).
 */
export const SURE_OF_WORDS = 0.8;
/** The webhook parameter the spoken simulator adds: its SpeechResult came from the embedded recogniser, not Twilio's. */
export const HEARD_BY_EMBEDDED = { name: 'HeardBy', value: 'embedded' } as const;

/** Whether an unanswerable question in a call's speech result must be heard twice before it becomes an owner question. */
export function callSpeechNeedsSecondHearing(heardBy: string, confidence: string): boolean {
  if (heardBy === HEARD_BY_EMBEDDED.value) return true;
  return confidence !== '' && !(Number(confidence) >= SURE_OF_WORDS);
}

/** The transcript and confidence of a recording, whichever engine the server has. */
export async function hearSpeech(stt: SpeechToText, wav: Uint8Array, options: TranscribeOptions = {}): Promise<Heard> {
  if (stt.hear) return stt.hear(wav, options);
  return { text: await stt.transcribe(wav, options), confidence: null };
}

/** Whether a transcript may be answered: the engine is sure enough, or cannot say. `threshold`: for calibrating (eval:voice --threshold). */
export function heardClearly(confidence: number | null | undefined, threshold = CONFIDENCE_THRESHOLD): boolean {
  return confidence === null || confidence === undefined || !Number.isFinite(confidence) || confidence >= threshold;
}
