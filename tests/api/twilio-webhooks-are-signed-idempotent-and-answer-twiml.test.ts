import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemEvents, timelineItems } from '#api/db/schema';
import { createTwilioTelephony } from '#api/services/telephony/twilio';
import { parseTwiml, twimlVerbs, type TwimlNode } from '#api/services/systems/twiml';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { basicAuth, createTwilioMock, signedWebhookInit, uniqueUsNumber } from '#tests/support/twilio-mock';

/**
 * Twilio's webhooks: signed with the SDK's own algorithm over the PUBLIC_URL-based URL,
 * refused (403, a 'refused' event, nothing created) when unsigned or wrongly signed,
 * idempotent when Twilio retries, and answering well-formed TwiML as text/xml.
 */
const ACCOUNT_SID = `AC${'b2'.repeat(16)}`;
const AUTH_TOKEN = 'twilio-webhook-auth-token-3c4d5e';
const rest = createTwilioMock(ACCOUNT_SID);
const server = setupServer(...rest.handlers);

let h: Harness;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'twilio-webhooks-'));
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  h = await createHarness({
    telephony: createTwilioTelephony({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN }),
    twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN },
    filesDir,
  });
});
afterEach(() => rest.reset());
afterAll(async () => {
  server.close();
  await h.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** Where the local storage keeps a call's recording (the layout DATA_DIR/files always had). */
const recordingFile = (callId: string) => path.join(filesDir, 'recordings', `${callId}.wav`);

/** A live telephony system on a Twilio number (bought through the mocked REST API). */
async function liveSystem() {
  const owner = await h.signUpWithBusiness();
  const businessId = owner.business._id as string;
  const created = await h.call(`businesses/systems/${businessId}/create`, { name: 'telephony' }, owner.token);
  const phone = uniqueUsNumber();
  const bought = await h.call(
    `businesses/purchase-number/${businessId}`,
    { phone_number: phone, system_id: created.body.data.system._id },
    owner.token,
  );
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  rest.reset();
  return { owner, businessId, systemId: created.body.data.system._id as string, phone };
}

const publicUrl = (systemId: string, path: string) => `http://app.test/api/v1/webhooks/twilio/${systemId}/${path}`;

/** POST a webhook the way Twilio does: to this server (http://api.test), signed over PUBLIC_URL (http://app.test). */
function webhook(
  harness: Harness,
  systemId: string,
  path: string,
  params: Record<string, string>,
  signature: 'valid' | 'wrong' | 'none' = 'valid',
  signedUrl = publicUrl(systemId, path),
) {
  return harness.request(
    `webhooks/twilio/${systemId}/${path}`,
    signedWebhookInit(AUTH_TOKEN, signedUrl, params, signature),
  );
}

async function twimlOf(response: Response): Promise<{ root: TwimlNode; verbs: TwimlNode[]; xml: string }> {
  const xml = await response.text();
  expect(response.status, xml).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
  const root = parseTwiml(xml);
  expect(root.name).toBe('Response');
  return { root, verbs: twimlVerbs(xml), xml };
}

/** Depth-first: every element of a TwiML tree. */
function elements(node: TwimlNode): TwimlNode[] {
  return [node, ...node.children.flatMap((child) => (typeof child === 'string' ? [] : elements(child)))];
}

async function itemsOf(businessId: string, externalId: string) {
  return h.database.db
    .select()
    .from(timelineItems)
    .where(and(eq(timelineItems.businessId, businessId), eq(timelineItems.externalId, externalId)));
}

async function eventsOf(systemId: string) {
  return h.database.db.select().from(systemEvents).where(eq(systemEvents.systemId, systemId));
}

const sid = (prefix: string) => `${prefix}${crypto.randomUUID().replace(/-/g, '')}`;

const callParams = (system: { phone: string }, callSid: string, extra: Record<string, string> = {}) => ({
  AccountSid: ACCOUNT_SID,
  CallSid: callSid,
  From: '+14155550123',
  To: system.phone,
  CallStatus: 'ringing',
  Direction: 'inbound',
  ApiVersion: '2010-04-01',
  ...extra,
});

describe('Twilio webhook signatures', () => {
  it('refuses an unsigned or wrongly signed webhook with 403, records it, and creates nothing', async () => {
    const system = await liveSystem();
    const callSid = sid('CA');

    const unsigned = await webhook(h, system.systemId, 'voice', callParams(system, callSid), 'none');
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('content-type')).toMatch(/^text\/plain/);
    const wrong = await webhook(h, system.systemId, 'voice', callParams(system, callSid), 'wrong');
    expect(wrong.status).toBe(403);
    const smsSid = sid('SM');
    const wrongSms = await webhook(
      h,
      system.systemId,
      'sms',
      { MessageSid: smsSid, From: '+14155550123', To: system.phone, Body: 'Hello?' },
      'wrong',
    );
    expect(wrongSms.status).toBe(403);

    expect(await itemsOf(system.businessId, callSid)).toEqual([]);
    expect(await itemsOf(system.businessId, smsSid)).toEqual([]);
    const refused = (await eventsOf(system.systemId)).filter((event) => event.outcome === 'refused');
    expect(refused.map((event) => event.name).sort()).toEqual(['sms.incoming', 'voice.incoming', 'voice.incoming']);
    expect(refused.map((event) => event.error).join(' ')).toMatch(/X-Twilio-Signature/);
    expect(JSON.stringify(refused)).not.toContain(AUTH_TOKEN);

    // Through the v1 call as well: the owner sees the refusals in the system's events.
    const listed = await h.call(
      `businesses/systems/${system.businessId}/list-events/${system.systemId}`,
      { limit: 20 },
      system.owner.token,
    );
    expect(listed.body.data.events.filter((event: { outcome: string }) => event.outcome === 'refused')).toHaveLength(3);
    // Nothing reached Twilio (no reply SMS, no call).
    expect(rest.requests).toEqual([]);
  });

  it('records at most 20 refusals a minute per system, so forged requests cannot fill the log', async () => {
    const system = await liveSystem();
    for (let index = 0; index < 25; index += 1) {
      const response = await webhook(
        h,
        system.systemId,
        'sms',
        { MessageSid: sid('SM'), From: '+14155550123', Body: 'spam' },
        'none',
      );
      expect(response.status).toBe(403);
    }
    const refused = (await eventsOf(system.systemId)).filter((event) => event.outcome === 'refused');
    expect(refused).toHaveLength(20);
  });

  it('checks the signature against PUBLIC_URL, not the address the request arrived at', async () => {
    const system = await liveSystem();
    const callSid = sid('CA');
    const response = await webhook(
      h,
      system.systemId,
      'voice',
      callParams(system, callSid),
      'valid',
      `http://api.test/api/v1/webhooks/twilio/${system.systemId}/voice`,
    );
    expect(response.status).toBe(403);
    expect(await itemsOf(system.businessId, callSid)).toEqual([]);
  });

  it('refuses a signature made for other parameters (a changed From)', async () => {
    const system = await liveSystem();
    const callSid = sid('CA');
    const init = signedWebhookInit(AUTH_TOKEN, publicUrl(system.systemId, 'voice'), callParams(system, callSid));
    const tampered = {
      ...init,
      body: new URLSearchParams(callParams(system, callSid, { From: '+14155550999' })).toString(),
    };
    const response = await h.request(`webhooks/twilio/${system.systemId}/voice`, tampered);
    expect(response.status).toBe(403);
  });

  it('answers 404 for a system that does not exist or was deleted', async () => {
    const missing = await webhook(h, 'no-such-system', 'voice', { CallSid: sid('CA') });
    expect(missing.status).toBe(404);

    const system = await liveSystem();
    const deleted = await h.call(
      `businesses/systems/${system.businessId}/delete/${system.systemId}`,
      undefined,
      system.owner.token,
    );
    expect(deleted.status).toBe(200);
    const response = await webhook(h, system.systemId, 'voice', callParams(system, sid('CA')));
    expect(response.status).toBe(404);
  });

  it('refuses every webhook when the server has no Twilio credentials (the sandbox never uses them)', async () => {
    const sandbox = await createHarness();
    try {
      const owner = await sandbox.signUpWithBusiness();
      const created = await sandbox.call(
        `businesses/systems/${owner.business._id}/create`,
        { name: 'telephony' },
        owner.token,
      );
      const systemId = created.body.data.system._id as string;
      for (const path of [
        'voice',
        'voice/gather',
        'voice/dial-done',
        'voice/recording',
        'voice/connect',
        'sms',
        'status',
      ]) {
        const response = await webhook(sandbox, systemId, path, {
          CallSid: sid('CA'),
          MessageSid: sid('SM'),
          From: '+14155550123',
        });
        expect(response.status, path).toBe(403);
      }
      const events = await sandbox.call(
        `businesses/systems/${owner.business._id}/list-events/${systemId}`,
        { limit: 20 },
        owner.token,
      );
      const refused = events.body.data.events.filter((event: { outcome: string }) => event.outcome === 'refused');
      expect(refused).toHaveLength(7);
      expect(refused[0].error).toMatch(/Twilio is not configured/);
    } finally {
      await sandbox.close();
    }
  });
});

describe('Twilio voice, SMS and status webhooks', () => {
  it('answers a call with a speech gather that posts back to the gather webhook, and each turn with TwiML', async () => {
    const system = await liveSystem();
    // Open or closed, the assistant answers (no voicemail-when-closed for this test).
    const set = await h.call(
      `businesses/systems/${system.businessId}/settings/${system.systemId}/set`,
      { configurations: { data: { settings: { voicemail_when_closed: false } } } },
      system.owner.token,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const callSid = sid('CA');

    const answered = await twimlOf(await webhook(h, system.systemId, 'voice', callParams(system, callSid)));
    const gathers = elements(answered.root).filter((node) => node.name === 'Gather');
    expect(gathers, answered.xml).toHaveLength(1);
    expect(gathers[0].attrs).toMatchObject({ input: 'speech', action: publicUrl(system.systemId, 'voice/gather') });

    const turn = await twimlOf(
      await webhook(
        h,
        system.systemId,
        'voice/gather',
        callParams(system, callSid, {
          CallStatus: 'in-progress',
          SpeechResult: 'What time do you open tomorrow?',
          Confidence: '0.92',
        }),
      ),
    );
    expect(
      elements(turn.root).some((node) => node.name === 'Say'),
      turn.xml,
    ).toBe(true);

    const [call] = await itemsOf(system.businessId, callSid);
    expect(call).toMatchObject({
      type: 'call',
      direction: 'inbound',
      from: '+14155550123',
      to: system.phone,
      systemId: system.systemId,
    });
  });

  it('creates one call item when Twilio retries the same CallSid', async () => {
    const system = await liveSystem();
    const callSid = sid('CA');
    await twimlOf(await webhook(h, system.systemId, 'voice', callParams(system, callSid)));
    await twimlOf(await webhook(h, system.systemId, 'voice', callParams(system, callSid)));
    expect(await itemsOf(system.businessId, callSid)).toHaveLength(1);
  });

  it('creates one SMS item when Twilio retries the same MessageSid, and replies once through Twilio', async () => {
    const system = await liveSystem();
    const messageSid = sid('SM');
    const params = {
      AccountSid: ACCOUNT_SID,
      MessageSid: messageSid,
      SmsSid: messageSid,
      From: '+14155550123',
      To: system.phone,
      Body: 'Are you open on Sunday?',
      NumMedia: '0',
    };

    const first = await twimlOf(await webhook(h, system.systemId, 'sms', params));
    const second = await twimlOf(await webhook(h, system.systemId, 'sms', params));
    expect(first.verbs.filter((verb) => verb.name === 'Message')).toEqual([]);
    expect(second.verbs).toEqual([]);

    const items = await itemsOf(system.businessId, messageSid);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'sms', direction: 'inbound', body: 'Are you open on Sunday?' });
    // The assistant's reply (sms_auto_reply is on by default) goes out once through the REST
    // API, from the business number, and is recorded as an outbound SMS under Twilio's sid.
    const replies = rest.to('messages');
    expect(replies).toHaveLength(1);
    expect(replies[0].form.get('To')).toBe('+14155550123');
    expect(replies[0].form.get('From')).toBe(system.phone);
    expect(replies[0].form.get('Body')).toBeTruthy();
    expect(replies[0].form.get('StatusCallback')).toBe(publicUrl(system.systemId, 'status'));
    const outbound = await h.database.db
      .select()
      .from(timelineItems)
      .where(
        and(
          eq(timelineItems.systemId, system.systemId),
          eq(timelineItems.type, 'sms'),
          eq(timelineItems.direction, 'outbound'),
        ),
      );
    expect(outbound).toHaveLength(1);
    expect(outbound[0]).toMatchObject({
      body: replies[0].form.get('Body'),
      to: '+14155550123',
      externalId: expect.stringMatching(/^SM/),
    });
  });

  it('follows an SMS it sent through its status callbacks, never backwards', async () => {
    const system = await liveSystem();
    const sent = await h.call(
      `businesses/systems/${system.businessId}/settings/${system.systemId}/send-a-message`,
      { to: '+14155550123', message: 'See you at 3.' },
      system.owner.token,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [row] = await h.database.db.select().from(timelineItems).where(eq(timelineItems.id, sent.body.data.sms._id));
    expect(row.externalId).toMatch(/^SM/);
    const status = (value: string) => ({
      AccountSid: ACCOUNT_SID,
      MessageSid: row.externalId!,
      SmsSid: row.externalId!,
      MessageStatus: value,
      SmsStatus: value,
      From: system.phone,
      To: '+14155550123',
    });

    const delivered = await twimlOf(await webhook(h, system.systemId, 'status', status('delivered')));
    expect(delivered.verbs).toEqual([]);
    // A late "sent" arrives after "delivered": the item stays delivered.
    await twimlOf(await webhook(h, system.systemId, 'status', status('sent')));
    const [after] = await itemsOf(system.businessId, row.externalId!);
    expect(after.status).toBe('delivered');
    const events = (await eventsOf(system.systemId)).filter((event) => event.name === 'sms.status');
    expect(events.map((event) => event.outcome).sort()).toEqual(['duplicate', 'ok']);
  });

  it('answers call status and recording callbacks with an empty Response', async () => {
    const system = await liveSystem();
    const callSid = sid('CA');
    await twimlOf(await webhook(h, system.systemId, 'voice', callParams(system, callSid)));

    const recording = await twimlOf(
      await webhook(
        h,
        system.systemId,
        'voice/recording',
        callParams(system, callSid, {
          CallStatus: 'completed',
          RecordingSid: sid('RE'),
          RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE0001`,
          RecordingDuration: '7',
        }),
      ),
    );
    expect(recording.verbs).toEqual([]);
    // The recording was fetched from Twilio as WAV with the account credentials, and stored.
    const [download] = rest.to('recording');
    expect(download.url.pathname).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE0001.wav`);
    expect(download.authorization).toBe(basicAuth(ACCOUNT_SID, AUTH_TOKEN));
    const [call] = await itemsOf(system.businessId, callSid);
    expect(fs.existsSync(recordingFile(call.id))).toBe(true);
    const completed = await twimlOf(
      await webhook(
        h,
        system.systemId,
        'status',
        callParams(system, callSid, { CallStatus: 'completed', CallDuration: '42' }),
      ),
    );
    expect(completed.verbs).toEqual([]);
    expect(await itemsOf(system.businessId, callSid)).toHaveLength(1);
    // The voicemail texts the caller back, and that SMS's status comes back to the status webhook.
    const [textBack] = rest.to('messages');
    expect(textBack.form.get('To')).toBe('+14155550123');
    expect(textBack.form.get('StatusCallback')).toBe(publicUrl(system.systemId, 'status'));
  });

  it('connects a click-to-call to the number in the signed URL, and refuses a changed one', async () => {
    const system = await liveSystem();
    const placed = await h.call(
      `businesses/systems/${system.businessId}/settings/${system.systemId}/make-a-call`,
      { to: '+14155550177', agent_number: '+14155550142' },
      system.owner.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const connectUrl = rest.to('calls')[0].form.get('Url')!;
    const callSid = placed.body.data.call.external_id ?? sid('CA');
    const params = {
      AccountSid: ACCOUNT_SID,
      CallSid: callSid,
      From: system.phone,
      To: '+14155550142',
      CallStatus: 'in-progress',
      Direction: 'outbound-api',
    };
    const path = `voice/connect${new URL(connectUrl).search}`;

    const connected = await twimlOf(await webhook(h, system.systemId, path, params, 'valid', connectUrl));
    const dials = elements(connected.root).filter((node) => node.name === 'Dial');
    expect(dials, connected.xml).toHaveLength(1);
    expect(dials[0].attrs.callerId).toBe(system.phone);
    expect(JSON.stringify(dials[0].children)).toContain('+14155550177');

    // Signed for one number, sent with another: refused.
    const changed = await webhook(
      h,
      system.systemId,
      `voice/connect?to=${encodeURIComponent('+14155550666')}`,
      params,
      'valid',
      connectUrl,
    );
    expect(changed.status).toBe(403);
  });
});

describe('record_calls and the mobile forwarding test call', () => {
  /** A live system whose assistant answers at any hour (no voicemail when closed). */
  async function answeringSystem(settings: Record<string, unknown> = {}) {
    const system = await liveSystem();
    const set = await h.call(
      `businesses/systems/${system.businessId}/settings/${system.systemId}/set`,
      { configurations: { data: { settings: { voicemail_when_closed: false, ...settings } } } },
      system.owner.token,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    rest.reset();
    return system;
  }

  it('records the whole call through Twilio and stores it without making the call a voicemail', async () => {
    const system = await answeringSystem();
    const callSid = sid('CA');
    const answered = await twimlOf(await webhook(h, system.systemId, 'voice', callParams(system, callSid)));
    expect(
      elements(answered.root).some((node) => node.name === 'Gather'),
      answered.xml,
    ).toBe(true);

    // record_calls is on by default: a dual-channel recording of this call, posted back with kind=call.
    const [started] = rest.to('record');
    expect(started.url.pathname).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Calls/${callSid}/Recordings.json`);
    const callbackUrl = `${publicUrl(system.systemId, 'voice/recording')}?kind=call`;
    expect(started.form.get('RecordingStatusCallback')).toBe(callbackUrl);
    expect(started.form.get('RecordingStatusCallbackMethod')).toBe('POST');
    expect(started.form.get('RecordingChannels')).toBe('dual');

    await twimlOf(
      await webhook(
        h,
        system.systemId,
        'voice/gather',
        callParams(system, callSid, { CallStatus: 'in-progress', SpeechResult: 'What time do you open tomorrow?' }),
      ),
    );
    const recordingSid = sid('RE');
    const recordingParams = {
      AccountSid: ACCOUNT_SID,
      CallSid: callSid,
      RecordingSid: recordingSid,
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/${recordingSid}`,
      RecordingStatus: 'completed',
      RecordingDuration: '63',
      RecordingChannels: '2',
      RecordingSource: 'StartCallRecordingAPI',
    };
    const path = 'voice/recording?kind=call';
    const ready = await twimlOf(await webhook(h, system.systemId, path, recordingParams, 'valid', callbackUrl));
    expect(ready.verbs).toEqual([]);
    expect(rest.to('recording')[0].url.pathname).toBe(
      `/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/${recordingSid}.wav`,
    );
    const [recorded] = await itemsOf(system.businessId, callSid);
    expect(fs.existsSync(recordingFile(recorded.id))).toBe(true);
    expect(recorded.status).toBe('in_progress');
    expect(recorded.details).toMatchObject({
      recording: true,
      call_recording_sid: recordingSid,
      call_recording_duration: 63,
    });
    expect((recorded.details as { voicemail?: boolean }).voicemail).toBeUndefined();

    // Twilio retries the callback: nothing is fetched again.
    await twimlOf(await webhook(h, system.systemId, path, recordingParams, 'valid', callbackUrl));
    expect(rest.to('recording')).toHaveLength(1);

    // The call ends as an answered call (not a voicemail), and nobody is texted back.
    await twimlOf(
      await webhook(
        h,
        system.systemId,
        'status',
        callParams(system, callSid, { CallStatus: 'completed', CallDuration: '70' }),
      ),
    );
    const [ended] = await itemsOf(system.businessId, callSid);
    expect(ended.status).toBe('completed');
    expect(ended.details).toMatchObject({ recording: true });
    expect(rest.to('messages')).toEqual([]);
    const events = (await eventsOf(system.systemId)).filter((event) => event.name === 'voice.recording');
    expect(events.map((event) => event.outcome).sort()).toEqual(['duplicate', 'ok']);
    const [incoming] = (await eventsOf(system.systemId)).filter((event) => event.name === 'voice.incoming');
    expect(incoming.details).toMatchObject({ recording_started: true });
  });

  it('records nothing with record_calls off, and a recording Twilio refuses never breaks the call', async () => {
    const off = await answeringSystem({ record_calls: false });
    await twimlOf(await webhook(h, off.systemId, 'voice', callParams(off, sid('CA'))));
    expect(rest.to('record')).toEqual([]);

    const on = await answeringSystem();
    const callSid = sid('CA');
    rest.failNext('record', { status: 400, code: 21220, message: 'Invalid call state' });
    const answered = await twimlOf(await webhook(h, on.systemId, 'voice', callParams(on, callSid)));
    expect(
      elements(answered.root).some((node) => node.name === 'Gather'),
      answered.xml,
    ).toBe(true);
    expect(await itemsOf(on.businessId, callSid)).toHaveLength(1);
    const [incoming] = (await eventsOf(on.systemId)).filter((event) => event.name === 'voice.incoming');
    expect(incoming).toMatchObject({
      outcome: 'ok',
      details: expect.objectContaining({ recording_started: false, recording_error: expect.stringMatching(/21220/) }),
    });

    // Once answered (the first gather), the recording is tried once more, and only once.
    const gather = (said: string) =>
      webhook(
        h,
        on.systemId,
        'voice/gather',
        callParams(on, callSid, { CallStatus: 'in-progress', SpeechResult: said }),
      );
    await twimlOf(await gather('What time do you open tomorrow?'));
    await twimlOf(await gather('And on Sunday?'));
    expect(rest.to('record').map((request) => request.url.pathname)).toEqual([
      `/2010-04-01/Accounts/${ACCOUNT_SID}/Calls/${callSid}/Recordings.json`,
      `/2010-04-01/Accounts/${ACCOUNT_SID}/Calls/${callSid}/Recordings.json`,
    ]);
    const attempts = (await eventsOf(on.systemId)).filter((event) => event.name === 'call.recording_started');
    expect(attempts).toMatchObject([{ outcome: 'ok', details: { retry: true } }]);
    const [item] = await itemsOf(on.businessId, callSid);
    expect(item.details).toMatchObject({ recording_pending: false });

    // Refused again when answered: a failed event, and the call still goes on.
    const again = sid('CA');
    rest.failNext('record', { status: 400, code: 21220, message: 'Invalid call state' });
    rest.failNext('record', { status: 400, code: 21220, message: 'Invalid call state' });
    await twimlOf(await webhook(h, on.systemId, 'voice', callParams(on, again)));
    const turn = await twimlOf(
      await webhook(
        h,
        on.systemId,
        'voice/gather',
        callParams(on, again, { CallStatus: 'in-progress', SpeechResult: 'Do you deliver?' }),
      ),
    );
    expect(
      elements(turn.root).some((node) => node.name === 'Say'),
      turn.xml,
    ).toBe(true);
    const failed = (await eventsOf(on.systemId)).filter(
      (event) => event.name === 'call.recording_started' && event.outcome === 'failed',
    );
    expect(failed).toMatchObject([
      { error: expect.stringMatching(/21220/), details: { call_sid: again, retry: true } },
    ]);
  });

  it('tells the owner who answers the forwarding test call to let it ring next time, and hangs up', async () => {
    const system = await liveSystem();
    const connectUrl = `${publicUrl(system.systemId, 'voice/connect')}?test=1`;
    const params = {
      AccountSid: ACCOUNT_SID,
      CallSid: sid('CA'),
      From: system.phone,
      To: '+14155550142',
      CallStatus: 'in-progress',
      Direction: 'outbound-api',
    };

    const answered = await twimlOf(
      await webhook(h, system.systemId, 'voice/connect?test=1', params, 'valid', connectUrl),
    );
    expect(answered.verbs.map((verb) => verb.name)).toEqual(['Say', 'Hangup']);
    expect(answered.xml).toMatch(/test call/);
    expect(answered.xml).toMatch(/ring without answering/);
    expect(elements(answered.root).some((node) => node.name === 'Dial')).toBe(false);
    const [event] = (await eventsOf(system.systemId)).filter((row) => row.name === 'voice.connect');
    expect(event).toMatchObject({ outcome: 'ok', details: expect.objectContaining({ test_call: true }) });
  });

  it('places the mobile test call to the connect URL with ?test=1, and takes its status callbacks as the test', async () => {
    const owner = await h.signUpWithBusiness();
    const businessId = owner.business._id as string;
    const created = await h.call(`businesses/systems/${businessId}/create`, { name: 'mobile' }, owner.token);
    const systemId = created.body.data.system._id as string;
    const submit = (step: string, values: Record<string, unknown> = {}) =>
      h.call(`businesses/systems/${businessId}/setup/${systemId}/submit`, { step, values }, owner.token);
    const mobile = uniqueUsNumber();
    const phone = uniqueUsNumber();
    expect((await submit('mobile', { mobile_number: mobile })).status).toBe(200);
    expect((await submit('number', { phone_number: phone })).status).toBe(200);
    expect((await submit('forwarding')).status).toBe(200);
    rest.reset();

    const verify = await submit('verify');
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    const [placed] = rest.to('calls');
    expect(placed.form.get('To')).toBe(mobile);
    expect(placed.form.get('From')).toBe(phone);
    expect(placed.form.get('Url')).toBe(`${publicUrl(systemId, 'voice/connect')}?test=1`);

    // Twilio's call sid of that test call (the mock numbers them): its completed status is the test's.
    const testSid = (await eventsOf(systemId)).find((event) => event.name === 'setup.test_call')!.details as {
      call_id: string;
    };
    const status = await twimlOf(
      await webhook(h, systemId, 'status', {
        AccountSid: ACCOUNT_SID,
        CallSid: testSid.call_id,
        From: phone,
        To: mobile,
        CallStatus: 'completed',
        Direction: 'outbound-api',
      }),
    );
    expect(status.verbs).toEqual([]);
    const [event] = (await eventsOf(systemId)).filter((row) => row.name === 'call.status');
    expect(event).toMatchObject({ outcome: 'ok', details: expect.objectContaining({ test_call: true }) });
  });
});
