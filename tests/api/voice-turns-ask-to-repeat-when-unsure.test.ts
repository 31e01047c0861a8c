import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memories, timelineItems } from '#api/db/schema';
import { waitForReplies } from '#api/services/assistant/turns';
import { SAY_AGAIN } from '#api/services/speech/confidence';
import { speakToWav16k } from '#api/services/speech/generate';
import { detectEmbeddedSpeech } from '#api/services/speech/index';
import type { Heard, Speech } from '#api/services/speech/types';
import { encodeWav, streamingWavHeader } from '#api/services/speech/wav';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { openAllWeek, phoneSystem, randomUkMobile, setBusinessSettings } from '#tests/support/inbound-fixtures';

/**
 * A recogniser unsure of what it heard must not have the assistant answer, escalate or make
 * an owner question of it: the caller is asked to say it again, on every voice path (a voice
 * conversation's update-voice and a spoken call through the simulator). A fake recogniser
 * makes the confidence exact; the real one (espeak-ng speaks gibberish, pocketsphinx hears it
 * with the business's language model) runs when installed.
 */
const heard: Heard = { text: 'ha giang where the unique', confidence: 0.02 };
const fakeSpeech: Speech = {
  stt: {
    name: 'fake',
    async transcribe() {
      return heard.text;
    },
    async hear() {
      return { ...heard };
    },
  },
  tts: {
    name: 'fake',
    async *speak(text) {
      yield streamingWavHeader(16_000);
      for await (const chunk of text) yield new Uint8Array(chunk.length * 2);
    },
  },
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ speech: fakeSpeech });
});
afterEach(async () => {
  await waitForReplies(h.deps);
  Object.assign(heard, { text: 'ha giang where the unique', confidence: 0.02 });
});
afterAll(async () => {
  await h.close();
});

const TONE = encodeWav(Int16Array.from({ length: 16_000 }, (_, index) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * index) / 16_000))), 16_000);

async function post(harness: Harness, url: string, token: string, audio: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('audio', new File([new Uint8Array(audio)], 'recording.wav', { type: 'audio/wav' }));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await harness.request(url, { method: 'POST', headers: { accept: 'application/json', authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

async function ownerWork(harness: Harness, b: string) {
  const questions = await harness.deps.db.select().from(memories).where(and(eq(memories.businessId, b), eq(memories.type, 'question')));
  const tasks = await harness.deps.db.select().from(timelineItems).where(and(eq(timelineItems.businessId, b), eq(timelineItems.type, 'note')));
  return { questions: questions.length, tasks: tasks.length };
}

async function voiceConversation(harness: Harness) {
  const owner = await harness.signUpWithBusiness({ business: { name: 'Rossi Cakes' } });
  const b = owner.business._id as string;
  const created = await harness.call(`businesses/conversations/${b}/create`, { channel: 'voice' }, owner.token);
  return { owner, b, id: created.body.data.conversation.id as string };
}

describe('a voice turn the recogniser is unsure of', () => {
  it('update-voice: the assistant asks to hear it again, and no owner question or task is made', async () => {
    const { owner, b, id } = await voiceConversation(h);
    const result = await post(h, `businesses/conversations/${b}/update-voice/${id}`, owner.token, TONE);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.transcript).toBe('ha giang where the unique');
    const [question, reply] = result.body.data.messages;
    expect(question).toMatchObject({ role: 'user', content: 'ha giang where the unique', from_voice: true });
    expect(reply).toMatchObject({ role: 'assistant', status: 'complete', content: SAY_AGAIN });
    expect(await ownerWork(h, b)).toEqual({ questions: 0, tasks: 0 });
  });

  it('update-voice: a confident transcript is answered as before', async () => {
    Object.assign(heard, { text: 'Do you sell wedding cakes on the moon?', confidence: 0.9 });
    const { owner, b, id } = await voiceConversation(h);
    const result = await post(h, `businesses/conversations/${b}/update-voice/${id}`, owner.token, TONE);
    expect(result.status).toBe(200);
    expect(result.body.data.messages[1].content).not.toBe(SAY_AGAIN);
    expect((await ownerWork(h, b)).questions).toBe(1);
  });

  it('a spoken call through the simulator: the caller hears "say it again", and no owner question or task is made', async () => {
    const { owner, b, system } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: openAllWeek() });
    const result = await post(h, `businesses/systems/${b}/settings/${system._id}/simulate-voice`, owner.token, TONE, { kind: 'call', from: randomUkMobile() });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const lines: { speaker: string; text: string }[] = result.body.data.transcript;
    const callerAt = lines.findIndex((line) => line.speaker === 'caller');
    expect(lines[callerAt + 1]).toEqual({ speaker: 'assistant', text: SAY_AGAIN });
    expect(await ownerWork(h, b)).toEqual({ questions: 0, tasks: 0 });
  });
});

describe('the real recogniser with the business language model', () => {
  it('asks for gibberish again rather than making an owner question of it', async (context) => {
    const speech = await detectEmbeddedSpeech();
    if (!speech.stt || !speech.tts) context.skip();
    const real = await createHarness({ speech });
    try {
      const { owner, b, id } = await voiceConversation(real);
      const gibberish = await speakToWav16k('Blorf zingawock, pemmle trask oovoo glibbet snarn?', { voice: 'en-gb' });
      const result = await post(real, `businesses/conversations/${b}/update-voice/${id}`, owner.token, gibberish);
      // Either nothing recognisable was heard at all (422), or the caller is asked to repeat.
      if (result.status !== 422) {
        expect(result.status, JSON.stringify(result.body)).toBe(200);
        expect(result.body.data.messages[1].content).toBe(SAY_AGAIN);
      }
      expect(await ownerWork(real, b)).toEqual({ questions: 0, tasks: 0 });
    } finally {
      await real.close();
    }
  }, 60_000);
});
