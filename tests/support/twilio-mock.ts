import { http, HttpResponse } from 'msw';
import twilio from 'twilio';

/**
 * Twilio's REST API (2010-04-01) for msw: number search, purchase and release, calls,
 * messages, starting a call's recording and downloading recordings. Every request is recorded with its form parameters (repeated
 * keys kept, as StatusCallbackEvent is sent) and its Authorization header, so tests
 * assert exactly what the SDK sent.
 *
 *   const rest = createTwilioMock(ACCOUNT_SID);
 *   const server = setupServer(...rest.handlers);
 *   rest.failNext('purchase', { status: 400, code: 21422, message: 'PhoneNumber requested is not available' });
 *   rest.requests.filter((r) => r.endpoint === 'calls')[0].form.get('Url')
 *
 * And the signing side: `signedWebhook` posts a form the way Twilio does, with the
 * X-Twilio-Signature the SDK's own validator computes.
 */
export const TWILIO_API = 'https://api.twilio.com/2010-04-01';

/** `record` starts a call's recording (POST Calls/{CallSid}/Recordings.json); `recording` downloads one. */
export type TwilioEndpoint = 'search' | 'purchase' | 'release' | 'calls' | 'messages' | 'record' | 'recording';

export type TwilioRequest = {
  endpoint: TwilioEndpoint;
  method: string;
  url: URL;
  accountSid: string;
  form: URLSearchParams;
  authorization: string | null;
};

export type TwilioFailure = { status: number; code?: number; message?: string } | 'network';

export type AvailableNumberFixture = {
  phone_number: string;
  friendly_name?: string;
  locality?: string;
  region?: string;
  iso_country?: string;
  sms?: boolean;
};

