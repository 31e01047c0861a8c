import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { twilioSdk } from '#api/services/telephony/twilio-sdk';
import type { ApiDeps } from '#api/deps';
import type { ApiEnv } from '#api/lib/context';
import { createRouter } from '#api/lib/context';
import { handleCallStatus, handleRecording } from '#api/features/systems/call-outcome';
import { handleConnect, handleDialDone, handleGather, handleVoice } from '#api/features/systems/inbound-call';
import { handleSms } from '#api/features/systems/inbound-sms';
import { handleSmsStatus } from '#api/features/systems/sms-status';
import { emptyTwiml, hangup, say, twimlResponse } from '#api/features/systems/twiml';
import { findSystemById, recordSystemEvent, webhookUrls, type SystemRow } from '#api/features/systems/store';

/**
 * Twilio's webhooks for a system's number (set on purchase; click-to-call and SMS status
 * callbacks name them too). Public: Twilio sends no bearer token. What proves a request is
 * Twilio's is X-Twilio-Signature, an HMAC-SHA1 with the account's auth token over the URL
 * Twilio was given (PUBLIC_URL-based, with its query string) and the form parameters,
 * checked with the SDK's own validator. Unsigned or wrongly signed → 403 and a 'refused'
 * event; without Twilio credentials every request is refused (the sandbox never uses HTTP).
 * Retries are harmless: the handlers find the item by CallSid/MessageSid.
 */
type Params = Record<string, string>;
/** The query strings our own URLs carry: connect?to=… (?test=1: the mobile forwarding test call), recording?kind=call (record_calls). */
type Query = { to: string; test: boolean; kind: string };
type Handler = (deps: ApiDeps, system: SystemRow, params: Params, query: Query) => Promise<string | void>;

const HOOKS = [
  {
    path: 'voice',
    url: 'voice',
    event: 'voice.incoming',
    voice: true,
    summary: 'A call arrives (answers the greeting and a speech gather)',
    handle: handleVoice,
  },
  {
    path: 'voice/gather',
    url: 'gather',
    event: 'voice.gather',
    voice: true,
    summary: 'What the caller said (SpeechResult): the assistant answers',
    handle: handleGather,
  },
  {
    path: 'voice/dial-done',
    url: 'dialDone',
    event: 'voice.dial_done',
    voice: true,
    summary: 'A transfer ended (DialCallStatus): voicemail when nobody answered',
    handle: handleDialDone,
  },
  {
    path: 'voice/recording',
    url: 'recording',
    event: 'voice.recording',
    voice: false,
    summary: 'A voicemail, or the whole-call recording (?kind=call), is ready',
    handle: ((deps, system, params, query) => handleRecording(deps, system, params, { kind: query.kind })) as Handler,
  },
  {
    path: 'voice/connect',
    url: 'connect',
    event: 'voice.connect',
    voice: true,
    summary:
      'Click-to-call: the agent answered, dial the customer (?to=); the mobile forwarding test call (?test=1) says so and hangs up',
    handle: ((deps, system, params, query) =>
      handleConnect(deps, system, params, query.to, { test: query.test })) as Handler,
  },
  {
    path: 'sms',
    url: 'sms',
    event: 'sms.incoming',
    voice: false,
    summary: 'An SMS arrives: the assistant replies',
    handle: handleSms,
  },
  {
    path: 'status',
    url: 'status',
    event: 'status',
    voice: false,
    summary: 'Status callback of a call (CallStatus) or of an SMS we sent (MessageStatus)',
    handle: (async (deps, system, params) => {
      if (params.CallSid && params.CallStatus) return handleCallStatus(deps, system, params);
      if ((params.MessageSid || params.SmsSid) && (params.MessageStatus || params.SmsStatus))
        return handleSmsStatus(deps, system, params);
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name: 'status',
        outcome: 'failed',
        error: 'Neither a call nor a message status.',
        details: {},
      });
    }) as Handler,
  },
] as const satisfies readonly {
  path: string;
  url: keyof ReturnType<typeof webhookUrls>;
  event: string;
  voice: boolean;
  summary: string;
  handle: Handler;
}[];

const TWIML = 'text/xml; charset=utf-8';

/** What a caller hears when the server fails mid-call, rather than Twilio's "application error". */
const apologyTwiml = () =>
  twimlResponse(say('Sorry, something went wrong on our side. Please call again later.'), hangup());

/** The form parameters as Twilio signed them (a repeated key keeps all its values). */
function formParams(body: string): { signed: Record<string, string | string[]>; params: Params } {
  const signed: Record<string, string | string[]> = {};
  const params: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const seen = signed[key];
    signed[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    params[key] ??= value;
  }
  return { signed, params };
}

