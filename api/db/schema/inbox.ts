import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { ts, createdAt, updatedAt } from './columns';
import { customers } from './contacts';

/**
 * The shared inbox (docs/inbox.md): one thread per contact, its messages are the contact's
 * SMS and form timeline items. This row holds only what the timeline does not: who the
 * thread is assigned to and until when the assistant stays out of it (a member replied).
 * A thread without a row is unassigned and not paused.
 */
export const inboxThreads = pgTable(
  'inbox_threads',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    assignedTo: text('assigned_to').references(() => users.id),
    /** The assistant does not auto-reply on this thread before this time. */
    pausedUntil: ts('paused_until'),
    pausedBy: text('paused_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('inbox_threads_business_customer').on(table.businessId, table.customerId),
    index('inbox_threads_assigned').on(table.businessId, table.assignedTo),
  ],
);

/** Each member's read mark per thread: messages after read_at are unread for that member. */
export const inboxReads = pgTable(
  'inbox_reads',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    readAt: ts('read_at').notNull(),
  },
  (table) => [uniqueIndex('inbox_reads_member_thread').on(table.businessId, table.customerId, table.userId)],
);
