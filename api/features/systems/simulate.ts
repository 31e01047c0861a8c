import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { messages } from '#contract/messages';
import { simulateVoiceSchema } from '#contract/schemas/system';
import type { systems } from '#contract/v1/systems';
import type { ApiDeps } from '#api/deps';
import { ApiError, invalid, sendError } from '#api/lib/errors';
import type { CallHandler } from '#api/lib/v1-call';
import { requireSystem } from '#api/features/systems/manage';
import type { SystemRow } from '#api/features/systems/store';
import { SAY_AGAIN } from '#api/services/speech/confidence';
import { checkWav, hearRecording, MAX_AUDIO_BYTES } from '../conversations/voice';
import { parseWith } from '../timeline/schemas';
import { assertSimulatable, runSimulation } from '#api/features/systems/simulation';

/**
 * The sandbox simulator's handlers (businesses/systems/{b}/settings/{id}/simulate, declared in
 * contract/v1/systems.ts): the simulation itself is api/features/systems/simulation.ts.
 * simulate-voice is the same simulation with what the caller says spoken: the recording (a
 * WAV, checked like the assistant's update-voice) is transcribed and played as `says`.
 */
/** The system to simulate on (the declaration has checked systems/edit): one of this business's, a sandbox phone system with a number. */
async function simulatableSystem(deps: ApiDeps, businessId: string, systemId: string): Promise<SystemRow> {
  const system = await requireSystem(deps, businessId, systemId);
  assertSimulatable(system);
  return system;
}

const audioError = (message: string) => invalid({ audio: [message] });
const SAYS_MAX = 2000;

/** What the caller said in the recording: checked like update-voice's, then heard as update-voice hears it (with the business's knowledge, and a confidence). */
async function hearCaller(
  deps: ApiDeps,
  businessId: string,
  audio: unknown,
): Promise<{ text: string; confidence: number | null; clear: boolean }> {
  const stt = deps.speech?.stt;
  if (!stt) throw new ApiError(503, [messages.voice.unavailable]);
  if (!(audio instanceof File)) throw audioError(messages.voice.audioRequired);
  if (audio.size > MAX_AUDIO_BYTES) throw audioError(messages.voice.audioTooLarge);
  if (audio.size === 0) throw audioError(messages.voice.audioEmpty);
  const bytes = new Uint8Array(await audio.arrayBuffer());
  checkWav(bytes);
  const heard = await hearRecording(deps, businessId, stt, bytes);
  if (!heard.text) throw audioError(messages.voice.nothingHeard);
  return { ...heard, text: heard.text.slice(0, SAYS_MAX) };
}

/** Room for the multipart envelope and the other fields around the recording. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Runs after the permission check, before the form is read: a larger body is refused with 413. */
export const simulateVoiceLimit = bodyLimit({
  maxSize: MAX_AUDIO_BYTES + FORM_OVERHEAD_BYTES,
  onError: (c) =>
    sendError(c, new ApiError(413, [messages.voice.audioTooLarge], { audio: [messages.voice.audioTooLarge] })),
});

type Calls = typeof systems;
/** The simulation keeps its items untyped; the declared response says what they are. */
type Answer = z.input<Calls['simulate']['response']>;

export const simulate: CallHandler<Calls['simulate']> = async (c, { params, body }) => {
  const system = await simulatableSystem(c.var.deps, params.business_id, params.system_id);
  return { data: (await runSimulation(c.var.deps, system, body)) as Answer };
};

/** No speech recognition on this server: 503 'Voice is not available on this server.' */
export const simulateVoice: CallHandler<Calls['simulateVoice']> = async (c, { params, body }) => {
  const { deps } = c.var;
  const system = await simulatableSystem(deps, params.business_id, params.system_id);
  if (!deps.speech?.stt) throw new ApiError(503, [messages.voice.unavailable]);
  const form = body as Record<string, unknown>;
  const { kind, from } = parseWith(simulateVoiceSchema, { kind: form.kind, from: form.from });
  const heard = await hearCaller(deps, params.business_id, form.audio);
  // A call asks the caller to say it again (the gather handler reads the confidence); an SMS has nobody to ask.
  if (!heard.clear && kind === 'sms') throw audioError(SAY_AGAIN);
  const result = await runSimulation(
    deps,
    system,
    { kind, from, says: heard.text },
    { confidence: heard.confidence, embedded: Boolean(deps.speech.stt.embedded) },
  );
  return { data: { ...(result as Answer), heard: heard.text } };
};
