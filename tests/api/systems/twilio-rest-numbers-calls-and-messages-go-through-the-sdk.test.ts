import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '#contract/env';
import { systemMessages } from '#contract/schemas/system';
import { TelephonyError } from '#api/services/telephony/provider';
import { createTwilioTelephony, twilioCredentials } from '#api/services/telephony/twilio';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { basicAuth, createTwilioMock, uniqueUsNumber } from '#tests/support/twilio-mock';

/**
 * The Twilio provider through the v1 calls (list-available-numbers, purchase-number,
 * make-a-call, send-a-message) with Twilio's REST API mocked by msw: the exact requests the
 * official SDK sends, and Twilio's refusals said safely (never the auth token).
 */
const ACCOUNT_SID = `AC${'a1'.repeat(16)}`;
const AUTH_TOKEN = 'twilio-test-auth-token-9f8e7d';
const rest = createTwilioMock(ACCOUNT_SID);
const server = setupServer(...rest.handlers);
const provider = createTwilioTelephony({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });

let h: Harness;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  h = await createHarness({ telephony: provider, twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN } });
});
afterEach(() => rest.reset());
afterAll(async () => {
  server.close();
  await h.close();
});

async function telephonySystem() {
  const owner = await h.signUpWithBusiness();
  const created = await h.call(`businesses/systems/${owner.business._id}/create`, { name: 'telephony' }, owner.token);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { owner, businessId: owner.business._id as string, system: created.body.data.system };
}

async function systemWithNumber() {
  const setup = await telephonySystem();
  const phone = uniqueUsNumber();
  const bought = await h.call(
    `businesses/purchase-number/${setup.businessId}`,
    { phone_number: phone, system_id: setup.system._id },
    setup.owner.token,
  );
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  rest.reset();
  return { ...setup, phone };
}

