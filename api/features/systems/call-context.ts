import { and, eq } from 'drizzle-orm';
import type { ApiCustomer } from '#contract/envelope';
import type { BusinessSettings } from '#contract/schemas/business-settings';
import type { ApiDeps } from '#api/deps';
import { businesses, customers, timelineItems } from '#api/db/schema';
import { settingsOf } from '../business-settings/service';
import { findOrCreateByPhone } from '../customers/service';
import type { TimelineRow } from '../timeline/service';
import { recordSystemEvent, webhookUrls, type SystemRow } from './store';
import { formatPhoneNumber, INTERNATIONAL } from '#contract/phone';

/**
 * What every inbound call handler shares (inbound-call.ts answers the call, call-outcome.ts
 * finishes it, inbound-sms.ts borrows the caller helpers): Twilio-shaped parameters, the state a
 * call item keeps in its details, the texts a caller hears, the business context a handler
 * works in, and finding the call and the caller.
 */

export type TwilioParams = Record<string, string>;
export type InboundDeps = ApiDeps;

/** What the call item keeps in details while the call goes on (and after). */
export type CallState = {
  call_sid?: string;
  conversation_id?: string | null;
  mode?: 'assistant' | 'voicemail';
  greeting?: string;
  forwarded_from?: string | null;
  /** Consecutive gathers with nothing said. */
  silence?: number;
  caller_spoke?: boolean;
  turns?: number;
  transfer_to?: string | null;
  transfer_status?: string | null;
  transferred_to?: string | null;
  recording?: boolean;
  recording_sid?: string | null;
  /** record_calls: starting the recording failed when the call arrived; the first gather tries once more. */
  recording_pending?: boolean;
  /** The whole-call recording (record_calls), stored as the call's WAV. */
  call_recording_sid?: string | null;
  call_recording_duration?: number;
  voicemail?: boolean;
  voicemail_transcript?: string | null;
  transcript?: string;
  summary?: string;
  finalized_at?: string;
  final_status?: string;
  duration_seconds?: number;
};

/** Twice nothing said in a row ends the call politely. */
export const SILENCE_LIMIT = 2;
/** A call this long in turns is wound up (a stuck loop must not run forever). */
export const TURN_LIMIT = 40;
export const VOICEMAIL_MAX_SECONDS = 120;
/** The mobile forwarding test call counts within this long of being placed. */
export const TEST_CALL_WINDOW_MS = 10 * 60 * 1000;

/**
 * What the call says. Whatever a handler makes the caller hear goes into the call's
 * conversation too (call-lines.ts), since the transcript and summary are read from it.
 */
export const CALL_TEXTS = {
  apology: "Sorry, we can't take your call right now. Please try again later.",
  notHeard: "Sorry, I didn't catch that. How can I help?",
  silentGoodbye: "I can't hear anything, so I'll end the call now. Please call back any time. Goodbye.",
  turnLimit: 'Thanks for calling. I need to end the call now; please call back if there is anything else. Goodbye.',
  transferring: 'Of course. Putting you through now, please hold.',
  transferUnsure: 'Let me put you through to someone who can help. Please hold.',
  transferFailed:
    "Sorry, nobody could take your call just now. Please leave a message after the tone and we'll get back to you.",
  voicemailAfter: "Sorry, I didn't get your message. Goodbye.",
  testCall: 'This is your test call. Call forwarding to your assistant works. You can hang up now.',
  testCallAnswered:
    'This is the forwarding test call from your assistant. To check call forwarding, let the next test call ring without answering, so it forwards to your assistant. Goodbye.',
  replyFailed: "Sorry, I'm having trouble answering right now. Could you say that again?",
} as const;

export const param = (params: TwilioParams, key: string): string =>
  typeof params?.[key] === 'string' ? params[key].trim() : '';
