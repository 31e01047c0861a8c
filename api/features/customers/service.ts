import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { EntityEventKind } from '#contract/realtime';
import type { ApiCustomer } from '#contract/envelope';
import type { CustomerStatus } from '#contract/schemas/customer';
import type { ApiDeps } from '#api/deps';
import { conversations, customers, notifications, timelineItems, type Address } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { ApiError, invalid, notFound } from '#api/lib/errors';
import { entityChanged } from '#api/lib/events';
import { findCustomer, loadDuplicates, serializeCustomers, serializeOne, type CustomerRow } from './records';
import { formatPhoneNumber, INTERNATIONAL } from '#contract/phone';
import { emitOutgoingEvent } from '../outgoing-webhooks/deliveries';

export { findCustomer, listCustomers, serializeCustomer, displayName } from './records';

/**
 * Customer writes ("Contacts" on screen). The v1 routes, the demo seed and the systems
 * that create contacts on their own (telephony, lead catcher) all go through these, so
 * every write is normalised the same way and publishes its realtime events (after the
 * write has committed).
 */
export type CustomerDeps = Pick<ApiDeps, 'db' | 'clock' | 'broadcaster'>;

export type NewCustomer = {
  first_name: string;
  last_name?: string | null;
  status: CustomerStatus;
  emails?: string[];
  phones?: string[];
  addresses?: Address[];
};
/** A partial update; last_name null (or '') clears it, a list given replaces the old one. */
export type CustomerPatch = Partial<NewCustomer>;

const contactNotFound = () => notFound('The contact');

const unique = (values: string[]) => [...new Set(values)];
const normaliseEmails = (emails: string[]) => unique(emails.map((email) => email.trim().toLowerCase()).filter(Boolean));
const normalisePhones = (phones: string[]) => unique(phones.map((phone) => phone.trim()).filter(Boolean));