/**
 * A flood of forged requests must not fill a system's event log: at most this many
 * 'refused' events per system per minute (the rest are only logged).
 */
const REFUSED_EVENTS_PER_MINUTE = 20;
const refusedCounts = new Map<string, { since: number; count: number }>();

function mayRecordRefusal(systemId: string, now: Date): boolean {
  const entry = refusedCounts.get(systemId);
  if (!entry || now.getTime() - entry.since >= 60_000 || now.getTime() < entry.since) {
    if (refusedCounts.size > 10_000) refusedCounts.clear();
    refusedCounts.set(systemId, { since: now.getTime(), count: 1 });
    return true;
  }
  entry.count += 1;
  return entry.count <= REFUSED_EVENTS_PER_MINUTE;
}

const text = (c: Context<ApiEnv>, status: 403 | 404 | 413, body: string) =>
  c.text(body, status, { 'cache-control': 'no-store' });

export const twilioWebhooksRouter = createRouter();

twilioWebhooksRouter.use(
  '/webhooks/twilio/*',
  bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.text('Request body too large.', 413) }),
);

for (const hook of HOOKS) {
  twilioWebhooksRouter.openapi(
    createRoute({
      method: 'post',
      path: `/webhooks/twilio/{system_id}/${hook.path}`,
      tags: ['Webhooks'],
      summary: `Twilio: ${hook.summary}`,
      description:
        'Called by Twilio with form-urlencoded parameters and X-Twilio-Signature (no bearer token). Answers TwiML.',
      request: { params: z.object({ system_id: z.string().openapi({ param: { name: 'system_id', in: 'path' } }) }) },
      responses: {
        200: { description: 'TwiML', content: { 'text/xml': { schema: z.string() } } },
        403: {
          description: 'Unsigned, wrongly signed, or Twilio is not configured',
          content: { 'text/plain': { schema: z.string() } },
        },
        404: { description: 'No such system', content: { 'text/plain': { schema: z.string() } } },
      },
    }),
    async (c): Promise<Response> => {
      const deps = c.var.deps;
      const systemId = c.req.param('system_id') ?? '';
      const system = systemId.length <= 100 ? await findSystemById(deps.db, systemId) : undefined;
      if (!system) return text(c, 404, 'No such system.');

      const { signed, params } = formParams(await c.req.text());
      const refuse = async (reason: string) => {
        if (mayRecordRefusal(system.id, deps.clock.now())) {
          await recordSystemEvent(deps, system, {
            kind: 'webhook',
            name: hook.event,
            outcome: 'refused',
            error: reason,
            // Whoever sent it chose these: kept short.
            details: {
              call_sid: params.CallSid?.slice(0, 64) ?? null,
              message_sid: params.MessageSid?.slice(0, 64) ?? null,
              from: params.From?.slice(0, 32) ?? null,
            },
          });
        }
        deps.log?.({ level: 'warn', msg: 'twilio webhook refused', system_id: system.id, path: hook.path, reason });
        return text(c, 403, 'Forbidden: the request is not signed by Twilio.');
      };

      if (!deps.twilio)
        return refuse('Twilio is not configured on this server (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN).');
      const signature = c.req.header('x-twilio-signature');
      if (!signature) return refuse('The request has no X-Twilio-Signature.');
      // The URL Twilio was given (PUBLIC_URL), not the one this server sees behind a proxy.
      const search = new URL(c.req.url).search;
      const url = `${webhookUrls(deps, system.id)[hook.url]}${search}`;
      if (!twilioSdk().validateRequest(deps.twilio.authToken, signature, url, signed)) {
        return refuse(
          'The X-Twilio-Signature does not match (check TWILIO_AUTH_TOKEN and that PUBLIC_URL is the address Twilio calls).',
        );
      }

      let answer: string | void;
      try {
        answer = await (hook.handle as Handler)(deps, system, params, {
          to: c.req.query('to') ?? '',
          test: c.req.query('test') === '1',
          kind: c.req.query('kind') ?? '',
        });
      } catch (error) {
        // The handlers answer safe TwiML themselves; this is the last resort.
        deps.log?.({
          level: 'error',
          msg: 'twilio webhook failed',
          system_id: system.id,
          path: hook.path,
          error: error instanceof Error ? error.stack : String(error),
        });
        await recordSystemEvent(deps, system, {
          kind: 'webhook',
          name: hook.event,
          outcome: 'failed',
          error: 'The server failed to handle this webhook.',
          details: { call_sid: params.CallSid ?? null, message_sid: params.MessageSid ?? null },
        });
        answer = hook.voice ? apologyTwiml() : emptyTwiml();
      }
      return c.body(typeof answer === 'string' && answer ? answer : emptyTwiml(), 200, {
        'content-type': TWIML,
        'cache-control': 'no-store',
      });
    },
  );
}
