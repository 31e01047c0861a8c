import { twilioSdk } from './twilio-sdk';
import { systemMessages } from '#contract/schemas/system';
import { TelephonyError, type AvailableNumber, type SmsResult, type TelephonyProvider } from './provider';

/**
 * Twilio through its official SDK (REST over the SDK's own HTTP client, which msw intercepts
 * in tests). Inbound traffic does not come through here: Twilio calls the webhooks set on
 * purchase (api/features/webhooks/twilio.ts), which verify X-Twilio-Signature with the auth token.
 *
 * Errors become TelephonyError with a message safe to show: never Twilio's raw text (it can
 * name the account's resources), never the credentials.
 */
export type TwilioCredentials = { accountSid: string; authToken: string };

/** Twilio is used when both credentials are set (parseEnv refuses one without the other); else the sandbox. */
export function twilioCredentials(env: {
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
}): TwilioCredentials | undefined {
  return env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
    ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN }
    : undefined;
}

export type TwilioTelephonyOptions = TwilioCredentials & {
  /** For the recording download (plain HTTPS with basic auth); default the global fetch. */
  fetchImpl?: typeof fetch;
  /** Per REST request, ms (the SDK's default is 30 s: too long for a page waiting on it). */
  timeoutMs?: number;
};

/** Twilio's error codes that mean "this number cannot be bought" (gone, invalid, not for sale). */
const NUMBER_GONE = new Set([21422, 21421, 21452, 21404, 20404, 21631, 21649]);

/** Safe, actionable texts for the errors a person can fix; anything else names the code only. */
const KNOWN_ERRORS: Record<number, string> = {
  20003: 'Twilio refused the account credentials. Check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.',
  20005: 'The Twilio account is suspended or closed.',
  20429: 'Twilio is receiving too many requests. Try again in a minute.',
  21211: 'Twilio says the number to call or text is not a valid phone number.',
  21212: 'Twilio says the number to call or text from is not a valid phone number.',
  21214: 'Twilio could not reach that number.',
  21215: 'The Twilio account may not call that country (its geographic permissions).',
  21217: 'Twilio says that phone number is not valid.',
  21401: 'Twilio says that phone number is not valid.',
  21408: 'The Twilio account may not text that country (its geographic permissions).',
  21606: "This number can't send text messages.",
  21608: 'A Twilio trial account can only call and text verified numbers.',
  21610: 'That person has replied STOP: Twilio will not text them until they reply START.',
  21612: 'Twilio cannot send a text message between these two numbers.',
  21614: 'That number cannot receive text messages.',
};

type TwilioRestError = { status?: number; code?: number; message?: string };

function restError(error: unknown): TwilioRestError | null {
  if (error instanceof twilioSdk().RestException) return error;
  if (
    error &&
    typeof error === 'object' &&
    'status' in error &&
    typeof (error as { status: unknown }).status === 'number'
  ) {
    return error as TwilioRestError;
  }
  return null;
}

/** A TelephonyError for what Twilio (or the way to it) answered. */
export function twilioError(
  error: unknown,
  action: 'purchase' | 'search' | 'release' | 'call' | 'sms',
): TelephonyError {
  const rest = restError(error);
  if (!rest) {
    // No HTTP answer at all: DNS, TLS, refused connection or our timeout.
    return new TelephonyError(
      'Twilio could not be reached. Check the server’s internet connection and try again.',
      'provider_failed',
    );
  }
  const code = rest.code ?? 0;
  if (action === 'purchase' && (NUMBER_GONE.has(code) || rest.status === 404)) {
    return new TelephonyError(systemMessages.numberTaken, 'number_unavailable');
  }
  if (rest.status === 401 || code === 20003) return new TelephonyError(KNOWN_ERRORS[20003], 'provider_failed');
  if (KNOWN_ERRORS[code]) return new TelephonyError(KNOWN_ERRORS[code], 'provider_failed');
  if (rest.status === 429) return new TelephonyError(KNOWN_ERRORS[20429], 'provider_failed');
  return new TelephonyError(
    code
      ? `Twilio refused the request (error ${code}, see twilio.com/docs/errors/${code}).`
      : `Twilio refused the request (HTTP ${rest.status ?? 'error'}).`,
    'provider_failed',
  );
}

/** Twilio's area codes are a North American idea; elsewhere the digits narrow the number instead. */
const AREA_CODE_COUNTRIES = new Set(['US', 'CA']);

function smsStatus(status: string | undefined): SmsResult['status'] {
  if (status === 'delivered' || status === 'read') return 'delivered';
  if (status === 'sent') return 'sent';
  return 'queued';
}

/** Only Twilio's own hosts get the credentials (a RecordingUrl always points there). */
function isTwilioUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' && (parsed.hostname === 'api.twilio.com' || parsed.hostname.endsWith('.twilio.com'))
    );
  } catch {
    return false;
  }
}

