import { and, eq } from 'drizzle-orm';
import { smsOptOutMessages } from '#contract/messages';
import { formatPhoneNumber, INTERNATIONAL } from '#contract/phone';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { smsOptOuts } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { anyText } from '#api/lib/sql-any';
import { TelephonyError, type Sms, type SmsResult } from '#api/services/telephony/provider';

/**
 * SMS opt-outs. A number that texts STOP (or another of the carriers'
 * opt-out words) to any of a business's numbers is recorded per business and number, and
 * that business then sends it no SMS at all — actions, assistant replies, text-backs,
 * order and question notices, the owner's own messages — until it texts START. Every
 * business SMS goes through sendBusinessSms, the one check; the carrier would refuse them
 * anyway (Twilio error 21610), but then the reason would be a provider failure.
 */

/** The opt-out and opt-in words carriers and Twilio act on, alone in the message. */
const OPT_OUT = /^\s*(stop|stopall|unsubscribe|cancel|end|quit|optout|revoke)\s*[.!]*\s*$/i;
const OPT_IN = /^\s*(start|unstop|yes|optin)\s*[.!]*\s*$/i;
/** Keywords the carrier answers itself; the assistant stays out of them. */
const CARRIER_ONLY = /^\s*(help|info)\s*[.!]*\s*$/i;

export type SmsKeyword = 'opt_out' | 'opt_in' | 'carrier' | null;

export function smsKeyword(text: string): SmsKeyword {
  if (OPT_OUT.test(text)) return 'opt_out';
  if (OPT_IN.test(text)) return 'opt_in';
  if (CARRIER_ONLY.test(text)) return 'carrier';
  return null;
}

/** Records a STOP (kept once; a repeat keeps the first) or undoes it on START. Answers the keyword. */
export async function recordSmsKeyword(
  deps: Pick<ApiDeps, 'db' | 'clock'>,
  businessId: string,
  phone: string,
  text: string,
): Promise<SmsKeyword> {
  const keyword = smsKeyword(text);
  if (keyword === 'opt_out') {
    await deps.db
      .insert(smsOptOuts)
      .values({
        id: newId(),
        businessId,
        phone,
        keyword: text
          .trim()
          .replace(/[.!]+$/, '')
          .toUpperCase(),
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing();
  } else if (keyword === 'opt_in') {
    await deps.db.delete(smsOptOuts).where(and(eq(smsOptOuts.businessId, businessId), eq(smsOptOuts.phone, phone)));
  }
  return keyword;
}

/** When each of these numbers opted out of this business's SMS (numbers that did not are absent). */
export async function smsOptOutsOf(db: Db, businessId: string, phones: string[]): Promise<Map<string, Date>> {
  if (phones.length === 0) return new Map();
  const rows = await db
    .select({ phone: smsOptOuts.phone, createdAt: smsOptOuts.createdAt })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.businessId, businessId), anyText(smsOptOuts.phone, phones)));
  return new Map(rows.map((row) => [row.phone, row.createdAt]));
}

/** The number opted out: a TelephonyError, so every sender's existing "not sent, because…" path says so. */
export class SmsOptedOutError extends TelephonyError {
  constructor(readonly phone: string) {
    super(smsOptOutMessages.optedOut(formatPhoneNumber(phone, INTERNATIONAL)));
    this.name = 'SmsOptedOutError';
  }
}

/** Every SMS a business sends: refused with SmsOptedOutError when the number texted STOP to it. */
export async function sendBusinessSms(
  deps: Pick<ApiDeps, 'db' | 'telephony'>,
  businessId: string,
  sms: Sms,
): Promise<SmsResult> {
  if ((await smsOptOutsOf(deps.db, businessId, [sms.to])).size > 0) throw new SmsOptedOutError(sms.to);
  return deps.telephony.sendSms(sms);
}
