import { and, asc, eq } from 'drizzle-orm';
import { formatInterval, parseIntervalMinutes } from '#contract/schemas/action';
import { actionRuns, actions, customers, orders, outbox, timelineItems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import type { Harness } from './api-harness';
import { insertTelephony } from './leadcatcher';
import { randomUkMobile } from './system-fixtures';

/** Fixtures for the action engine tests (tests/api/actions-engine-*.test.ts). */
export async function businessWithNumber(h: Harness) {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id as string;
  const telephony = await insertTelephony(h, b);
  return { owner, b, telephony };
}

export type ActionOverrides = Partial<typeof actions.$inferInsert> & { interval?: string };

/** An action row as the editor would save it (inserted directly: the engine reads rows). */
export async function insertAction(h: Harness, businessId: string, overrides: ActionOverrides = {}) {
  const interval = overrides.interval ?? '1 hour';
  const now = h.clock.now();
  const [row] = await h.deps.db
    .insert(actions)
    .values({
      id: newId(),
      businessId,
      name: 'Test action',
      status: 'active',
      trigger: 'missed_call',
      kind: 'send_sms',
      template: 'Hi {first_name}, {business_name} here.',
      perCustomerLimit: 1,
      openingHoursOnly: false,
      stopOnReply: true,
      createdAt: now,
      updatedAt: now,
      ...overrides,
      interval: formatInterval(parseIntervalMinutes(interval)!),
      intervalMinutes: parseIntervalMinutes(interval)!,
    })
    .returning();
  return row;
}

export async function insertCustomer(
  h: Harness,
  businessId: string,
  overrides: Partial<typeof customers.$inferInsert> = {},
) {
  const now = h.clock.now();
  const [row] = await h.deps.db
    .insert(customers)
    .values({
      id: newId(),
      businessId,
      firstName: 'Jo',
      lastName: 'Banks',
      status: 'lead',
      phones: [randomUkMobile()],
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  return row;
}

export async function insertOrder(
  h: Harness,
  businessId: string,
  customerId: string,
  overrides: Partial<typeof orders.$inferInsert> = {},
) {
  const now = h.clock.now();
  const [row] = await h.deps.db
    .insert(orders)
    .values({
      id: newId(),
      businessId,
      customerId,
      status: 'new',
      lines: [{ memory_id: null, name: 'Sourdough loaf', quantity: 2, price: null }],
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  return row;
}

export const runsOf = (h: Harness, actionId: string) =>
  h.deps.db
    .select()
    .from(actionRuns)
    .where(eq(actionRuns.actionId, actionId))
    .orderBy(asc(actionRuns.createdAt), asc(actionRuns.occurrence));

export const smsSentTo = (h: Harness, to: string) =>
  h.deps.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.channel, 'sms')));

export const timelineOf = (h: Harness, customerId: string) =>
  h.deps.db
    .select()
    .from(timelineItems)
    .where(eq(timelineItems.customerId, customerId))
    .orderBy(asc(timelineItems.createdAt));

/** Move the harness clock (restored by resetClock). */
export function advance(h: Harness, ms: number) {
  h.clock.offsetMs += ms;
}
export function resetClock(h: Harness) {
  h.clock.offsetMs = 0;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
