import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, customers, systems } from '#api/db/schema';
import { handleCallStatus, handleRecording } from '#api/services/systems/call-outcome';
import { handleConnect, handleDialDone, handleGather, handleVoice } from '#api/services/systems/inbound-call';
import { webhookUrls } from '#api/services/systems/store';
import { createMemoryStorage } from '#api/services/storage';
import { createCall } from '#api/services/timeline';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { formatPhoneNumber } from '#contract/phone';
import {
  callParams,
  closedAllWeek,
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
  sid,
  systemRow,
  verbNames,
} from '#tests/support/inbound-fixtures';

let h: Harness;
let filesDir: string;
const WAV = new Uint8Array([82, 73, 70, 70, 36, 0, 0, 0, 87, 65, 86, 69]);

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbound-calls-'));
  h = await createHarness({ filesDir });
  // The provider's recording download (Twilio: the RecordingUrl's WAV).
  h.deps.telephony = { ...h.deps.telephony, fetchRecording: async (url: string) => (url.includes('RE') ? WAV : null) };
});
afterAll(async () => {
  await h.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** The signed URL plays the stored WAV whole, and in ranges (what an <audio> element asks for to seek). */
async function expectPlayable(url: string) {
  const whole = await h.app.fetch(new Request(`http://api.test${url}`));
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('audio/wav');
  expect(whole.headers.get('cache-control')).toMatch(/^private/);
  expect(new Uint8Array(await whole.arrayBuffer())).toEqual(WAV);
  const part = await h.app.fetch(new Request(`http://api.test${url}`, { headers: { range: 'bytes=4-7' } }));
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 4-7/${WAV.length}`);
  expect(new Uint8Array(await part.arrayBuffer())).toEqual(WAV.subarray(4, 8));
}

async function callRow(b: string, callSid: string) {
  const [row] = await itemsByExternalId(h, b, callSid);
  return row;
}

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

describe('voicemail', () => {
  it('outside opening hours the caller hears the business is closed and leaves a voicemail: the WAV is stored, transcribed, summarised and notified', async () => {
    const { owner, b, system, row } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: closedAllWeek() });
    const from = randomUkMobile();
    const params = callParams(system, from);
    const xml = await handleVoice(h.deps, row, params);
    const verbs = expectValidTwiml(xml);
    expect(verbs.map((verb) => verb.name)).toEqual(['Say', 'Record', 'Say', 'Hangup']);
    expect(saidIn(xml)).toMatch(/closed at the moment/);
    expect(await handleVoice(h.deps, row, params)).toBe(xml);

    const recordingSid = sid('RE');
    await handleRecording(h.deps, row, {
      ...params,
      CallStatus: 'completed',
      RecordingSid: recordingSid,
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/${recordingSid}`,
      RecordingDuration: '9',
    });
    const call = await callRow(b, params.CallSid);
    expect(call.status).toBe('voicemail');
    expect(call.details).toMatchObject({
      recording: true,
      voicemail: true,
      recording_sid: recordingSid,
      recording_duration: 9,
    });
    // Through the storage, in the layout local files always had (backups and old files rely on it).
    expect(new Uint8Array(fs.readFileSync(path.join(filesDir, 'recordings', `${call.id}.wav`)))).toEqual(WAV);
    expect(fs.readFileSync(path.join(filesDir, 'recordings', `${call.id}.wav.type`), 'utf8')).toBe('audio/wav');
    expect(fs.readdirSync(path.join(filesDir, 'recordings')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const played = await h.call(`businesses/calls/${b}/recording/${call.id}`, undefined, owner.token);
    expect(played.status).toBe(200);
    await expectPlayable(played.body.data.url);

    await handleCallStatus(h.deps, row, { ...params, CallStatus: 'completed', CallDuration: '15' });
    // Twilio's transcription arrives after the call ended: transcript and summary follow it.
    await handleRecording(h.deps, row, {
      ...params,
      RecordingSid: recordingSid,
      TranscriptionText: 'Hi, it is about my boiler, please ring me.',
      TranscriptionStatus: 'completed',
    });
    const ended = await callRow(b, params.CallSid);
    expect(ended.status).toBe('voicemail');
    expect((ended.details as { transcript: string }).transcript).toContain(
      'Voicemail: Hi, it is about my boiler, please ring me.',
    );
    expect((ended.details as { summary: string }).summary).toContain('about my boiler');
    const [notice] = (await notificationsOf(h, b)).filter((row) => row.sourceId === call.id);
    expect(notice).toMatchObject({
      kind: 'voicemail',
      title: `Voicemail from ${formatPhoneNumber(from)}`,
      internalLink: `/dashboard/calls/${call.id}`,
      customerId: call.customerId,
    });
    // A repeated recording callback is a duplicate.
    await handleRecording(h.deps, row, {
      ...params,
      RecordingSid: recordingSid,
      TranscriptionText: 'Hi, it is about my boiler, please ring me.',
    });
    expect(
      (await eventsOf(h, system._id)).filter((event) => event.name === 'voice.recording').map((event) => event.outcome),
    ).toEqual(['ok', 'ok', 'duplicate']);
  });

  it('a recording that arrives after the final status turns the missed call into a voicemail and tells the team', async () => {
    const { owner, b, system, row } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: closedAllWeek() });
    const params = callParams(system, randomUkMobile());
    await handleVoice(h.deps, row, params);
    await handleCallStatus(h.deps, row, { ...params, CallStatus: 'completed', CallDuration: '30' });
    const call = await callRow(b, params.CallSid);
    expect(call.status).toBe('missed_call');
    await handleRecording(h.deps, row, {
      ...params,
      RecordingSid: sid('RE'),
      RecordingUrl: 'https://api.twilio.com/x/RE1',
      TranscriptionText: 'It is Sam about the invoice.',
    });
    const after = await callRow(b, params.CallSid);
    expect(after.status).toBe('voicemail');
    expect((after.details as { summary: string }).summary).toContain('about the invoice');
    const kinds = (await notificationsOf(h, b))
      .filter((notice) => notice.sourceId === call.id)
      .map((notice) => notice.kind);
    expect(kinds.sort()).toEqual(['missed_call', 'voicemail']);
  });

  it('without a files directory (storage in memory, or S3) the voicemail is still stored and plays through its signed URL', async () => {
    const saved = { storage: h.deps.storage, filesDir: h.deps.filesDir };
    const storage = createMemoryStorage();
    h.deps.storage = storage;
    h.deps.filesDir = undefined;
    try {
      const { owner, b, system, row } = await phoneSystem(h);
      await setBusinessSettings(h, b, owner.token, { opening_hours: closedAllWeek() });
      const params = callParams(system, randomUkMobile());
      await handleVoice(h.deps, row, params);
      const recordingSid = sid('RE');
      await handleRecording(h.deps, row, {
        ...params,
        RecordingSid: recordingSid,
        RecordingUrl: `https://api.twilio.com/x/${recordingSid}`,
      });
      const call = await callRow(b, params.CallSid);
      expect(call.details).toMatchObject({ recording: true, voicemail: true });
      expect(await storage.get(`recordings/${call.id}.wav`)).toEqual({ bytes: WAV, mimeType: 'audio/wav' });
      expect(fs.existsSync(path.join(filesDir, 'recordings', `${call.id}.wav`))).toBe(false);
      const played = await h.call(`businesses/calls/${b}/recording/${call.id}`, undefined, owner.token);
      expect(played.status, JSON.stringify(played.body)).toBe(200);
      await expectPlayable(played.body.data.url);
    } finally {
      Object.assign(h.deps, saved);
    }
  });

  it('with voicemail_when_closed off, a closed business still answers with the assistant', async () => {
    const { owner, b, system } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: closedAllWeek() });
    const row = await setSystemSettings(h, b, system._id, owner.token, { voicemail_when_closed: false });
    expect(verbNames(await handleVoice(h.deps, row, callParams(system, randomUkMobile())))).toEqual([
      'Gather',
      'Say',
      'Redirect',
    ]);
  });
});

