import { faker } from '@faker-js/faker';
import { and, eq, sql } from 'drizzle-orm';
import { customers, notifications, timelineItems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { createCall, createForm, createSms } from '#api/features/timeline/service';
import type { Harness } from './api-harness';

/**
 * Fixtures for the timeline tests. Contacts are inserted directly (the customers calls
 * are another part of the API); calls, SMS and forms through the service functions the
 * system itself uses, since no v1 call creates them.
 */
export async function insertCustomer(
  h: Harness,
  businessId: string,
  overrides: Partial<typeof customers.$inferInsert> = {},
) {
  const [row] = await h.database.db
    .insert(customers)
    .values({
      id: newId(),
      businessId,
      firstName: faker.person.firstName(),
      lastName: faker.person.lastName(),
      status: 'lead',
      phones: [],
      emails: [],
      ...overrides,
    })
    .returning();
  return { ...row, name: [row.firstName, row.lastName].filter(Boolean).join(' ') };
}

export const call = (h: Harness, businessId: string, input: Partial<Parameters<typeof createCall>[1]> = {}) =>
  createCall(h.deps, {
    businessId,
    direction: 'inbound',
    status: 'completed',
    from: '+447700900001',
    to: '+442071234567',
    ...input,
  });

export const sms = (h: Harness, businessId: string, input: Partial<Parameters<typeof createSms>[1]> = {}) =>
  createSms(h.deps, {
    businessId,
    direction: 'inbound',
    from: '+447700900002',
    to: '+442071234567',
    body: 'Are you open on Saturday?',
    ...input,
  });

export const form = (h: Harness, businessId: string, input: Partial<Parameters<typeof createForm>[1]> = {}) =>
  createForm(h.deps, {
    businessId,
    body: 'Quote request',
    details: { fields: { name: 'Ann', message: 'Quote please' } },
    ...input,
  });

/** The events published on a business's channel since `from` (an index into h.events). */
export function businessEvents(h: Harness, businessId: string, from = 0) {
  return h.events.slice(from).filter((event) => event.channels.includes(`private-business.${businessId}`));
}

export async function notificationsOf(h: Harness, sourceId: string) {
  return h.database.db.select().from(notifications).where(eq(notifications.sourceId, sourceId));
}

export async function noteRow(h: Harness, id: string) {
  const [row] = await h.database.db.select().from(timelineItems).where(eq(timelineItems.id, id));
  return row;
}

export async function occurrencesOf(h: Harness, id: string) {
  return h.database.db
    .select()
    .from(timelineItems)
    .where(and(eq(timelineItems.type, 'note'), sql`${timelineItems.details}->>'previous_occurrence_id' = ${id}`));
}

/** An ISO instant `minutes` from the harness clock's now (negative: in the past). */
export const minutesFromNow = (h: Harness, minutes: number) =>
  new Date(h.clock.now().getTime() + minutes * 60_000).toISOString();
