import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { ts, createdAt, updatedAt } from './columns';

export type Address = { line_1?: string; city?: string; state?: string; postcode?: string; country?: string };

/** Customers ("Contacts" on screen). Soft-deleted; a merged one points at the survivor. */
export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    status: text('status').notNull(),
    emails: jsonb('emails').$type<string[]>().notNull().default([]),
    phones: jsonb('phones').$type<string[]>().notNull().default([]),
    addresses: jsonb('addresses').$type<Address[]>().notNull().default([]),
    mergedIntoId: text('merged_into_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [index('customers_business_updated').on(table.businessId, table.updatedAt)],
);

/**
 * The timeline: calls, SMS, forms and notes in one table, so the merged timeline of a
 * business (sorted by sort_at) is one indexed query. Type-specific data lives in `details`.
 * A note with a reminder is a task.
 */
export const timelineItems = pgTable(
  'timeline_items',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    type: text('type', { enum: ['call', 'sms', 'form', 'note', 'chat'] }).notNull(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }),
    status: text('status'),
    from: text('from'),
    to: text('to'),
    customerId: text('customer_id').references(() => customers.id),
    phonesFound: jsonb('phones_found').$type<string[]>().notNull().default([]),
    body: text('body'),
    reminder: ts('reminder'),
    /** Repeat rule of a repeated task: daily, weekly, monthly or every N days. */
    repeat: jsonb('repeat').$type<{ every: 'day' | 'week' | 'month'; interval: number } | null>(),
    completedAt: ts('completed_at'),
    internal: boolean('internal').notNull().default(false),
    /** Set once the reminder has notified (the scheduler's exactly-once mark). */
    reminderNotifiedAt: ts('reminder_notified_at'),
    /** Set once a repeated task has produced its next occurrence. */
    nextOccurrenceId: text('next_occurrence_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: text('created_by'),
    assignedTo: text('assigned_to'),
    /** The provider's id (Twilio CallSid/MessageSid, sandbox SIM…): a retried webhook never creates a second item. */
    externalId: text('external_id'),
    /** The system (number, lead catcher) the item came through or went out from. */
    systemId: text('system_id'),
    sortAt: ts('sort_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [
    index('timeline_business_sort').on(table.businessId, table.sortAt),
    index('timeline_customer_sort').on(table.customerId, table.sortAt),
    index('timeline_due_reminders')
      .on(table.reminder)
      .where(sql`reminder_notified_at is null and completed_at is null and deleted_at is null`),
    uniqueIndex('timeline_external_id')
      .on(table.businessId, table.externalId)
      .where(sql`external_id is not null`),
  ],
);

/**
 * Numbers that texted STOP (or another opt-out keyword) to one of a business's numbers:
 * that business sends them no SMS of any kind until they text START.
 * One row per business and number; START deletes it. Every outbound SMS checks it first
 * (api/features/systems/sms-opt-outs.ts).
 */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    phone: text('phone').notNull(),
    /** The word they texted (STOP, UNSUBSCRIBE, …), as the carrier would quote it. */
    keyword: text('keyword').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sms_opt_outs_business_phone').on(table.businessId, table.phone)],
);
