import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SAY_IT_ANOTHER_WAY } from '#api/services/assistant/second-hearing';
import { waitForReplies } from '#api/services/assistant/turns';
import { SAY_AGAIN } from '#api/services/speech/confidence';
import { speakToWav16k } from '#api/services/speech/generate';
import type { Heard, Speech } from '#api/services/speech/types';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  TONE,
  fakeTts,
  ownerRecords,
  postAudio,
  simulatedSpokenCall,
  voiceConversation,
  withRealSpeech,
} from '#tests/support/spoken-audio';
import { openAllWeek, phoneSystem, randomUkMobile, setBusinessSettings } from '#tests/support/inbound-fixtures';

/**
 * The embedded recogniser can be sure of words the caller never said, so a question it heard
 * that the assistant cannot answer is not put to the owner on the first hearing: the caller
 * is asked to say it another way, and only a second unanswerable turn is recorded. A fake
 * embedded recogniser makes the transcripts and their confidence exact (confident, so the
 * "say it again" check lets them through); text chat, SMS and a sure telephony transcript
 * still escalate at once.
 */
const heard: Heard = { text: '', confidence: 0.9 };
const embeddedSpeech: Speech = {
  stt: {
    name: 'fake-embedded',
    embedded: true,
    async transcribe() {
      return heard.text;
    },
    async hear() {
      return { ...heard };
    },
  },
  tts: fakeTts,
};

const UNKNOWABLE = 'Do you sell wedding cakes on the moon?';
const UNKNOWABLE_AGAIN = 'Can I get a wedding cake delivered to the moon?';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ speech: embeddedSpeech });
});
afterEach(async () => {
  await waitForReplies(h.deps);
});
afterAll(async () => {
  await h.close();
});

const post = postAudio;

async function ownerWork(harness: Harness, b: string) {
  const { questions, tasks } = await ownerRecords(harness, b);
  return { questions: questions.map((row) => row.content), tasks: tasks.length };
}

async function say(harness: Harness, where: { owner: { token: string }; b: string; id: string }, text: string) {
  heard.text = text;
  const result = await post(
    harness,
    `businesses/conversations/${where.b}/update-voice/${where.id}`,
    where.owner.token,
    TONE,
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.messages.at(-1) as { role: string; content: string; actions?: { type: string }[] };
}

describe('an unanswerable question heard by the embedded recogniser', () => {
  it('update-voice: the first hearing asks the caller to say it another way and records nothing', async () => {
    const where = await voiceConversation(h);
    const reply = await say(h, where, UNKNOWABLE);
    expect(reply).toMatchObject({ role: 'assistant', content: SAY_IT_ANOTHER_WAY });
    expect(reply.actions ?? []).toEqual([]);
    expect(await ownerWork(h, where.b)).toEqual({ questions: [], tasks: 0 });
  });

  it('update-voice: a second unanswerable turn records one question, in its second wording', async () => {
    const where = await voiceConversation(h);
    await say(h, where, UNKNOWABLE);
    const second = await say(h, where, UNKNOWABLE_AGAIN);
    expect(second.content).not.toBe(SAY_IT_ANOTHER_WAY);
    expect((second.actions ?? []).map((action) => action.type)).toContain('question_recorded');
    expect(await ownerWork(h, where.b)).toEqual({ questions: [UNKNOWABLE_AGAIN], tasks: 1 });
  });

  it('update-voice: a second hearing that does not agree with the first (a garble, not the same question) is asked for again and records nothing', async () => {
    const where = await voiceConversation(h);
    await say(h, where, 'When are you like to?');
    const second = await say(h, where, 'Ha giang where the unique');
    expect(second.content).toBe(SAY_IT_ANOTHER_WAY);
    expect(await ownerWork(h, where.b)).toEqual({ questions: [], tasks: 0 });
    // The third hearing is compared with the second.
    const third = await say(h, where, 'Do you sell a giang unique?');
    expect(third.content).not.toBe(SAY_IT_ANOTHER_WAY);
    expect(await ownerWork(h, where.b)).toEqual({ questions: ['Do you sell a giang unique?'], tasks: 1 });
  });

  it('update-voice: a turn answered after the request to say it another way records nothing, and the next unanswerable one is heard twice again', async () => {
    const where = await voiceConversation(h);
    await say(h, where, UNKNOWABLE);
    const answered = await say(h, where, 'Hello');
    expect(answered.content).not.toBe(SAY_IT_ANOTHER_WAY);
    expect(await ownerWork(h, where.b)).toEqual({ questions: [], tasks: 0 });
    const again = await say(h, where, UNKNOWABLE_AGAIN);
    expect(again.content).toBe(SAY_IT_ANOTHER_WAY);
    expect(await ownerWork(h, where.b)).toEqual({ questions: [], tasks: 0 });
  });

  it('a spoken call through the simulator: the caller is asked to say it another way, and no owner question or task is made', async () => {
    heard.text = UNKNOWABLE;
    const { b, afterCaller } = await simulatedSpokenCall(h);
    expect(afterCaller).toEqual({ speaker: 'assistant', text: SAY_IT_ANOTHER_WAY });
    expect(await ownerWork(h, b)).toEqual({ questions: [], tasks: 0 });
  });
});

describe('what is not heard by the embedded recogniser escalates at once', () => {
  it('a text chat message', async () => {
    const owner = await h.signUpWithBusiness({ business: { name: 'Rossi Cakes' } });
    const b = owner.business._id as string;
    const id = (await h.call(`businesses/conversations/${b}/create`, {}, owner.token)).body.data.conversation.id;
    await h.call(`businesses/conversations/${b}/update/${id}`, { message: UNKNOWABLE }, owner.token);
    await waitForReplies(h.deps);
    expect(await ownerWork(h, b)).toEqual({ questions: [UNKNOWABLE], tasks: 1 });
  });

  it('an SMS, and a call whose telephony speech result is sure (the typed simulator)', async () => {
    const { owner, b, system } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: openAllWeek() });
    const simulate = (body: unknown) =>
      h.call(`businesses/systems/${b}/settings/${system._id}/simulate`, body, owner.token);
    expect((await simulate({ kind: 'sms', from: randomUkMobile(), says: UNKNOWABLE })).status).toBe(200);
    expect((await ownerWork(h, b)).questions).toEqual([UNKNOWABLE]);
    const call = await simulate({ kind: 'call', from: randomUkMobile(), says: 'Do you deliver to Mars?' });
    expect(call.status).toBe(200);
    expect(JSON.stringify(call.body.data.transcript)).not.toContain(SAY_IT_ANOTHER_WAY);
    expect((await ownerWork(h, b)).questions).toContain('Do you deliver to Mars?');
  });
});

describe('the real recogniser', () => {
  it('puts no spoken question to the owner on its first hearing', async (context) => {
    await withRealSpeech(context, async (real) => {
      const { owner, b, id } = await voiceConversation(real);
      const audio = await speakToWav16k(UNKNOWABLE, { voice: 'en-gb' });
      const result = await post(real, `businesses/conversations/${b}/update-voice/${id}`, owner.token, audio);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      // Heard unsurely: "say it again"; heard surely but unanswerable: "say it another way"; either way nothing for the owner yet.
      expect([SAY_AGAIN, SAY_IT_ANOTHER_WAY]).toContain(result.body.data.messages.at(-1).content);
      expect(await ownerWork(real, b)).toEqual({ questions: [], tasks: 0 });
    });
  }, 60_000);
});
