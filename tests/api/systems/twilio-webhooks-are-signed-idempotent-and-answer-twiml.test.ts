import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { timelineItems } from '#api/db/schema';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { basicAuth, signedWebhookInit } from '#tests/support/twilio-mock';
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  callParams,
  elements,
  publicUrl,
  rest,
  sid,
  twimlOf,
  twilioWebhookHarness,
  webhook,
} from '#tests/support/twilio-webhooks';

/**
 * Twilio's webhooks: signed with the SDK's own algorithm over the PUBLIC_URL-based URL,
 * refused (403, a 'refused' event, nothing created) when unsigned or wrongly signed,
 * idempotent when Twilio retries, and answering well-formed TwiML as text/xml.
 */
let h: Harness;
const { recordingFile, liveSystem, itemsOf, eventsOf } = twilioWebhookHarness(
  'twilio-webhooks-',
  (harness) => (h = harness),
);

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
