import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages } from '#api/db/schema';
import { handleCallStatus, handleRecording } from '#api/features/systems/call-outcome';
import { handleDialDone, handleGather, handleVoice } from '#api/features/systems/inbound-call';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  callParams,
  expectValidTwiml,
  itemsByExternalId,
  openAllWeek,
  phoneSystem,
  randomUkMobile,
  setBusinessSettings,
  setSystemSettings,
} from '#tests/support/inbound-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Each <Say> of a webhook's answer: what the caller heard, in order. */
const heardIn = (xml: string) =>
  expectValidTwiml(xml)
    .filter((verb) => verb.name === 'Say')
    .map((say) => say.children.join('').replace(/\s+/g, ' ').trim());

/** A call played through the webhooks, keeping every line the caller heard. */
async function playCall(system: Parameters<typeof callParams>[0], row: Parameters<typeof handleVoice>[1]) {
  const params = callParams(system, randomUkMobile());
  const heard: string[] = [];
  const hear = (xml: string) => {
    heard.push(...heardIn(xml));
    return xml;
  };
  hear(await handleVoice(h.deps, row, params));
  return {
    params,
    heard,
    say: async (speech: string) =>
      hear(await handleGather(h.deps, row, { ...params, CallStatus: 'in-progress', SpeechResult: speech })),
    dialDone: async (status: string) => hear(await handleDialDone(h.deps, row, { ...params, DialCallStatus: status })),
  };
}

async function saved(b: string, callSid: string) {
  const [call] = await itemsByExternalId(h, b, callSid);
  const details = call.details as { transcript: string; conversation_id: string };
  const messages = await h.deps.db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, details.conversation_id))
    .orderBy(conversationMessages.createdAt);
  return {
    transcriptLines: details.transcript
      .split('\n')
      .filter((line) => line.startsWith('Assistant: '))
      .map((line) => line.slice('Assistant: '.length)),
    transcript: details.transcript,
    assistantMessages: messages.filter((message) => message.role === 'assistant').map((message) => message.content),
  };
}

describe('a call’s saved transcript is what the caller heard', () => {
  it('a question the assistant cannot answer, put through to a person: the transcript says "Let me put you through", and the unanswered transfer’s voicemail prompt too', async () => {
    const { owner, b, system } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: openAllWeek() });
    const row = await setSystemSettings(h, b, system._id, owner.token, { transfer_number: randomUkMobile() });
    const call = await playCall(system, row);
    const xml = await call.say('Do you sell gift vouchers for birthdays?');
    expect(expectValidTwiml(xml).map((verb) => verb.name)).toContain('Dial');
    await call.dialDone('no-answer');
    await handleRecording(h.deps, row, {
      ...call.params,
      TranscriptionText: 'It is about gift vouchers, call me back.',
      TranscriptionStatus: 'completed',
    });
    await handleCallStatus(h.deps, row, { ...call.params, CallStatus: 'completed' });

    const { transcriptLines, transcript, assistantMessages } = await saved(b, call.params.CallSid);
    // The greeting, the transfer line, the voicemail prompt (the Record's "nothing said" line follows a recording only when there is none).
    const expected = call.heard.filter((line) => !/didn't get your message/.test(line));
    expect(transcriptLines).toEqual(expected);
    expect(transcript).toMatch(/Let me put you through/);
    expect(transcript).not.toMatch(/not sure|passed (it|your question) to the team/i);
    expect(assistantMessages).toEqual(expected.slice(1));
  });

  it('the "didn’t catch that" prompts, the goodbye to a silent caller and every answer are stored as said', async () => {
    const { owner, b, system, row } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: openAllWeek() });
    const call = await playCall(system, row);
    await call.say('');
    await call.say('What are your opening hours?');
    await call.say('');
    await call.say('');
    await handleCallStatus(h.deps, row, { ...call.params, CallStatus: 'completed' });

    const { transcriptLines, assistantMessages } = await saved(b, call.params.CallSid);
    expect(call.heard.filter((line) => /didn't catch/i.test(line))).toHaveLength(2);
    expect(call.heard.at(-1)).toMatch(/end the call/);
    expect(transcriptLines).toEqual(call.heard);
    expect(assistantMessages).toEqual(call.heard.slice(1));
  });
});
