import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { ApiTimelineItem } from '#contract/envelope';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { customers, timelineItems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { notFound } from '#api/lib/errors';
import { entityChanged } from '#api/lib/events';
import { serializeRow, TYPE_INFO, type TimelineType } from './records';
import { emitOutgoingEvent } from '../outgoing-webhooks/deliveries';

/**
 * Calls, SMS, forms and website chats on the timeline: only the system writes these (the
 * telephony provider, the lead catcher, the chat widget). Each write commits, publishes its
 * realtime event and answers the serialised item. Notes and tasks are timeline.ts.
 */
export type TimelineDeps = Pick<ApiDeps, 'db' | 'clock' | 'broadcaster'>;

/** What a call, an SMS or a form records; only the system creates these (docs/product.md#capabilities). */
export type SystemItemInput = {
  businessId: string;
  direction?: 'inbound' | 'outbound';
  status?: string | null;
  from?: string | null;
  to?: string | null;
  body?: string | null;
  /** The contact; when left out, the contact whose phone matches the other party (or phones_found), if any. */
  customerId?: string | null;
  phonesFound?: string[];
  details?: Record<string, unknown>;
  /** When it happened (default now): its created_at and sort_at. */
  at?: Date;
  /** The provider's id (CallSid, MessageSid): unique per business, so a retried webhook cannot create a second item. */
  externalId?: string | null;
  /** The system (number, lead catcher) it came through or went out from. */
  systemId?: string | null;
};

/** A call: `status` 'voicemail' or 'missed_call' (labelled so), else e.g. 'completed'. */
export type CallInput = SystemItemInput & {
  direction: 'inbound' | 'outbound';
  details?: {
    duration_seconds?: number;
    transcript?: string;
    summary?: string;
    recording?: boolean;
    [key: string]: unknown;
  };
};
export type SmsInput = SystemItemInput & { direction: 'inbound' | 'outbound'; body: string };
/** A web form (lead catcher): the submitted fields in details.fields, a summary in body. */
export type FormInput = Omit<SystemItemInput, 'direction'> & {
  details?: { fields?: Record<string, string>; form_name?: string; page_url?: string; [key: string]: unknown };
};

export async function publishTimelineItem(
  deps: TimelineDeps,
  kind: 'Created' | 'Updated' | 'Deleted',
  item: ApiTimelineItem,
  businessId: string,
) {
  await entityChanged(deps, businessId, TYPE_INFO[item.type].entity, kind, item);
}

/** A live contact of this business, by id; or the one whose phone is among `phones`. */
export async function resolveCustomer(
  db: Db,
  businessId: string,
  customerId: string | null | undefined,
  phones: (string | null | undefined)[],
) {
  if (customerId) {
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.businessId, businessId), isNull(customers.deletedAt)))
      .limit(1);
    return row?.id ?? null;
  }
  const wanted = [...new Set(phones.filter((phone): phone is string => Boolean(phone)))];
  if (customerId === null || wanted.length === 0) return null;
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.businessId, businessId),
        isNull(customers.deletedAt),
        or(...wanted.map((phone) => sql`${customers.phones} @> ${JSON.stringify([phone])}::jsonb`)),
      ),
    )
    .orderBy(sql`${customers.updatedAt} desc`)
    .limit(1);
  return row?.id ?? null;
}