describe('Twilio REST through the v1 calls', () => {
  it('searches local numbers by country and area code with the account credentials', async () => {
    const { owner, businessId, system } = await telephonySystem();
    const found = await h.call(
      `businesses/systems/${businessId}/settings/${system._id}/list-available-numbers`,
      { country: 'US', area_code: '415' },
      owner.token,
    );

    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.available_numbers).toEqual([
      {
        phone_number: '+14155552671',
        friendly_name: '(415) 555-2671',
        locality: 'San Francisco',
        region: 'CA',
        country: 'US',
        capabilities: { voice: true, sms: true },
      },
      {
        phone_number: '+14155552672',
        friendly_name: '(415) 555-2672',
        locality: 'San Francisco',
        region: 'CA',
        country: 'US',
        capabilities: { voice: true, sms: false },
      },
    ]);
    const [search] = rest.to('search');
    expect(search.method).toBe('GET');
    expect(search.url.pathname).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/AvailablePhoneNumbers/US/Local.json`);
    expect(search.url.searchParams.get('AreaCode')).toBe('415');
    expect(search.authorization).toBe(basicAuth(ACCOUNT_SID, AUTH_TOKEN));
  });

  it('narrows numbers outside North America by the digits of the area code', async () => {
    rest.setAvailable([{ phone_number: '+442071838750', locality: 'London', region: 'England', iso_country: 'GB' }]);
    try {
      const { owner, businessId, system } = await telephonySystem();
      const found = await h.call(
        `businesses/systems/${businessId}/settings/${system._id}/list-available-numbers`,
        { area_code: '20' },
        owner.token,
      );
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(found.body.data.available_numbers.map((number: { phone_number: string }) => number.phone_number)).toEqual([
        '+442071838750',
      ]);
      const [search] = rest.to('search');
      // The business is in GB (the default country), where Twilio has no AreaCode filter.
      expect(search.url.pathname).toMatch(/\/AvailablePhoneNumbers\/GB\/Local\.json$/);
      expect(search.url.searchParams.get('AreaCode')).toBeNull();
      expect(search.url.searchParams.get('Contains')).toBe('20');
    } finally {
      rest.setAvailable([
        {
          phone_number: '+14155552671',
          friendly_name: '(415) 555-2671',
          locality: 'San Francisco',
          region: 'CA',
          iso_country: 'US',
        },
        {
          phone_number: '+14155552672',
          friendly_name: '(415) 555-2672',
          locality: 'San Francisco',
          region: 'CA',
          iso_country: 'US',
          sms: false,
        },
      ]);
    }
  });

  it('buys a number with the voice, SMS and status webhooks pointed at this system', async () => {
    const { owner, businessId, system } = await telephonySystem();
    const phone = uniqueUsNumber();
    const bought = await h.call(
      `businesses/purchase-number/${businessId}`,
      { phone_number: phone, system_id: system._id },
      owner.token,
    );

    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.data.system).toMatchObject({
      _id: system._id,
      phone_number: phone,
      provider: 'twilio',
      status: 'active',
    });
    const [purchase] = rest.to('purchase');
    expect(purchase.method).toBe('POST');
    expect(purchase.url.pathname).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/IncomingPhoneNumbers.json`);
    expect(purchase.authorization).toBe(basicAuth(ACCOUNT_SID, AUTH_TOKEN));
    const base = `http://app.test/api/v1/webhooks/twilio/${system._id}`;
    expect(Object.fromEntries(purchase.form)).toEqual({
      PhoneNumber: phone,
      VoiceUrl: `${base}/voice`,
      VoiceMethod: 'POST',
      SmsUrl: `${base}/sms`,
      SmsMethod: 'POST',
      StatusCallback: `${base}/status`,
      StatusCallbackMethod: 'POST',
    });
  });

  it('says a number Twilio no longer sells is taken, and leaves no number behind', async () => {
    const { owner, businessId, system } = await telephonySystem();
    rest.failNext('purchase', { status: 400, code: 21422, message: 'PhoneNumber requested is not available' });
    const refused = await h.call(
      `businesses/purchase-number/${businessId}`,
      { phone_number: uniqueUsNumber(), system_id: system._id },
      owner.token,
    );

    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([systemMessages.numberTaken]);
    const after = await h.call(`businesses/systems/${businessId}/get/${system._id}`, undefined, owner.token);
    expect(after.body.data.system.phone_number).toBeNull();
  });

  it('rings the agent first with the connect URL and follows the call through the status callback', async () => {
    const { owner, businessId, system, phone } = await systemWithNumber();
    const placed = await h.call(
      `businesses/systems/${businessId}/settings/${system._id}/make-a-call`,
      { to: '+14155550199', agent_number: '+14155550142' },
      owner.token,
    );

    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [call] = rest.to('calls');
    expect(call.url.pathname).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Calls.json`);
    expect(call.authorization).toBe(basicAuth(ACCOUNT_SID, AUTH_TOKEN));
    const base = `http://app.test/api/v1/webhooks/twilio/${system._id}`;
    expect(call.form.get('To')).toBe('+14155550142');
    expect(call.form.get('From')).toBe(phone);
    expect(call.form.get('Url')).toBe(`${base}/voice/connect?to=${encodeURIComponent('+14155550199')}`);
    expect(call.form.get('StatusCallback')).toBe(`${base}/status`);
    expect(call.form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    expect(placed.body.data.call).toMatchObject({ direction: 'outbound', from: phone, to: '+14155550199' });
  });

  it('sends an SMS from the business number, with the status webhook as its StatusCallback', async () => {
    const { owner, businessId, system, phone } = await systemWithNumber();
    const sent = await h.call(
      `businesses/systems/${businessId}/settings/${system._id}/send-a-message`,
      { to: '+14155550199', message: 'Your table is ready.' },
      owner.token,
    );

    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [message] = rest.to('messages');
    expect(message.url.pathname).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(message.authorization).toBe(basicAuth(ACCOUNT_SID, AUTH_TOKEN));
    expect(message.form.get('To')).toBe('+14155550199');
    expect(message.form.get('From')).toBe(phone);
    expect(message.form.get('Body')).toBe('Your table is ready.');
    // Twilio's MessageStatus updates come back to the status webhook (the item follows them).
    expect(message.form.get('StatusCallback')).toBe(`http://app.test/api/v1/webhooks/twilio/${system._id}/status`);
    expect(sent.body.data.sms).toMatchObject({
      direction: 'outbound',
      body: 'Your table is ready.',
      to: '+14155550199',
    });
  });

  it('reports refused credentials and an unreachable Twilio plainly, never with the auth token', async () => {
    const { owner, businessId, system } = await systemWithNumber();
    rest.failNext('messages', {
      status: 401,
      code: 20003,
      message: `Authentication Error - invalid username ${ACCOUNT_SID}`,
    });
    const refused = await h.call(
      `businesses/systems/${businessId}/settings/${system._id}/send-a-message`,
      { to: '+14155550199', message: 'Hello' },
      owner.token,
    );
    expect(refused.status).toBe(502);
    expect(refused.body.errors).toEqual([
      'Twilio refused the account credentials. Check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.',
    ]);

    rest.failNext('calls', 'network');
    const unreachable = await h.call(
      `businesses/systems/${businessId}/settings/${system._id}/make-a-call`,
      { to: '+14155550199', agent_number: '+14155550142' },
      owner.token,
    );
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.errors?.[0]).toMatch(/^Twilio could not be reached/);

    const events = await h.call(
      `businesses/systems/${businessId}/list-events/${system._id}`,
      { limit: 10 },
      owner.token,
    );
    expect(JSON.stringify([refused.body, unreachable.body, events.body])).not.toContain(AUTH_TOKEN);
    expect(JSON.stringify(events.body)).not.toContain(basicAuth(ACCOUNT_SID, AUTH_TOKEN).slice(6));
  });
});

