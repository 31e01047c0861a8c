import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ApiTimelineItem } from '#contract/envelope';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { businesses, systems } from '#api/db/schema';
import { createNote, createSms } from '../timeline/service';
import { TelephonyError } from '#api/services/telephony/provider';
import { recordSystemEvent, webhookUrls, type SystemRow } from './store';
import { sendBusinessSms } from './sms-opt-outs';

/**
 * Messages the business sends a customer on its own (a lead's follow-up, the answer to a
 * question the assistant could not answer): an SMS from the business's number, recorded as
 * an outbound SMS on the timeline, or an email, recorded as a note on the customer's
 * timeline. Both answer what happened instead of throwing, so the caller decides how to say it.
 */
export type CustomerMessageDeps = Pick<
  ApiDeps,
  'db' | 'clock' | 'broadcaster' | 'telephony' | 'mailer' | 'publicUrl' | 'log'
>;

export type SentMessage =
  | { ok: true; channel: 'sms'; to: string; item: ApiTimelineItem | null; system: SystemRow }
  | { ok: true; channel: 'email'; to: string; item: ApiTimelineItem | null }
  | { ok: false; channel: 'sms' | 'email'; to: string | null; reason: string };

/** The number the business texts from: its oldest live telephony system with a number, else a mobile system's. */
export async function businessNumberSystem(db: Db, businessId: string): Promise<SystemRow | undefined> {
  const [row] = await db
    .select()
    .from(systems)
    .where(
      and(
        eq(systems.businessId, businessId),
        isNull(systems.deletedAt),
        isNotNull(systems.phoneNumber),
        sql`${systems.name} in ('telephony', 'mobile')`,
      ),
    )
    .orderBy(sql`case when ${systems.name} = 'telephony' then 0 else 1 end`, asc(systems.createdAt), asc(systems.id))
    .limit(1);
  return row;
}

export async function businessName(db: Db, businessId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row?.name ?? null;
}

/**
 * Text a customer from the business number. The SMS is an outbound timeline item (its
 * provider id as external_id, so the status callback finds it) with details.purpose, and
 * an sms.sent event on the sending system. No number, or the provider refused → ok: false.
 */
export async function sendCustomerSms(
  deps: CustomerMessageDeps,
  input: {
    businessId: string;
    to: string;
    body: string;
    customerId?: string | null;
    purpose: string;
    details?: Record<string, unknown>;
    system?: SystemRow;
  },
): Promise<SentMessage> {
  const system = input.system?.phoneNumber ? input.system : await businessNumberSystem(deps.db, input.businessId);
  if (!system?.phoneNumber)
    return {
      ok: false,
      channel: 'sms',
      to: input.to,
      reason: 'the business has no phone number to text from (set one up under Settings → Systems)',
    };
  let result;
  try {
    result = await sendBusinessSms(deps, input.businessId, {
      to: input.to,
      body: input.body,
      from: system.phoneNumber,
      statusCallback: webhookUrls(deps, system.id).status,
    });
  } catch (error) {
    const reason = error instanceof TelephonyError ? error.message : 'the SMS provider did not accept the message';
    deps.log?.({
      level: 'warn',
      msg: 'customer sms failed',
      system_id: system.id,
      purpose: input.purpose,
      error: String(error),
    });
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'sms.sent',
      outcome: 'failed',
      error: reason,
      details: { to: input.to, purpose: input.purpose },
    });
    return { ok: false, channel: 'sms', to: input.to, reason };
  }
  // Sent: recording it must not turn the send into a failure (the customer has the SMS).
  let item: ApiTimelineItem | null = null;
  try {
    item = await createSms(deps, {
      businessId: input.businessId,
      direction: 'outbound',
      status: result.status,
      from: system.phoneNumber,
      to: input.to,
      body: input.body,
      customerId: input.customerId ?? undefined,
      details: { purpose: input.purpose, ...input.details },
      externalId: result.id,
      systemId: system.id,
    });
  } catch (error) {
    deps.log?.({
      level: 'error',
      msg: 'customer sms sent but not recorded',
      system_id: system.id,
      purpose: input.purpose,
      error: String(error),
    });
  }
  await recordSystemEvent(deps, system, {
    kind: 'action',
    name: 'sms.sent',
    outcome: 'ok',
    details: { to: input.to, purpose: input.purpose, sms_id: item?._id ?? null, provider_id: result.id },
  });
  return { ok: true, channel: 'sms', to: input.to, item, system };
}

const NOTE_LIMIT = 5000;

/**
 * Email a customer (the mailer: SMTP, or the outbox only), then note it on the customer's
 * timeline: "Emailed <to> (<what>): <text>". The email is sent even when the note fails.
 */
export async function sendCustomerEmail(
  deps: CustomerMessageDeps,
  input: {
    businessId: string;
    to: string;
    subject: string;
    text: string;
    customerId?: string | null;
    noteLabel: string;
  },
): Promise<SentMessage> {
  try {
    await deps.mailer.send({ to: input.to, subject: input.subject, text: input.text });
  } catch (error) {
    deps.log?.({ level: 'warn', msg: 'customer email failed', purpose: input.noteLabel, error: String(error) });
    return { ok: false, channel: 'email', to: input.to, reason: 'the email could not be sent' };
  }
  let item: ApiTimelineItem | null = null;
  try {
    const body = `Emailed ${input.to} (${input.noteLabel}): ${input.text}`;
    item = await createNote(deps, input.businessId, {
      body: body.length > NOTE_LIMIT ? `${body.slice(0, NOTE_LIMIT - 1)}…` : body,
      customer_id: input.customerId ?? null,
      internal: true,
    });
  } catch (error) {
    deps.log?.({ level: 'warn', msg: 'customer email not noted', purpose: input.noteLabel, error: String(error) });
  }
  return { ok: true, channel: 'email', to: input.to, item };
}