export function createTwilioTelephony(options: TwilioTelephonyOptions): TelephonyProvider {
  const { accountSid, authToken } = options;
  const client = twilioSdk()(accountSid, authToken, {
    timeout: options.timeoutMs ?? 15_000,
    autoRetry: true,
    maxRetries: 2,
  });
  // Looked up per call, not captured: whatever wraps the global fetch later (msw in tests) applies.
  const fetchImpl: typeof fetch = options.fetchImpl ?? ((input, init) => fetch(input, init));

  return {
    name: 'twilio',

    async searchNumbers(search) {
      const country = search.country.toUpperCase();
      const digits = search.areaCode?.replace(/\D/g, '');
      const useAreaCode = Boolean(digits) && AREA_CODE_COUNTRIES.has(country);
      const contains = search.contains ?? (!useAreaCode && digits ? digits : undefined);
      let found;
      try {
        found = await client.availablePhoneNumbers(country).local.list({
          ...(useAreaCode ? { areaCode: Number(digits) } : {}),
          ...(contains ? { contains } : {}),
          limit: search.limit ?? 20,
        });
      } catch (error) {
        // 21452: "No phone numbers found"; 20404: Twilio sells no local numbers in that country.
        const rest = restError(error);
        if (rest && (rest.code === 21452 || rest.code === 20404 || rest.status === 404)) return [];
        throw twilioError(error, 'search');
      }
      return found.map((number): AvailableNumber => {
        // The REST API answers `SMS` (capitals) although the SDK's type says `sms`.
        const capabilities = (number.capabilities ?? {}) as { voice?: boolean; sms?: boolean; SMS?: boolean };
        return {
          phone_number: number.phoneNumber,
          friendly_name: number.friendlyName || number.phoneNumber,
          locality: number.locality || null,
          region: number.region || null,
          country: number.isoCountry || country,
          capabilities: { voice: Boolean(capabilities.voice), sms: Boolean(capabilities.SMS ?? capabilities.sms) },
        };
      });
    },

    async purchaseNumber(phoneNumber, webhooks) {
      try {
        const bought = await client.incomingPhoneNumbers.create({
          phoneNumber,
          voiceUrl: webhooks.voice,
          voiceMethod: 'POST',
          smsUrl: webhooks.sms,
          smsMethod: 'POST',
          statusCallback: webhooks.status,
          statusCallbackMethod: 'POST',
        });
        return { phoneNumber: bought.phoneNumber, providerRef: bought.sid };
      } catch (error) {
        throw twilioError(error, 'purchase');
      }
    },

    async releaseNumber(providerRef) {
      try {
        await client.incomingPhoneNumbers(providerRef).remove();
      } catch (error) {
        // Already released (or never ours): the wanted outcome.
        if (restError(error)?.status === 404) return;
        throw twilioError(error, 'release');
      }
    },

    async placeCall(call) {
      try {
        const placed = await client.calls.create({
          to: call.agentNumber,
          from: call.from,
          url: call.connectUrl,
          method: 'POST',
          statusCallback: call.statusCallback,
          statusCallbackMethod: 'POST',
          statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
        });
        return { id: placed.sid, status: placed.status };
      } catch (error) {
        throw twilioError(error, 'call');
      }
    },

    async sendSms(sms) {
      if (!sms.from) throw new TelephonyError(systemMessages.needsNumber, 'not_supported');
      try {
        const sent = await client.messages.create({
          to: sms.to,
          from: sms.from,
          body: sms.body,
          ...(sms.statusCallback ? { statusCallback: sms.statusCallback } : {}),
        });
        return { id: sent.sid, status: smsStatus(sent.status) };
      } catch (error) {
        throw twilioError(error, 'sms');
      }
    },

    async startRecording(callSid, callbackUrl) {
      try {
        await client.calls(callSid).recordings.create({
          recordingStatusCallback: callbackUrl,
          recordingStatusCallbackMethod: 'POST',
          recordingChannels: 'dual',
        });
      } catch (error) {
        throw twilioError(error, 'call');
      }
    },

    async fetchRecording(recordingUrl) {
      if (!isTwilioUrl(recordingUrl)) return null;
      // RecordingUrl has no extension; `.wav` asks for the WAV rendering.
      const url = new URL(recordingUrl);
      if (!/\.(wav|mp3)$/i.test(url.pathname)) url.pathname = `${url.pathname}.wav`;
      try {
        const response = await fetchImpl(url, {
          headers: { authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}` },
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
        if (!response.ok) return null;
        return new Uint8Array(await response.arrayBuffer());
      } catch {
        return null;
      }
    },
  };
}