describe('the Twilio provider on its own', () => {
  it('releases a number and treats one already gone as released', async () => {
    await provider.releaseNumber('PN0123');
    rest.failNext('release', { status: 404, code: 20404, message: 'The requested resource was not found' });
    await provider.releaseNumber('PN0456');
    expect(rest.to('release').map((request) => [request.method, request.url.pathname])).toEqual([
      ['DELETE', `/2010-04-01/Accounts/${ACCOUNT_SID}/IncomingPhoneNumbers/PN0123.json`],
      ['DELETE', `/2010-04-01/Accounts/${ACCOUNT_SID}/IncomingPhoneNumbers/PN0456.json`],
    ]);
  });

  it('downloads a recording as WAV with basic auth, and only from Twilio', async () => {
    rest.setRecording(new Uint8Array([1, 2, 3, 4]));
    const url = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE0123`;
    expect(await provider.fetchRecording(url)).toEqual(new Uint8Array([1, 2, 3, 4]));
    const [download] = rest.to('recording');
    expect(download.url.pathname).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE0123.wav`);
    expect(download.authorization).toBe(basicAuth(ACCOUNT_SID, AUTH_TOKEN));

    // The credentials never go anywhere else (no request is made: msw would fail an unhandled one).
    expect(await provider.fetchRecording('https://evil.example/Recordings/RE0123')).toBeNull();
    rest.failNext('recording', { status: 404, code: 20404 });
    expect(await provider.fetchRecording(url)).toBeNull();
  });

  it('sends the SMS status callback when one is given and refuses an SMS without a sender', async () => {
    const sent = await provider.sendSms({
      to: '+14155550199',
      from: '+14155552671',
      body: 'Hi',
      statusCallback: 'http://app.test/status',
    });
    expect(sent).toEqual({ id: expect.stringMatching(/^SM/), status: 'queued' });
    expect(rest.to('messages')[0].form.get('StatusCallback')).toBe('http://app.test/status');
    await expect(provider.sendSms({ to: '+14155550199', body: 'Hi' })).rejects.toBeInstanceOf(TelephonyError);
  });

  it('starts a whole-call recording, both sides, with the recording webhook as its callback', async () => {
    await provider.startRecording('CA0123', 'http://app.test/recording?kind=call');
    const [started] = rest.to('record');
    expect(started.method).toBe('POST');
    expect(started.url.pathname).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Calls/CA0123/Recordings.json`);
    expect(started.authorization).toBe(basicAuth(ACCOUNT_SID, AUTH_TOKEN));
    expect(Object.fromEntries(started.form)).toMatchObject({
      RecordingStatusCallback: 'http://app.test/recording?kind=call',
      RecordingStatusCallbackMethod: 'POST',
      RecordingChannels: 'dual',
    });
    rest.failNext('record', { status: 400, code: 21220, message: 'Invalid call state' });
    await expect(provider.startRecording('CA0124', 'http://app.test/recording?kind=call')).rejects.toBeInstanceOf(
      TelephonyError,
    );
  });

  it('answers no numbers when Twilio has none there', async () => {
    rest.failNext('search', { status: 404, code: 21452, message: 'No phone numbers found' });
    expect(await provider.searchNumbers({ country: 'US', areaCode: '907' })).toEqual([]);
  });
});

describe('choosing the provider from the settings', () => {
  it('uses Twilio only with both credentials, and refuses one without the other', () => {
    expect(twilioCredentials(parseEnv({}))).toBeUndefined();
    expect(twilioCredentials(parseEnv({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN }))).toEqual({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
    });
    expect(() => parseEnv({ TWILIO_ACCOUNT_SID: ACCOUNT_SID })).toThrow(EnvError);
    expect(() => parseEnv({ TWILIO_AUTH_TOKEN: AUTH_TOKEN })).toThrow(
      /TWILIO_ACCOUNT_SID: is required with TWILIO_AUTH_TOKEN/,
    );
    expect(() => parseEnv({ TWILIO_ACCOUNT_SID: 'SK123', TWILIO_AUTH_TOKEN: AUTH_TOKEN })).toThrow(
      /TWILIO_ACCOUNT_SID="SK123": must be the account SID/,
    );
  });
});
