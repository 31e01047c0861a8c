import { and, eq } from 'drizzle-orm';
import { expect, type TestContext } from 'vitest';
import { memories, timelineItems } from '#api/db/schema';
import { waitForReplies } from '#api/services/assistant/turns';
import { detectEmbeddedSpeech } from '#api/services/speech/index';
import type { Speech } from '#api/services/speech/types';
import { encodeWav, streamingWavHeader } from '#api/services/speech/wav';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { openAllWeek, phoneSystem, randomUkMobile, setBusinessSettings } from '#tests/support/inbound-fixtures';

/**
 * Shared scaffolding for the API tests that send recorded speech: a silent fake speaker, a
 * valid recording, the multipart POST of it, a voice conversation, what the owner was left to
 * do, a spoken call through the sandbox simulator, and the real embedded recogniser when installed.
 */

/** A text-to-speech fake: a streaming WAV header, then two bytes of silence per character. */
export const fakeTts: Speech['tts'] = {
  name: 'fake',
  async *speak(text) {
    yield streamingWavHeader(16_000);
    for await (const chunk of text) yield new Uint8Array(chunk.length * 2);
  },
};

/** One second of a 440 Hz tone, 16 kHz mono 16-bit: a valid recording. */
export const TONE = encodeWav(
  Int16Array.from({ length: 16_000 }, (_, index) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * index) / 16_000))),
  16_000,
);

export type Line = { speaker: string; text: string };

/** POSTs a recording (or none) as the multipart field audio, with any other fields. */
export async function postAudio(
  harness: Harness,
  url: string,
  token: string | undefined,
  audio: Uint8Array | null,
  fields: Record<string, string> = {},
  filename = 'recording.wav',
) {
  const form = new FormData();
  if (audio) form.set('audio', new File([new Uint8Array(audio)], filename, { type: 'audio/wav' }));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await harness.request(url, {
    method: 'POST',
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

/** The owner questions and tasks (timeline notes) a business has. */
export async function ownerRecords(harness: Harness, b: string) {
  const questions = await harness.deps.db
    .select()
    .from(memories)
    .where(and(eq(memories.businessId, b), eq(memories.type, 'question')));
  const tasks = await harness.deps.db
    .select()
    .from(timelineItems)
    .where(and(eq(timelineItems.businessId, b), eq(timelineItems.type, 'note')));
  return { questions, tasks };
}

/** A new owner's business and a voice conversation in it. */
export async function voiceConversation(harness: Harness) {
  const owner = await harness.signUpWithBusiness({ business: { name: 'Rossi Cakes' } });
  const b = owner.business._id as string;
  const created = await harness.call(`businesses/conversations/${b}/create`, { channel: 'voice' }, owner.token);
  return { owner, b, id: created.body.data.conversation.id as string };
}

/** A spoken call (TONE) through the sandbox simulator to a business open all week; returns the line after the caller's. */
export async function simulatedSpokenCall(harness: Harness) {
  const { owner, b, system } = await phoneSystem(harness);
  await setBusinessSettings(harness, b, owner.token, { opening_hours: openAllWeek() });
  const result = await postAudio(
    harness,
    `businesses/systems/${b}/settings/${system._id}/simulate-voice`,
    owner.token,
    TONE,
    { kind: 'call', from: randomUkMobile() },
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  const lines: Line[] = result.body.data.transcript;
  const callerAt = lines.findIndex((line) => line.speaker === 'caller');
  return { b, afterCaller: lines[callerAt + 1] };
}

/** Runs `test` against a harness with the real embedded recogniser and speaker, or skips when they are not installed. */
export async function withRealSpeech(context: TestContext, test: (real: Harness) => Promise<void>) {
  const speech = await detectEmbeddedSpeech();
  if (!speech.stt || !speech.tts) context.skip();
  const real = await createHarness({ speech });
  try {
    await test(real);
  } finally {
    await waitForReplies(real.deps);
    await real.close();
  }
}
