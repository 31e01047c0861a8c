import type { ApiDeps } from '#api/deps';
import { RECORDING_MIME_TYPE, recordingKey } from '../calls/recordings';
import { storageOf } from '#api/services/storage';
import { encodeWav, parseWav, toMonoPcm16 } from '#api/services/speech/wav';
import type { TextToSpeech } from '#api/services/speech/types';
import { updateCall, type TimelineRow } from '../timeline/service';
import { phoneSettings } from './text-back';
import type { SystemRow } from './store';

/**
 * The sandbox's call recording. A simulated call has no audio of its
 * own, so when the system records calls (record_calls, or a voicemail was left) the
 * simulator speaks what was said — the assistant's lines and the caller's, in order, with a
 * short pause between turns — through the business's text to speech and keeps that as the
 * call's WAV, exactly where a provider's recording goes (storage, recordings/<call>.wav,
 * details.recording). Without text to speech nothing is recorded and the call page says so.
 */
const RATE = 16_000;
const PAUSE_SECONDS = 0.4;

export type SpokenLine = { speaker: 'assistant' | 'caller' | 'system'; text: string };

async function speakOne(tts: TextToSpeech, text: string): Promise<Int16Array> {
  const chunks: Uint8Array[] = [];
  async function* once() {
    yield text;
  }
  for await (const chunk of tts.speak(once())) chunks.push(chunk);
  return toMonoPcm16(parseWav(Buffer.concat(chunks)), RATE);
}

/** Speaks the call's lines into one WAV and stores it as the call's recording; answers whether it did. */
export async function recordSimulatedCall(
  deps: ApiDeps,
  system: SystemRow,
  call: TimelineRow,
  lines: SpokenLine[],
): Promise<boolean> {
  const tts = deps.speech?.tts;
  const spoken = lines.filter((line) => line.speaker !== 'system' && line.text.trim());
  const voicemail = call.status === 'voicemail';
  if (!tts || spoken.length === 0 || !(phoneSettings(system).record_calls || voicemail)) return false;
  try {
    const pause = new Int16Array(Math.round(PAUSE_SECONDS * RATE));
    const parts: Int16Array[] = [];
    for (const line of spoken) parts.push(await speakOne(tts, line.text), pause);
    const pcm = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      pcm.set(part, offset);
      offset += part.length;
    }
    await storageOf(deps).put(recordingKey(call.id), encodeWav(pcm, RATE), RECORDING_MIME_TYPE);
    await updateCall(deps, system.businessId, call.id, {
      details: { recording: true, call_recording_duration: Math.round(pcm.length / RATE), recording_simulated: true },
    });
    return true;
  } catch (error) {
    // The simulation itself succeeded; a call without its recording says so on its page.
    deps.log?.({
      level: 'warn',
      msg: 'simulated call not recorded',
      system_id: system.id,
      call_id: call.id,
      error: String(error),
    });
    return false;
  }
}
