import { and, eq, lt, sql } from 'drizzle-orm';
import type { ApiTimelineItem } from '#contract/envelope';
import { DEFAULT_SETTINGS, type MobileSettings } from '#contract/schemas/system';
import type { ApiDeps } from '#api/deps';
import { businesses, customers, rateMarks } from '#api/db/schema';
import { renderTemplate } from '../notifications/notify-members';
import { createSms } from '../timeline/service';
import { recordSystemEvent, webhookUrls, type SystemRow } from './store';
import { addressableName } from '../customers/records';
import { sendBusinessSms, SmsOptedOutError, smsOptOutsOf } from './sms-opt-outs';

/**
 * Missed-call text-back: a missed call or a voicemail texts the caller (the system's
 * template), never more than once per caller per business per hour. The hour is claimed
 * in one statement on rate_marks:
 *   INSERT (key, now) ON CONFLICT (key) DO UPDATE SET at = now WHERE rate_marks.at < now - 1h RETURNING
 * A row comes back only for the request that claimed it, so two webhooks racing send one SMS.
 */
/** A phone system's settings (telephony or mobile; a lead catcher has none of these, so the defaults answer). */
export function phoneSettings(system: Pick<SystemRow, 'name' | 'settings'>): MobileSettings {
  return { ...DEFAULT_SETTINGS.mobile, ...(system.name === 'leadcatcher' ? {} : system.settings) } as MobileSettings;
}

export const TEXT_BACK_WINDOW_MS = 60 * 60 * 1000;

export const textBackKey = (businessId: string, phone: string) => `text-back:${businessId}:${phone}`;

/** Claims the caller's hour; true when this request may send. */
export async function claimTextBack(
  deps: Pick<ApiDeps, 'db' | 'clock'>,
  businessId: string,
  phone: string,
): Promise<{ claimed: boolean; at: Date }> {
  const now = deps.clock.now();
  const windowStart = new Date(now.getTime() - TEXT_BACK_WINDOW_MS);
  const rows = await deps.db
    .insert(rateMarks)
    .values({ key: textBackKey(businessId, phone), at: now })
    .onConflictDoUpdate({
      target: rateMarks.key,
      set: { at: sql`excluded.at` },
      setWhere: lt(rateMarks.at, windowStart),
    })
    .returning({ key: rateMarks.key });
  return { claimed: rows.length > 0, at: now };
}

export type TextBackInput = {
  to: string;
  customerId: string | null;
  callId: string;
  /** The action's own template; null = the system's text_back_template. */
  template?: string | null;
  /** The action run sending it (details.action_id / run_id on the SMS item). */
  run?: { actionId: string; runId: string };
};

export type TextBackResult =
  | { sent: true; sms: ApiTimelineItem; reason: null }
  | { sent: false; sms: null; outcome: 'off' | 'invalid' | 'duplicate' | 'failed'; reason: string };

const notSent = (outcome: 'off' | 'invalid' | 'duplicate' | 'failed', reason: string): TextBackResult => ({
  sent: false,
  sms: null,
  outcome,
  reason,
});

/**
 * Sends the text-back for a missed call or voicemail when the system's settings want one and
 * the caller had none this hour (called by the ready-made "Text back missed
 * calls" action, see api/services/actions). Answers the outbound SMS item, or why nothing
 * went out (off, rate-limited, no number, or the provider failed: then the hour is
 * released so a later call may retry).
 */
export async function sendMissedCallTextBack(
  deps: ApiDeps,
  system: SystemRow,
  input: TextBackInput,
): Promise<TextBackResult> {
  if (system.name === 'leadcatcher' || !system.phoneNumber)
    return notSent('off', 'The call did not come in on a phone number.');
  const settings = phoneSettings(system);
  if (!settings.missed_call_text_back) return notSent('off', `Text-back is switched off for ${system.phoneNumber}.`);
  if (!/^\+\d{6,15}$/.test(input.to) || input.to === system.phoneNumber)
    return notSent('invalid', "The caller's number is withheld or cannot be texted.");
  // Checked before the hour is claimed: a caller who texted STOP is skipped, not "failed".
  if ((await smsOptOutsOf(deps.db, system.businessId, [input.to])).size > 0)
    return notSent('off', new SmsOptedOutError(input.to).message);

  const claim = await claimTextBack(deps, system.businessId, input.to);
  if (!claim.claimed) {
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'sms.text_back',
      outcome: 'duplicate',
      details: { to: input.to, call_id: input.callId, reason: 'Already texted this caller within the hour' },
    });
    return notSent('duplicate', `Already texted ${input.to} within the hour.`);
  }

  const [business] = await deps.db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, system.businessId))
    .limit(1);
  const [customer] = input.customerId
    ? await deps.db
        .select({ firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(eq(customers.id, input.customerId))
        .limit(1)
    : [];
  // A contact created from the number alone is "named" by it (grouped for reading): greet them as "there".
  const firstName = customer ? addressableName(customer.firstName) : null;
  const body = renderTemplate(input.template || settings.text_back_template, {
    first_name: firstName,
    name: firstName ? [firstName, customer?.lastName].filter(Boolean).join(' ') : null,
    business_name: business?.name ?? null,
  });
  const runDetails = input.run ? { action_id: input.run.actionId, run_id: input.run.runId } : {};

  try {
    const sent = await sendBusinessSms(deps, system.businessId, {
      to: input.to,
      from: system.phoneNumber,
      body,
      statusCallback: webhookUrls(deps, system.id).status,
    });
    const sms = await createSms(deps, {
      businessId: system.businessId,
      direction: 'outbound',
      from: system.phoneNumber,
      to: input.to,
      body,
      customerId: input.customerId,
      status: sent.status,
      details: { purpose: 'missed_call_text_back', call_id: input.callId, provider_id: sent.id, ...runDetails },
      externalId: sent.id,
      systemId: system.id,
    });
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'sms.text_back',
      outcome: 'ok',
      details: { to: input.to, call_id: input.callId, sms_id: sms._id, ...runDetails },
    });
    return { sent: true, sms, reason: null };
  } catch (error) {
    // Not sent: give the hour back (only our own claim), so the next missed call tries again.
    await deps.db
      .delete(rateMarks)
      .where(and(eq(rateMarks.key, textBackKey(system.businessId, input.to)), eq(rateMarks.at, claim.at)))
      .catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'sms.text_back',
      outcome: 'failed',
      error: reason,
      details: { to: input.to, call_id: input.callId },
    });
    deps.log?.({ level: 'warn', msg: 'missed-call text-back failed', system_id: system.id, error: String(error) });
    return notSent('failed', reason);
  }
}