export function createTwilioMock(accountSid: string) {
  const requests: TwilioRequest[] = [];
  const failures = new Map<TwilioEndpoint, TwilioFailure[]>();
  let available: AvailableNumberFixture[] = [
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
  ];
  let recording: Uint8Array = new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 65, 86, 69]);
  let counter = 0;
  const sid = (prefix: string) => `${prefix}${String(++counter).padStart(32, '0')}`;

  async function record(
    endpoint: TwilioEndpoint,
    request: Request,
    params: Record<string, string | readonly string[] | undefined>,
  ) {
    const body = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    requests.push({
      endpoint,
      method: request.method,
      url: new URL(request.url),
      accountSid: String(params.sid ?? ''),
      form: new URLSearchParams(body),
      authorization: request.headers.get('authorization'),
    });
    const failure = failures.get(endpoint)?.shift();
    if (failure === 'network') return HttpResponse.error();
    if (failure) {
      return HttpResponse.json(
        {
          code: failure.code ?? failure.status,
          message: failure.message ?? 'Twilio error',
          more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
          status: failure.status,
        },
        { status: failure.status },
      );
    }
    if (params.sid !== accountSid)
      return HttpResponse.json({ code: 20003, message: 'Authenticate', status: 401 }, { status: 401 });
    return null;
  }

  const handlers = [
    http.get(`${TWILIO_API}/Accounts/:sid/AvailablePhoneNumbers/:country/Local.json`, async ({ request, params }) => {
      const failed = await record('search', request, params);
      if (failed) return failed;
      const url = new URL(request.url);
      const contains = url.searchParams.get('Contains');
      const numbers = available.filter((number) => !contains || number.phone_number.includes(contains));
      return HttpResponse.json({
        uri: url.pathname,
        page: 0,
        page_size: numbers.length,
        available_phone_numbers: numbers.map((number) => ({
          friendly_name: number.friendly_name ?? number.phone_number,
          phone_number: number.phone_number,
          locality: number.locality ?? null,
          region: number.region ?? null,
          iso_country: number.iso_country ?? params.country,
          capabilities: { voice: true, SMS: number.sms ?? true, MMS: false, fax: false },
        })),
      });
    }),
    http.post(`${TWILIO_API}/Accounts/:sid/IncomingPhoneNumbers.json`, async ({ request, params }) => {
      const failed = await record('purchase', request, params);
      if (failed) return failed;
      const form = requests.at(-1)!.form;
      return HttpResponse.json(
        {
          sid: sid('PN'),
          account_sid: accountSid,
          phone_number: form.get('PhoneNumber'),
          friendly_name: form.get('PhoneNumber'),
          voice_url: form.get('VoiceUrl'),
          sms_url: form.get('SmsUrl'),
          status_callback: form.get('StatusCallback'),
        },
        { status: 201 },
      );
    }),
    http.delete(`${TWILIO_API}/Accounts/:sid/IncomingPhoneNumbers/:file`, async ({ request, params }) => {
      const failed = await record('release', request, params);
      if (failed) return failed;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${TWILIO_API}/Accounts/:sid/Calls.json`, async ({ request, params }) => {
      const failed = await record('calls', request, params);
      if (failed) return failed;
      const form = requests.at(-1)!.form;
      return HttpResponse.json(
        {
          sid: sid('CA'),
          account_sid: accountSid,
          to: form.get('To'),
          from: form.get('From'),
          status: 'queued',
          direction: 'outbound-api',
        },
        { status: 201 },
      );
    }),
    http.post(`${TWILIO_API}/Accounts/:sid/Messages.json`, async ({ request, params }) => {
      const failed = await record('messages', request, params);
      if (failed) return failed;
      const form = requests.at(-1)!.form;
      return HttpResponse.json(
        {
          sid: sid('SM'),
          account_sid: accountSid,
          to: form.get('To'),
          from: form.get('From'),
          body: form.get('Body'),
          status: 'queued',
          direction: 'outbound-api',
        },
        { status: 201 },
      );
    }),
    http.post(`${TWILIO_API}/Accounts/:sid/Calls/:callSid/Recordings.json`, async ({ request, params }) => {
      const failed = await record('record', request, params);
      if (failed) return failed;
      return HttpResponse.json(
        {
          sid: sid('RE'),
          account_sid: accountSid,
          call_sid: params.callSid,
          status: 'in-progress',
          channels: 2,
          source: 'StartCallRecordingAPI',
          track: 'both',
        },
        { status: 201 },
      );
    }),
    http.get(`${TWILIO_API}/Accounts/:sid/Recordings/:file`, async ({ request, params }) => {
      const failed = await record('recording', request, params);
      if (failed) return failed;
      return new HttpResponse(recording, { headers: { 'content-type': 'audio/x-wav' } });
    }),
  ];

  return {
    handlers,
    requests,
    /** The requests to one endpoint, oldest first. */
    to: (endpoint: TwilioEndpoint) => requests.filter((request) => request.endpoint === endpoint),
    /** The next request to `endpoint` answers this Twilio error (or fails on the network). */
    failNext(endpoint: TwilioEndpoint, failure: TwilioFailure) {
      failures.set(endpoint, [...(failures.get(endpoint) ?? []), failure]);
    },
    setAvailable(numbers: AvailableNumberFixture[]) {
      available = numbers;
    },
    setRecording(bytes: Uint8Array) {
      recording = bytes;
    },
    reset() {
      requests.length = 0;
      failures.clear();
    },
  };
}

export type TwilioMock = ReturnType<typeof createTwilioMock>;

/**
 * A US number no other test file uses: numbers are unique among live systems, and the
 * postgres project's files share one database.
 */
export function uniqueUsNumber(): string {
  const digits = crypto.getRandomValues(new Uint32Array(2));
  return `+1${200 + (digits[0] % 700)}${String(2_000_000 + (digits[1] % 7_000_000))}`;
}

/** The Basic credentials the SDK sends. */
export const basicAuth = (accountSid: string, authToken: string) =>
  `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

/**
 * A webhook as Twilio sends it: form-urlencoded, signed over `publicUrl` (the URL Twilio was
 * given, query string included) with the SDK's own algorithm. `signature: 'wrong'` signs with
 * another token, `'none'` leaves the header out.
 */
export function signedWebhookInit(
  authToken: string,
  publicUrl: string,
  params: Record<string, string>,
  signature: 'valid' | 'wrong' | 'none' = 'valid',
): RequestInit {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (signature !== 'none')
    headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(
      signature === 'valid' ? authToken : `${authToken}-not`,
      publicUrl,
      params,
    );
  return { method: 'POST', headers, body: new URLSearchParams(params).toString() };
}