describe('notifications', () => {
  it('members who may see calls are notified of an answered call, grouped by the caller; members without calls/view are not', async () => {
    const { b, system, row } = await phoneSystem(h);
    const viewer = await h.signUp();
    const outsider = await h.signUp();
    await h.addMember(b, viewer.user.id, ['calls/view']);
    await h.addMember(b, outsider.user.id, ['customers/view']);
    const from = randomUkMobile();
    const params = callParams(system, from);
    await handleVoice(h.deps, row, params);
    await handleGather(h.deps, row, { ...params, SpeechResult: 'Do you do emergency call outs at weekends?' });
    await handleCallStatus(h.deps, row, { ...params, CallStatus: 'completed' });
    const call = await callRow(b, params.CallSid);
    const rows = (await notificationsOf(h, b)).filter((notice) => notice.sourceId === call.id);
    expect(rows.map((notice) => notice.userId).sort()).toEqual([row.createdBy, viewer.user.id].sort());
    for (const notice of rows) {
      expect(notice).toMatchObject({
        kind: 'new_call',
        title: `Call from ${formatPhoneNumber(from)}`,
        customerId: call.customerId,
        internalLink: `/dashboard/calls/${call.id}`,
      });
      expect(notice.body).toContain('emergency call outs');
    }
    const listed = await h.call(`businesses/notifications/${b}/list-not-dismissed`, {}, viewer.token);
    expect(listed.body.data.notifications.map((notice: { title: string }) => notice.title)).toContain(
      `Call from ${formatPhoneNumber(from)}`,
    );
  });
});