const ADDRESS_FIELDS = ['line_1', 'city', 'state', 'postcode', 'country'] as const;
/** Only the five address fields, blanks dropped; empty addresses and repeats removed. */
function normaliseAddresses(addresses: Address[]): Address[] {
  const seen = new Set<string>();
  const result: Address[] = [];
  for (const address of addresses) {
    const clean: Address = {};
    for (const field of ADDRESS_FIELDS) {
      const value = address[field]?.trim();
      if (value) clean[field] = value;
    }
    const key = ADDRESS_FIELDS.map((field) => (clean[field] ?? '').toLowerCase()).join('\u0000');
    if (Object.keys(clean).length === 0 || seen.has(key)) continue;
    seen.add(key);
    result.push(clean);
  }
  return result;
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Publish <kind> for the contact, and CustomerUpdated for every other contact whose
 * duplicates flag this write changed (those it shared a phone or email with before or
 * after), so a client patching records one by one stays right.
 */
async function publish(
  deps: CustomerDeps,
  businessId: string,
  kind: EntityEventKind,
  customer: ApiCustomer,
  previouslyShared: string[] = [],
  skip: string[] = [],
) {
  await entityChanged(deps, businessId, 'Customer', kind, customer);
  // Every new contact (typed in, or found by a first call, SMS or form) goes to the business's endpoints.
  if (kind === 'Created') await emitOutgoingEvent(deps, businessId, 'contact.created', { contact: customer });
  await publishOthers(deps, businessId, customer, previouslyShared, skip);
}

/** CustomerUpdated for the other contacts whose duplicates this write changed (see publish). */
async function publishOthers(
  deps: CustomerDeps,
  businessId: string,
  customer: ApiCustomer,
  previouslyShared: string[] = [],
  skip: string[] = [],
) {
  const others = new Set([...previouslyShared, ...customer.duplicates.map((duplicate) => duplicate._id)]);
  for (const id of [customer._id, ...skip]) others.delete(id);
  if (others.size === 0) return;
  const rows = await deps.db
    .select()
    .from(customers)
    .where(and(inArray(customers.id, [...others]), isNull(customers.deletedAt)));
  for (const record of await serializeCustomers(deps.db, businessId, rows)) {
    await entityChanged(deps, businessId, 'Customer', 'Updated', record);
  }
}

async function sharedWith(deps: CustomerDeps, businessId: string, id: string): Promise<string[]> {
  return ((await loadDuplicates(deps.db, businessId, [id])).get(id) ?? []).map((duplicate) => duplicate._id);
}

export async function createCustomer(deps: CustomerDeps, businessId: string, input: NewCustomer): Promise<ApiCustomer> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(customers)
    .values({
      id: newId(),
      businessId,
      firstName: input.first_name.trim(),
      lastName: blankToNull(input.last_name),
      status: input.status,
      emails: normaliseEmails(input.emails ?? []),
      phones: normalisePhones(input.phones ?? []),
      addresses: normaliseAddresses(input.addresses ?? []),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const customer = await serializeOne(deps.db, row);
  await publish(deps, businessId, 'Created', customer);
  return customer;
}

export async function updateCustomer(
  deps: CustomerDeps,
  businessId: string,
  id: string,
  patch: CustomerPatch,
): Promise<ApiCustomer> {
  // The UPDATE's own WHERE tells a missing contact (404), so it is not read first.
  const before = await sharedWith(deps, businessId, id);
  const [row] = await deps.db
    .update(customers)
    .set({
      firstName: patch.first_name?.trim() || undefined,
      lastName: patch.last_name === undefined ? undefined : blankToNull(patch.last_name),
      status: patch.status,
      emails: patch.emails ? normaliseEmails(patch.emails) : undefined,
      phones: patch.phones ? normalisePhones(patch.phones) : undefined,
      addresses: patch.addresses ? normaliseAddresses(patch.addresses) : undefined,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(customers.id, id), eq(customers.businessId, businessId), isNull(customers.deletedAt)))
    .returning();
  if (!row) throw contactNotFound();
  // The browsers showing the contact wait for this event (a live update, docs/realtime.md):
  // it goes out as soon as the write has committed, before the contact is read back for the
  // answer and before the events of the contacts it shares a phone or email with.
  await entityChanged(deps, businessId, 'Customer', 'Updated', { _id: row.id });
  const customer = await serializeOne(deps.db, row);
  await publishOthers(deps, businessId, customer, before);
  return customer;
}

/**
 * Soft delete: only deleted_at is set (updated_at is left alone), so a restore brings back
 * exactly the record that was deleted. The contact's timeline keeps pointing at it.
 */
export async function deleteCustomer(deps: CustomerDeps, businessId: string, id: string): Promise<ApiCustomer> {
  const before = await sharedWith(deps, businessId, id);
  const [row] = await deps.db
    .update(customers)
    .set({ deletedAt: deps.clock.now() })
    .where(and(eq(customers.id, id), eq(customers.businessId, businessId), isNull(customers.deletedAt)))
    .returning();
  if (!row) throw contactNotFound();
  const customer = await serializeOne(deps.db, row);
  await publish(deps, businessId, 'Deleted', customer, before);
  return customer;
}

/**
 * Undo a delete. A merged contact cannot come back: its timeline now belongs to the
 * contact it was merged into. Restore publishes CustomerCreated, because a client that
 * removed the record on CustomerDeleted has to add it again (an Updated would only patch).
 */
export async function restoreCustomer(deps: CustomerDeps, businessId: string, id: string): Promise<ApiCustomer> {
  const existing = await findCustomer(deps.db, businessId, id, { deleted: true });
  if (!existing) throw notFound('The deleted contact');
  if (existing.mergedIntoId)
    throw new ApiError(422, ['This contact was merged into another contact, so it cannot be restored.']);
  const [row] = await deps.db
    .update(customers)
    .set({ deletedAt: null })
    .where(and(eq(customers.id, id), eq(customers.businessId, businessId)))
    .returning();
  const customer = await serializeOne(deps.db, row);
  await publish(deps, businessId, 'Created', customer);
  return customer;
}

/**
 * Merge `mergedId` into `survivorId`: the survivor gains the other's emails, phones and
 * addresses (and its last name when it had none), every timeline item and notification
 * of the merged contact (deleted ones too, so a later restore of an item lands on the
 * survivor) is re-pointed to the survivor, and the merged contact is soft-deleted with
 * merged_into_id. All in one transaction with both rows locked, so two merges of the same
 * pair cannot interleave.
 */
export async function mergeCustomers(deps: CustomerDeps, businessId: string, survivorId: string, mergedId: string) {
  if (survivorId === mergedId) throw invalid({ merge_id: ['A contact cannot be merged into itself.'] });
  const beforeSurvivor = await sharedWith(deps, businessId, survivorId);
  const beforeMerged = await sharedWith(deps, businessId, mergedId);
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(customers)
      .where(
        and(
          inArray(customers.id, [survivorId, mergedId]),
          eq(customers.businessId, businessId),
          isNull(customers.deletedAt),
        ),
      )
      .orderBy(asc(customers.id))
      .for('update');
    const survivor = rows.find((row) => row.id === survivorId);
    const merged = rows.find((row) => row.id === mergedId);
    if (!survivor) throw contactNotFound();
    if (!merged)
      throw new ApiError(404, ['The contact to merge was not found.'], {
        merge_id: ['The contact to merge was not found.'],
      });

    const [updated] = await tx
      .update(customers)
      .set({
        lastName: survivor.lastName ?? merged.lastName,
        emails: normaliseEmails([...survivor.emails, ...merged.emails]),
        phones: normalisePhones([...survivor.phones, ...merged.phones]),
        addresses: normaliseAddresses([...survivor.addresses, ...merged.addresses]),
        updatedAt: now,
      })
      .where(eq(customers.id, survivorId))
      .returning();
    const movedItems = await tx
      .update(timelineItems)
      .set({ customerId: survivorId })
      .where(and(eq(timelineItems.customerId, mergedId), eq(timelineItems.businessId, businessId)))
      .returning({ id: timelineItems.id });
    const movedNotifications = await tx
      .update(notifications)
      .set({ customerId: survivorId })
      .where(and(eq(notifications.customerId, mergedId), eq(notifications.businessId, businessId)))
      .returning({ id: notifications.id });
    // The assistant's conversations with the caller follow them too.
    await tx
      .update(conversations)
      .set({ customerId: survivorId })
      .where(and(eq(conversations.customerId, mergedId), eq(conversations.businessId, businessId)));
    const [gone] = await tx
      .update(customers)
      .set({ deletedAt: now, mergedIntoId: survivorId })
      .where(eq(customers.id, mergedId))
      .returning();
    return { updated, gone, movedItems: movedItems.length, movedNotifications: movedNotifications.length };
  });
  const [customer, mergedRecord] = await serializeCustomers(deps.db, businessId, [outcome.updated, outcome.gone]);
  await publish(deps, businessId, 'Updated', customer, [...beforeSurvivor, ...beforeMerged], [mergedId]);
  await entityChanged(deps, businessId, 'Customer', 'Deleted', mergedRecord);
  return {
    customer,
    merged: mergedRecord,
    moved: { timeline_items: outcome.movedItems, notifications: outcome.movedNotifications },
  };
}