async function createSystemItem(
  deps: TimelineDeps,
  type: Exclude<TimelineType, 'note'>,
  input: SystemItemInput,
): Promise<ApiTimelineItem> {
  const { db, clock } = deps;
  const at = input.at ?? clock.now();
  const direction = input.direction ?? 'inbound';
  const counterpart = direction === 'inbound' ? input.from : input.to;
  const customerId = await resolveCustomer(db, input.businessId, input.customerId, [
    counterpart,
    ...(input.phonesFound ?? []),
  ]);
  if (input.customerId && !customerId) throw notFound('The contact');
  const [row] = await db
    .insert(timelineItems)
    .values({
      id: newId(),
      businessId: input.businessId,
      type,
      direction,
      status: input.status ?? null,
      from: input.from ?? null,
      to: input.to ?? null,
      body: input.body ?? null,
      customerId,
      phonesFound: input.phonesFound ?? [],
      details: input.details ?? {},
      externalId: input.externalId ?? null,
      systemId: input.systemId ?? null,
      sortAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const item = await serializeRow(db, row);
  await publishTimelineItem(deps, 'Created', item, row.businessId);
  // An SMS received and a web form lead go to the business's outgoing webhooks (calls when they end).
  if (type === 'sms' && direction === 'inbound')
    await emitOutgoingEvent(deps, row.businessId, 'sms.received', { sms: item });
  if (type === 'form') await emitOutgoingEvent(deps, row.businessId, 'lead.received', { form: item });
  return item;
}

export const createCall = (deps: TimelineDeps, input: CallInput) => createSystemItem(deps, 'call', input);
export const createSms = (deps: TimelineDeps, input: SmsInput) => createSystemItem(deps, 'sms', input);
export const createForm = (deps: TimelineDeps, input: FormInput) =>
  createSystemItem(deps, 'form', { ...input, direction: 'inbound' });
/** A website chat message (docs/inbox.md#website-chat): the visitor's, the assistant's or a member's. */
export const createChat = (deps: TimelineDeps, input: SmsInput) => createSystemItem(deps, 'chat', input);

/** What the system may change on a call, SMS or form later (e.g. a call ends: status, transcript, recording). */
export type SystemItemChanges = {
  status?: string | null;
  body?: string | null;
  customerId?: string | null;
  phonesFound?: string[];
  /** Merged into the stored details (a key set to null is kept as null). */
  details?: Record<string, unknown>;
};

async function updateSystemItem(
  deps: TimelineDeps,
  type: Exclude<TimelineType, 'note'>,
  businessId: string,
  id: string,
  changes: SystemItemChanges,
): Promise<ApiTimelineItem> {
  const { db, clock } = deps;
  const item = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(timelineItems)
      .where(and(eq(timelineItems.id, id), eq(timelineItems.businessId, businessId), eq(timelineItems.type, type)))
      .for('update')
      .limit(1);
    if (!current) throw notFound(`The ${TYPE_INFO[type].lower}`);
    const customerId =
      changes.customerId === undefined
        ? current.customerId
        : await resolveCustomer(tx, businessId, changes.customerId, []);
    if (changes.customerId && !customerId) throw notFound('The contact');
    const [row] = await tx
      .update(timelineItems)
      .set({
        status: changes.status === undefined ? current.status : changes.status,
        body: changes.body === undefined ? current.body : changes.body,
        customerId,
        phonesFound: changes.phonesFound ?? current.phonesFound,
        details: changes.details ? { ...current.details, ...changes.details } : current.details,
        updatedAt: clock.now(),
      })
      .where(eq(timelineItems.id, current.id))
      .returning();
    return row;
  });
  const serialized = await serializeRow(db, item);
  // A deleted item changes quietly: it is in no client's list.
  if (!item.deletedAt) await publishTimelineItem(deps, 'Updated', serialized, businessId);
  return serialized;
}

export const updateCall = (deps: TimelineDeps, businessId: string, id: string, changes: SystemItemChanges) =>
  updateSystemItem(deps, 'call', businessId, id, changes);
export const updateSms = (deps: TimelineDeps, businessId: string, id: string, changes: SystemItemChanges) =>
  updateSystemItem(deps, 'sms', businessId, id, changes);
export const updateChat = (deps: TimelineDeps, businessId: string, id: string, changes: SystemItemChanges) =>
  updateSystemItem(deps, 'chat', businessId, id, changes);
export const updateForm = (deps: TimelineDeps, businessId: string, id: string, changes: SystemItemChanges) =>
  updateSystemItem(deps, 'form', businessId, id, changes);