describe('robustness', () => {
  it('bad input never throws: each handler answers safe TwiML (or nothing) and records a failed event', async () => {
    const { b, system, row } = await phoneSystem(h);
    for (const xml of [
      await handleVoice(h.deps, row, {}),
      await handleGather(h.deps, row, { CallSid: sid('CA'), SpeechResult: 'hello' }),
      await handleDialDone(h.deps, row, { CallSid: sid('CA'), DialCallStatus: 'completed' }),
      await handleConnect(h.deps, row, {}, 'not a number'),
    ]) {
      expect(verbNames(xml)).toEqual(['Say', 'Hangup']);
    }
    await expect(handleRecording(h.deps, row, { CallSid: sid('CA'), RecordingUrl: 'x' })).resolves.toBeUndefined();
    await expect(
      handleCallStatus(h.deps, row, { CallSid: sid('CA'), CallStatus: 'completed' }),
    ).resolves.toBeUndefined();
    await expect(handleVoice(h.deps, row, null as never)).resolves.toContain('<Hangup/>');
    const failed = (await eventsOf(h, system._id)).filter((event) => event.outcome === 'failed');
    expect(failed.map((event) => event.name).sort()).toEqual(
      [
        'call.status',
        'voice.connect',
        'voice.dial_done',
        'voice.gather',
        'voice.incoming',
        'voice.incoming',
        'voice.recording',
      ].sort(),
    );
    expect(failed.every((event) => event.error)).toBe(true);
    expect(await itemsByExternalId(h, b, '')).toHaveLength(0);
  });

  it('click-to-call connects the customer from the business number', async () => {
    const { system, row } = await phoneSystem(h);
    const to = randomUkMobile();
    const verbs = expectValidTwiml(
      await handleConnect(h.deps, row, { CallSid: sid('CA'), From: system.phone_number!, To: randomUkMobile() }, to),
    );
    expect(verbs.map((verb) => verb.name)).toEqual(['Dial', 'Number']);
    expect(verbs[0].attrs).toEqual({ callerId: system.phone_number });
    expect(verbs[1].children).toEqual([to]);
  });

  it('an outbound call (make-a-call) only takes its final status and duration', async () => {
    const { b, system, row } = await phoneSystem(h);
    const callSid = sid('CA');
    await createCall(h.deps, {
      businessId: b,
      direction: 'outbound',
      status: 'queued',
      from: system.phone_number,
      to: randomUkMobile(),
      externalId: callSid,
      systemId: system._id,
    });
    await handleCallStatus(h.deps, row, { CallSid: callSid, CallStatus: 'ringing', Direction: 'outbound-api' });
    expect((await callRow(b, callSid)).status).toBe('queued');
    await handleCallStatus(h.deps, row, {
      CallSid: callSid,
      CallStatus: 'no-answer',
      CallDuration: '0',
      Direction: 'outbound-api',
    });
    const call = await callRow(b, callSid);
    expect(call.status).toBe('no_answer');
    expect(call.details).toMatchObject({ duration_seconds: 0 });
    expect((await notificationsOf(h, b)).filter((notice) => notice.sourceId === call.id)).toHaveLength(0);
  });
});

