import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { ts, createdAt, updatedAt } from './columns';
import { customers } from './contacts';
import { services } from './knowledge';

/**
 * Appointments (docs/appointments.md): a contact booked for a time, optionally for one of the
 * business's services. Booked ones may not overlap; cancelled ones stay for the record and
 * free their time. created_by null with source 'assistant' = the assistant booked it.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    serviceId: text('service_id').references(() => services.id),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    /** booked or cancelled. */
    status: text('status').notNull(),
    notes: text('notes'),
    /** manual (a member on the page or the API) or assistant. */
    source: text('source').notNull(),
    createdBy: text('created_by').references(() => users.id),
    conversationId: text('conversation_id'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('appointments_business_start').on(table.businessId, table.startAt),
    index('appointments_business_customer').on(table.businessId, table.customerId),
  ],
);

/**
 * A member's private calendar feed of one business's appointments: only the SHA-256 of the
 * token is kept, so the URL is shown once; regenerating replaces it, revoking deletes it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('calendar_feeds_member').on(table.businessId, table.userId),
    uniqueIndex('calendar_feeds_token').on(table.tokenHash),
  ],
);