export const isPhone = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^\+\d{6,15}$/.test(value);
export const digits = (value: string) => value.replace(/\D/g, '');
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** The voice and recognition language for the business's country (Amazon Polly voices through Twilio). */
export function voiceFor(country: string | null | undefined): { voice: string; language: string } {
  switch ((country ?? '').toUpperCase()) {
    case 'GB':
      return { voice: 'Polly.Amy', language: 'en-GB' };
    case 'IE':
      return { voice: 'Polly.Amy', language: 'en-IE' };
    case 'AU':
      return { voice: 'Polly.Nicole', language: 'en-AU' };
    case 'CA':
      return { voice: 'Polly.Joanna', language: 'en-CA' };
    case 'NZ':
      return { voice: 'Polly.Nicole', language: 'en-NZ' };
    default:
      return { voice: 'Polly.Joanna', language: 'en-US' };
  }
}

type BusinessRow = typeof businesses.$inferSelect;
export type Context = {
  business: BusinessRow;
  settings: BusinessSettings;
  voice: { voice: string; language: string };
  urls: ReturnType<typeof webhookUrls>;
};

export async function loadContext(deps: InboundDeps, system: SystemRow): Promise<Context> {
  const [business] = await deps.db.select().from(businesses).where(eq(businesses.id, system.businessId)).limit(1);
  if (!business) throw new Error('The business of this system was not found');
  return {
    business,
    settings: settingsOf(business),
    voice: voiceFor(business.country),
    urls: webhookUrls(deps, system.id),
  };
}

/** A call item of this business by its CallSid. */
export async function findCallBySid(
  deps: Pick<ApiDeps, 'db'>,
  businessId: string,
  callSid: string,
): Promise<TimelineRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.businessId, businessId),
        eq(timelineItems.externalId, callSid),
        eq(timelineItems.type, 'call'),
      ),
    )
    .limit(1);
  return row;
}

export const stateOf = (row: Pick<TimelineRow, 'details'>) => row.details as CallState;

/** How the caller is named to the team: the contact's name, else their number. */
export function callerLabel(
  customer: Pick<ApiCustomer, 'name'> | { name: string } | null | undefined,
  phone: string | null | undefined,
): string {
  const name = customer?.name?.trim();
  if (name && name !== phone) return name;
  return phone ? formatPhoneNumber(phone, INTERNATIONAL) : 'an unknown caller';
}

/** The caller's contact: matched by phone or created (a withheld number matches no one). */
export async function findOrCreateCaller(
  deps: InboundDeps,
  businessId: string,
  phone: string,
): Promise<{ customer: ApiCustomer | null; phonesFound: string[] }> {
  if (!isPhone(phone)) return { customer: null, phonesFound: [] };
  const { customer } = await findOrCreateByPhone(deps, businessId, phone);
  return { customer, phonesFound: [phone] };
}

/** The caller as the team knows them: the contact's name, else the number. */
export async function customerName(
  deps: InboundDeps,
  businessId: string,
  customerId: string | null,
  phone: string | null,
): Promise<string> {
  if (!customerId) return callerLabel(null, phone);
  const [row] = await deps.db
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.businessId, businessId)))
    .limit(1);
  return callerLabel(row ? { name: [row.firstName, row.lastName].filter(Boolean).join(' ') } : null, phone);
}

/** A handler's failure: logged and recorded as a 'failed' event (the handler then answers safe TwiML). */
export async function fail(
  deps: InboundDeps,
  system: SystemRow,
  name: string,
  error: unknown,
  details: Record<string, unknown> = {},
) {
  deps.log?.({
    level: 'warn',
    msg: `webhook ${name} failed`,
    system_id: system.id,
    error: error instanceof Error ? error.stack : String(error),
  });
  await recordSystemEvent(deps, system, { kind: 'webhook', name, outcome: 'failed', error: errorText(error), details });
}

/** Thrown for input that cannot be handled: the message is the event's error. */
export class BadWebhook extends Error {}
