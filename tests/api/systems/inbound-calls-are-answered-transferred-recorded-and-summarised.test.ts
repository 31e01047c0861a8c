import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, customers } from '#api/db/schema';
import { handleCallStatus, handleRecording } from '#api/features/systems/call-outcome';
import { handleDialDone, handleGather, handleVoice } from '#api/features/systems/inbound-call';
import { webhookUrls } from '#api/features/systems/store';
import type { Harness } from '#tests/support/api-harness';
import { inboundCallHarness } from '#tests/support/inbound-call-harness';
import {
  callParams,
  eventsOf,
  expectValidTwiml,
  itemsByExternalId,
  notificationsOf,
  openAllWeek,
  phoneSystem,
  randomUkMobile,
  saidIn,
  setBusinessSettings,
  setSystemSettings,
  systemRow,
  verbNames,
} from '#tests/support/inbound-fixtures';

let h: Harness;
const { callRow } = inboundCallHarness('inbound-calls-', (harness) => (h = harness));

describe('a call the assistant answers', () => {
  it('is greeted, each thing said is answered with <Say> and another speech <Gather> (valid TwiML), and ends with a transcript and summary', async () => {
    const { owner, b, system, row } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: openAllWeek() });
    const from = randomUkMobile();
    const params = callParams(system, from);
    const urls = webhookUrls(h.deps, system._id);

    const greeting = await handleVoice(h.deps, row, params);
    const verbs = expectValidTwiml(greeting);
    expect(verbs.map((verb) => verb.name)).toEqual(['Gather', 'Say', 'Redirect']);
    expect(verbs[0].attrs).toMatchObject({
      input: 'speech',
      action: urls.gather,
      method: 'POST',
      speechTimeout: 'auto',
      language: 'en-GB',
    });
    expect(saidIn(greeting)).toContain(owner.business.name);

    const call = await callRow(b, params.CallSid);
    expect(call).toMatchObject({
      type: 'call',
      direction: 'inbound',
      status: 'in_progress',
      from,
      to: system.phone_number,
      systemId: system._id,
      phonesFound: [from],
    });
    const [caller] = await h.deps.db.select().from(customers).where(eq(customers.id, call.customerId!));
    expect(caller.phones).toEqual([from]);
    const conversationId = (call.details as { conversation_id: string }).conversation_id;
    const [conversation] = await h.deps.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(conversation).toMatchObject({ channel: 'call', customerId: caller.id, businessId: b });

    const answer = await handleGather(h.deps, row, {
      ...params,
      CallStatus: 'in-progress',
      SpeechResult: 'What are your opening hours?',
    });
    expect(verbNames(answer)).toEqual(['Gather', 'Say', 'Redirect']);
    expect(saidIn(answer)).toMatch(/9am|midnight|open/i);

    const goodbye = await handleGather(h.deps, row, {
      ...params,
      CallStatus: 'in-progress',
      SpeechResult: "That's all, thanks. Bye!",
    });
    expect(verbNames(goodbye)).toEqual(['Say', 'Hangup']);

    await handleCallStatus(h.deps, row, { ...params, CallStatus: 'completed', CallDuration: '47' });
    const ended = await callRow(b, params.CallSid);
    const details = ended.details as Record<string, string | number>;
    expect(ended.status).toBe('completed');
    expect(details.duration_seconds).toBe(47);
    expect(details.transcript).toMatch(
      /^Assistant: .+\nCaller: What are your opening hours\?\nAssistant: .+\nCaller: That's all, thanks\. Bye!\nAssistant: .+$/,
    );
    expect(details.summary).toContain('What are your opening hours?');
    expect(details.summary_by).toBe('built-in');

    const names = (await eventsOf(h, system._id)).map((event) => `${event.name}:${event.outcome}`);
    expect(names).toEqual(expect.arrayContaining(['voice.incoming:ok', 'voice.gather:ok', 'call.status:ok']));
    // The first call marks the telephony system's "try it" step.
    expect(((await systemRow(h, system._id)).setup as { first_call_at?: string }).first_call_at).toBeTruthy();
  });

  it('a retried voice webhook (same CallSid) answers the same TwiML and makes no second call, contact or conversation; a repeated final status changes nothing', async () => {
    const { b, system, row } = await phoneSystem(h);
    const from = randomUkMobile();
    const params = callParams(system, from);
    const first = await handleVoice(h.deps, row, params);
    const again = await handleVoice(h.deps, row, params);
    expect(again).toBe(first);
    // Two deliveries at the same moment still make one call.
    const racing = callParams(system, from);
    const [one, two] = await Promise.all([handleVoice(h.deps, row, racing), handleVoice(h.deps, row, racing)]);
    expectValidTwiml(one);
    expect(two).toBe(one);

    expect(await itemsByExternalId(h, b, params.CallSid)).toHaveLength(1);
    expect(await itemsByExternalId(h, b, racing.CallSid)).toHaveLength(1);
    const contacts = await h.deps.db.select().from(customers).where(eq(customers.businessId, b));
    expect(contacts.filter((contact) => contact.phones.includes(from))).toHaveLength(1);
    const live = await h.deps.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.businessId, b), eq(conversations.channel, 'call')));
    expect(live.filter((conversation) => !conversation.deletedAt)).toHaveLength(2);

    await handleGather(h.deps, row, { ...params, SpeechResult: 'Do you do boiler servicing?' });
    await handleCallStatus(h.deps, row, { ...params, CallStatus: 'completed', CallDuration: '20' });
    const before = await callRow(b, params.CallSid);
    const notified = (await notificationsOf(h, b)).length;
    await handleCallStatus(h.deps, row, { ...params, CallStatus: 'completed', CallDuration: '99' });
    const after = await callRow(b, params.CallSid);
    expect(after.details).toEqual(before.details);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect((await notificationsOf(h, b)).length).toBe(notified);
    const outcomes = (await eventsOf(h, system._id)).map((event) => `${event.name}:${event.outcome}`);
    expect(outcomes.filter((entry) => entry === 'voice.incoming:duplicate')).toHaveLength(2);
    expect(outcomes).toContain('call.status:duplicate');
  });

  it('a caller who says nothing twice is told goodbye and the call ends, as an abandoned call (they were answered)', async () => {
    const { b, system, row } = await phoneSystem(h);
    const params = callParams(system, randomUkMobile());
    await handleVoice(h.deps, row, params);
    const first = await handleGather(h.deps, row, { ...params, SpeechResult: '' });
    expect(verbNames(first)).toEqual(['Gather', 'Say', 'Redirect']);
    expect(saidIn(first)).toMatch(/didn't catch/);
    const second = await handleGather(h.deps, row, params);
    expect(verbNames(second)).toEqual(['Say', 'Hangup']);
    await handleCallStatus(h.deps, row, { ...params, CallStatus: 'completed' });
    expect((await callRow(b, params.CallSid)).status).toBe('abandoned');
  });
});

