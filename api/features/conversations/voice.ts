import { MESSAGE_MAX } from '#contract/schemas/conversation';
import { messages } from '#contract/messages';
import type { ApiDeps } from '#api/deps';
import { newId } from '#api/lib/crypto';
import { ApiError, invalid } from '#api/lib/errors';
import { loadBusinessContext } from '#api/services/assistant/context';
import { requireConversation } from '#api/services/assistant/conversations';
import { postMessage, postMessageWithSetReply, type TurnResult } from '#api/services/assistant/turns';
import { loadSpeechKnowledge } from '#api/services/speech/business-knowledge';
import { hearSpeech, heardClearly, SAY_AGAIN } from '#api/services/speech/confidence';
import type { Heard, SpeechToText } from '#api/services/speech/types';
import { storageOf } from '#api/services/storage';
import { parseWav } from '#api/services/speech/wav';

/**
 * update-voice: a recorded message (WAV, 16-bit PCM: the browser records it so, and the
 * server needs no ffmpeg) is kept under voice/, transcribed with the business's own words
 * as hints, and then answered exactly like a typed message.
 */
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

const audioError = (message: string) => invalid({ audio: [message] });

/** RIFF/WAVE, PCM, 16-bit, with samples: anything else is refused before it reaches the recogniser. */
export function checkWav(bytes: Uint8Array): void {
  const ascii = (start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
  if (bytes.byteLength < 44 || ascii(0, 4) !== 'RIFF' || ascii(8, 4) !== 'WAVE')
    throw audioError(messages.voice.audioInvalid);
  let wav;
  try {
    wav = parseWav(bytes);
  } catch {
    throw audioError(messages.voice.audioInvalid);
  }
  if (wav.bitsPerSample !== 16 || wav.channels < 1 || wav.sampleRate < 1000)
    throw audioError(messages.voice.audioInvalid);
  if (wav.pcm.byteLength < wav.channels * 2) throw audioError(messages.voice.audioEmpty);
}

/** Words the recogniser should expect: the business's name, its services, the assistant's name. */
export async function businessVocabulary(deps: Pick<ApiDeps, 'db'>, businessId: string): Promise<string[]> {
  const business = await loadBusinessContext(deps.db, businessId);
  const words = [business.name, business.settings.assistant.name, ...business.services.map((service) => service.name)];
  return [...new Set(words.map((word) => word.trim()).filter(Boolean))];
}

/**
 * What the caller said, with the business's words and knowledge as hints (the embedded
 * recogniser builds the business's language model from them), and whether it was heard
 * clearly enough to answer. Every voice path (update-voice, the spoken simulator) hears here.
 */
export async function hearRecording(
  deps: ApiDeps,
  businessId: string,
  stt: SpeechToText,
  bytes: Uint8Array,
): Promise<Heard & { clear: boolean }> {
  let heard: Heard;
  try {
    const [vocabulary, knowledge] = await Promise.all([
      businessVocabulary(deps, businessId),
      loadSpeechKnowledge(deps.db, businessId),
    ]);
    heard = await hearSpeech(stt, bytes, { vocabulary, knowledge });
  } catch (error) {
    deps.log?.({
      level: 'error',
      msg: 'speech recognition failed',
      stt: stt.name,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new ApiError(502, ['The recording could not be transcribed. Please try again.']);
  }
  const text = heard.text.replace(/\s+/g, ' ').trim();
  return { text, confidence: heard.confidence, clear: heardClearly(heard.confidence) };
}

export async function voiceTurn(
  deps: ApiDeps,
  businessId: string,
  conversationId: string,
  form: Record<string, unknown>,
): Promise<TurnResult & { transcript: string }> {
  await requireConversation(deps.db, businessId, conversationId);
  const stt = deps.speech?.stt;
  if (!stt) throw new ApiError(503, [messages.voice.unavailable]);

  const audio = form.audio;
  if (!(audio instanceof File)) throw audioError(messages.voice.audioRequired);
  if (audio.size > MAX_AUDIO_BYTES) throw audioError(messages.voice.audioTooLarge);
  if (audio.size === 0) throw audioError(messages.voice.audioEmpty);
  const bytes = new Uint8Array(await audio.arrayBuffer());
  checkWav(bytes);
  const wait = typeof form.wait === 'string' ? !['false', '0', 'off'].includes(form.wait.trim().toLowerCase()) : true;

  const storage = storageOf(deps);
  const key = `voice/${businessId}/${newId()}`;
  await storage.put(key, bytes, 'audio/wav');
  try {
    const heard = await hearRecording(deps, businessId, stt, bytes);
    const transcript = heard.text;
    if (!transcript) throw audioError(messages.voice.nothingHeard);
    const message = transcript.slice(0, MESSAGE_MAX);
    // Unsure of the words: ask again rather than answer, escalate or make an owner question of them.
    const turn = heard.clear
      ? await postMessage(deps, {
          businessId,
          conversationId,
          message,
          audioKey: key,
          wait,
          secondHearing: Boolean(stt.embedded),
        })
      : await postMessageWithSetReply(deps, { businessId, conversationId, message, audioKey: key, reply: SAY_AGAIN });
    return { ...turn, transcript };
  } catch (error) {
    // Nothing was said in the conversation: the recording is not kept.
    await storage.delete(key).catch(() => {});
    throw error;
  }
}
