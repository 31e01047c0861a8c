import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systems } from '#api/db/schema';
import { handleCallStatus, handleRecording } from '#api/features/systems/call-outcome';
import { handleConnect, handleDialDone, handleGather, handleVoice } from '#api/features/systems/inbound-call';
import { createMemoryStorage } from '#api/services/storage';
import { createCall } from '#api/features/timeline/service';
import type { Harness } from '#tests/support/api-harness';
import { inboundCallHarness, WAV } from '#tests/support/inbound-call-harness';
import { formatPhoneNumber } from '#contract/phone';
import {
  callParams,
  closedAllWeek,
  eventsOf,
  expectValidTwiml,
  itemsByExternalId,
  notificationsOf,
  phoneSystem,
  randomUkMobile,
  saidIn,
  setBusinessSettings,
  setSystemSettings,
  sid,
  systemRow,
  verbNames,
} from '#tests/support/inbound-fixtures';

/**
 * Inbound calls that end without the assistant: a voicemail (closed, or a transfer nobody
 * answered), the team's notifications, bad or repeated webhooks, and the mobile forwarding
 * test. The answered and transferred calls are inbound-calls-are-answered-transferred-recorded-and-summarised.
 */
let h: Harness;
let filesDir: string;
const { expectPlayable, callRow } = inboundCallHarness('inbound-voicemail-', (harness, dir) => {
  h = harness;
  filesDir = dir;
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