describe('transfers', () => {
  it('"can I speak to a person" puts the caller through to the system\'s transfer number from the business number; an answered transfer ends the call', async () => {
    const { owner, b, system } = await phoneSystem(h);
    const transfer = randomUkMobile();
    const row = await setSystemSettings(h, b, system._id, owner.token, { transfer_number: transfer });
    const params = callParams(system, randomUkMobile());
    await handleVoice(h.deps, row, params);
    const xml = await handleGather(h.deps, row, { ...params, SpeechResult: 'Can I speak to a person please?' });
    const verbs = expectValidTwiml(xml);
    expect(verbs.map((verb) => verb.name)).toEqual(['Say', 'Dial', 'Number']);
    expect(saidIn(xml)).toMatch(/Putting you through/);
    expect(verbs[1].attrs).toMatchObject({
      callerId: system.phone_number,
      action: webhookUrls(h.deps, system._id).dialDone,
      method: 'POST',
    });
    expect(verbs[2].children).toEqual([transfer]);

    const done = await handleDialDone(h.deps, row, { ...params, DialCallStatus: 'completed', DialCallDuration: '64' });
    expect(verbNames(done)).toEqual(['Hangup']);
    await handleCallStatus(h.deps, row, { ...params, CallStatus: 'completed', CallDuration: '90' });
    const call = await callRow(b, params.CallSid);
    expect(call.status).toBe('completed');
    expect(call.details).toMatchObject({
      transfer_to: transfer,
      transferred_to: transfer,
      transfer_status: 'completed',
    });
    expect((call.details as { transcript: string }).transcript).toContain('Caller: Can I speak to a person please?');
    expect((call.details as { summary: string }).summary).toContain(`Put through to ${transfer}`);
  });

  it("without a system transfer number the assistant's escalation phone is used; an unanswered transfer takes a voicemail", async () => {
    const { owner, b, system, row } = await phoneSystem(h);
    const escalation = randomUkMobile();
    await setBusinessSettings(h, b, owner.token, { assistant: { escalation_phone: escalation } });
    const params = callParams(system, randomUkMobile());
    await handleVoice(h.deps, row, params);
    const xml = await handleGather(h.deps, row, { ...params, SpeechResult: 'operator' });
    expect(expectValidTwiml(xml).find((verb) => verb.name === 'Number')?.children).toEqual([escalation]);

    const missed = await handleDialDone(h.deps, row, { ...params, DialCallStatus: 'no-answer' });
    const verbs = expectValidTwiml(missed);
    expect(verbs.map((verb) => verb.name)).toEqual(['Say', 'Record', 'Say', 'Hangup']);
    expect(verbs[1].attrs).toMatchObject({
      action: webhookUrls(h.deps, system._id).recording,
      maxLength: '120',
      transcribe: 'true',
    });
    await handleRecording(h.deps, row, {
      ...params,
      TranscriptionText: 'Please call me back about the leak.',
      TranscriptionStatus: 'completed',
    });
    await handleCallStatus(h.deps, row, { ...params, CallStatus: 'completed' });
    const call = await callRow(b, params.CallSid);
    expect(call.status).toBe('voicemail');
    expect(call.details).toMatchObject({
      transfer_status: 'no-answer',
      voicemail: true,
      voicemail_transcript: 'Please call me back about the leak.',
    });
    expect((call.details as { transcript: string }).transcript).toMatch(
      /Voicemail: Please call me back about the leak\.$/,
    );
  });

  it("with no transfer number the assistant's own reply stands and the call goes on", async () => {
    const { system, row } = await phoneSystem(h);
    const params = callParams(system, randomUkMobile());
    await handleVoice(h.deps, row, params);
    const xml = await handleGather(h.deps, row, { ...params, SpeechResult: 'Can I speak to a person please?' });
    expect(verbNames(xml)).toEqual(['Gather', 'Say', 'Redirect']);
    expect(saidIn(xml)).not.toMatch(/Putting you through/);
  });

  it('a question the assistant cannot answer puts the caller through when the system has a transfer number', async () => {
    const { owner, b, system } = await phoneSystem(h);
    const transfer = randomUkMobile();
    const row = await setSystemSettings(h, b, system._id, owner.token, { transfer_number: transfer });
    const params = callParams(system, randomUkMobile());
    await handleVoice(h.deps, row, params);
    const xml = await handleGather(h.deps, row, {
      ...params,
      SpeechResult: 'Do you sell gift vouchers for birthdays?',
    });
    const verbs = expectValidTwiml(xml);
    expect(verbs.map((verb) => verb.name)).toEqual(['Say', 'Dial', 'Number']);
    expect(saidIn(xml)).toMatch(/someone who can help/);
  });
});
