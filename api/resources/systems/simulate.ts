import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '#contract/messages';
import { simulateSchema, simulateVoiceSchema } from '#contract/schemas/system';
import type { ApiDeps } from '#api/deps';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { ApiError, invalid, sendError } from '#api/lib/errors';
import { bearer, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { requireSystem } from '#api/services/systems/manage';
import type { SystemRow } from '#api/services/systems/store';
import { SAY_AGAIN } from '#api/services/speech/confidence';
import { checkWav, hearRecording, MAX_AUDIO_BYTES } from '../conversations/voice';
import { parseWith, timelineItemOut } from '../timeline/schemas';
import { canEditSystems } from './access';
import { systemIdParam } from './schemas';
import { assertSimulatable, runSimulation } from '#api/services/systems/simulation';

/**
 * The sandbox simulator's routes (businesses/systems/{b}/settings/{id}/simulate): the
 * simulation itself is api/services/systems/simulation.ts.
 * simulate-voice is the same simulation with what the caller says spoken: the recording (a
 * WAV, checked like the assistant's update-voice) is transcribed and played as `says`.
 */
/** The system the signed-in user may simulate on: systems/edit, one of this business's, a sandbox phone system with a number. */
async function simulatableSystem(
  deps: ApiDeps,
  businessId: string,
  systemId: string,
  userId: string,
): Promise<SystemRow> {
  await canEditSystems(deps.db, businessId, userId);
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

const lineOut = z.object({ speaker: z.enum(['caller', 'assistant', 'system']), text: z.string() });
const simulationData = z.object({
  transcript: z.array(lineOut),
  call: timelineItemOut.nullable().optional(),
  sms: timelineItemOut.nullable().optional(),
});
const spokenSimulationData = simulationData.extend({
  heard: z
    .string()
    .openapi({ description: 'What speech recognition heard in the recording (played as what the caller says)' }),
});
const voiceSimulationForm = z.object({
  kind: z.string().optional().openapi({ description: 'call or sms' }),
  from: z.string().optional().openapi({ description: "The caller's number (E.164)" }),
  audio: z.any().optional().openapi({
    type: 'string',
    format: 'binary',
    description: 'What the caller says: a WAV recording, 16-bit PCM; at most 10 MB',
  }),
});
/** Room for the multipart envelope and the other fields around the recording. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const simulateRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/systems/{business_id}/settings/{system_id}/simulate',
      tags: ['Systems'],
      summary:
        'Sandbox simulator: an incoming call, missed call or SMS through the same handlers as the provider webhooks',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: systemIdParam, body: jsonBody(simulateSchema) },
      responses: envelope(simulationData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      const system = await simulatableSystem(deps, business_id, system_id, c.var.auth.user.id);
      const result = await runSimulation(deps, system, c.req.valid('json'));
      return ok(c, result as z.infer<typeof simulationData>);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/systems/{business_id}/settings/{system_id}/simulate-voice',
      tags: ['Systems'],
      summary:
        'Sandbox simulator, spoken (multipart: kind = call|sms, from, audio = WAV, 16-bit PCM, at most 10 MB): what the caller says is transcribed, then simulated like simulate; 503 without speech recognition',
      security: bearer,
      middleware: [
        requireAuth,
        bodyLimit({
          maxSize: MAX_AUDIO_BYTES + FORM_OVERHEAD_BYTES,
          onError: (c) =>
            sendError(c, new ApiError(413, [messages.voice.audioTooLarge], { audio: [messages.voice.audioTooLarge] })),
        }),
      ] as const,
      request: {
        params: systemIdParam,
        body: { required: true, content: { 'multipart/form-data': { schema: voiceSimulationForm } } },
      },
      // No speech recognition on this server: 503 'Voice is not available on this server.'
      responses: envelope(spokenSimulationData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      const system = await simulatableSystem(deps, business_id, system_id, c.var.auth.user.id);
      if (!deps.speech?.stt) throw new ApiError(503, [messages.voice.unavailable]);
      const form = c.req.valid('form') as Record<string, unknown>;
      const { kind, from } = parseWith(simulateVoiceSchema, { kind: form.kind, from: form.from });
      const heard = await hearCaller(deps, business_id, form.audio);
      // A call asks the caller to say it again (the gather handler reads the confidence); an SMS has nobody to ask.
      if (!heard.clear && kind === 'sms') throw audioError(SAY_AGAIN);
      const result = await runSimulation(
        deps,
        system,
        { kind, from, says: heard.text },
        { confidence: heard.confidence, embedded: Boolean(deps.speech.stt.embedded) },
      );
      return ok(c, { ...(result as z.infer<typeof simulationData>), heard: heard.text });
    },
  );
