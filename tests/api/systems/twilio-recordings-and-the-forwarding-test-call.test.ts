import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '#tests/support/api-harness';
import { uniqueUsNumber } from '#tests/support/twilio-mock';
import {
  ACCOUNT_SID,
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
 * Twilio's recording webhooks: with record_calls the whole call is recorded and stored, and
 * the mobile system's forwarding test call verifies forwarding (signed webhooks, the REST API
 * mocked).
 */
let h: Harness;
const { recordingFile, liveSystem, itemsOf, eventsOf } = twilioWebhookHarness(
  'twilio-recordings-',
  (harness) => (h = harness),
);

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