/**
 * The contact a call, SMS or form belongs to: the oldest live contact of the business with
 * this phone (or email), or a new lead named after it. A transaction-scoped advisory lock
 * on (business, value) makes two simultaneous first calls from one number create one contact.
 */
async function findOrCreateBy(
  deps: CustomerDeps,
  businessId: string,
  field: 'phones' | 'emails',
  value: string,
  defaults: Partial<NewCustomer>,
) {
  const column = field === 'phones' ? customers.phones : customers.emails;
  const outcome = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer:${businessId}:${value}`}))`);
    const [found] = await tx
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.businessId, businessId),
          isNull(customers.deletedAt),
          sql`${column} @> ${JSON.stringify([value])}::jsonb`,
        ),
      )
      .orderBy(asc(customers.createdAt), asc(customers.id))
      .limit(1);
    if (found) return { row: found, created: false };
    const now = deps.clock.now();
    const [row] = await tx
      .insert(customers)
      .values({
        id: newId(),
        businessId,
        // Named by the number until someone names them: as people read it, not raw E.164.
        firstName:
          defaults.first_name?.trim() || (field === 'phones' ? formatPhoneNumber(value, INTERNATIONAL) : value),
        lastName: blankToNull(defaults.last_name),
        status: defaults.status ?? 'lead',
        emails: normaliseEmails([...(field === 'emails' ? [value] : []), ...(defaults.emails ?? [])]),
        phones: normalisePhones([...(field === 'phones' ? [value] : []), ...(defaults.phones ?? [])]),
        addresses: normaliseAddresses(defaults.addresses ?? []),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { row, created: true };
  });
  const customer = await serializeOne(deps.db, outcome.row as CustomerRow);
  if (outcome.created) await publish(deps, businessId, 'Created', customer);
  return { customer, created: outcome.created };
}

export function findOrCreateByPhone(
  deps: CustomerDeps,
  businessId: string,
  phone: string,
  defaults: Partial<NewCustomer> = {},
) {
  return findOrCreateBy(deps, businessId, 'phones', phone.trim(), defaults);
}

export function findOrCreateByEmail(
  deps: CustomerDeps,
  businessId: string,
  email: string,
  defaults: Partial<NewCustomer> = {},
) {
  return findOrCreateBy(deps, businessId, 'emails', email.trim().toLowerCase(), defaults);
}