describe('mobile forwarding', () => {
  it("the test call forwarded from the owner's mobile within 10 minutes marks the system verified and makes no call item", async () => {
    const { owner, b, system } = await phoneSystem(h, 'mobile');
    const mobile = randomUkMobile();
    await setSystemSettings(h, b, system._id, owner.token, { mobile_number: mobile });
    const started = new Date(h.clock.now().getTime() - 2 * 60 * 1000).toISOString();
    await h.deps.db
      .update(systems)
      .set({ setup: { forwarding_at: started, test_call_started_at: started } })
      .where(eq(systems.id, system._id));
    const row = await systemRow(h, system._id);
    const params = callParams(system, system.phone_number!, sid('CA'), { ForwardedFrom: mobile.replace('+', '') });
    const xml = await handleVoice(h.deps, row, params);
    expect(verbNames(xml)).toEqual(['Say', 'Hangup']);
    expect(saidIn(xml)).toMatch(/forwarding .* works/i);
    expect(await itemsByExternalId(h, b, params.CallSid)).toHaveLength(0);
    const verified = await systemRow(h, system._id);
    expect((verified.setup as { verified_at?: string }).verified_at).toBeTruthy();
    expect(verified.status).toBe('active');
    expect(
      h.events.some(
        (event) => JSON.stringify(event).includes('SystemUpdated') || JSON.stringify(event).includes(system._id),
      ),
    ).toBe(true);
    await handleCallStatus(h.deps, verified, { ...params, CallStatus: 'completed' });
    expect(
      (await eventsOf(h, system._id)).filter((event) => event.name === 'call.status').map((event) => event.outcome),
    ).toEqual(['ok']);
  });

  it('a forwarded call long after the test was placed is an ordinary call and verifies nothing', async () => {
    const { owner, b, system } = await phoneSystem(h, 'mobile');
    const mobile = randomUkMobile();
    await setSystemSettings(h, b, system._id, owner.token, { mobile_number: mobile });
    const started = new Date(h.clock.now().getTime() - 11 * 60 * 1000).toISOString();
    await h.deps.db
      .update(systems)
      .set({ setup: { test_call_started_at: started } })
      .where(eq(systems.id, system._id));
    const row = await systemRow(h, system._id);
    const params = callParams(system, randomUkMobile(), sid('CA'), { ForwardedFrom: mobile });
    expect(verbNames(await handleVoice(h.deps, row, params))).toEqual(['Gather', 'Say', 'Redirect']);
    expect(await itemsByExternalId(h, b, params.CallSid)).toHaveLength(1);
    expect(((await systemRow(h, system._id)).setup as { verified_at?: string }).verified_at).toBeUndefined();
  });
});
