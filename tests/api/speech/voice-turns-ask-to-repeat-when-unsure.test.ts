import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
  tts: fakeTts,
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

const post = postAudio;

async function ownerWork(harness: Harness, b: string) {
  const { questions, tasks } = await ownerRecords(harness, b);
  return { questions: questions.length, tasks: tasks.length };
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
    const { b, afterCaller } = await simulatedSpokenCall(h);
    expect(afterCaller).toEqual({ speaker: 'assistant', text: SAY_AGAIN });
    expect(await ownerWork(h, b)).toEqual({ questions: 0, tasks: 0 });
  });
});

describe('the real recogniser with the business language model', () => {
  it('asks for gibberish again rather than making an owner question of it', async (context) => {
    await withRealSpeech(context, async (real) => {
      const { owner, b, id } = await voiceConversation(real);
      const gibberish = await speakToWav16k('Blorf zingawock, pemmle trask oovoo glibbet snarn?', { voice: 'en-gb' });
      const result = await post(real, `businesses/conversations/${b}/update-voice/${id}`, owner.token, gibberish);
      // Either nothing recognisable was heard at all (422), or the caller is asked to repeat.
      if (result.status !== 422) {
        expect(result.status, JSON.stringify(result.body)).toBe(200);
        expect(result.body.data.messages[1].content).toBe(SAY_AGAIN);
      }
      expect(await ownerWork(real, b)).toEqual({ questions: 0, tasks: 0 });
    });
  }, 60_000);
});
