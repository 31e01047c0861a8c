import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { ts, createdAt, updatedAt } from './columns';
import { customers } from './contacts';

/** Everything sent by email or SMS when no real provider is configured (and a log of what was). */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    from: text('from'),
    subject: text('subject'),
    body: text('body').notNull(),
    delivered: boolean('delivered').notNull().default(false),
    provider: text('provider').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_created').on(table.createdAt)],
);

/** Per-member notifications (each member dismisses their own). */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    customerId: text('customer_id').references(() => customers.id),
    internalLink: text('internal_link'),
    /** What caused it (e.g. the task), so one cause notifies each member once. */
    sourceId: text('source_id'),
    /** When the member first opened it; an unread one counts on the bell. */
    readAt: ts('read_at'),
    dismissedAt: ts('dismissed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_open')
      .on(table.userId, table.businessId)
      .where(sql`dismissed_at is null`),
    uniqueIndex('notifications_once').on(table.userId, table.kind, table.sourceId),
  ],
);

/**
 * One push (OneSignal) per notification and member, when push is configured: a queue the
 * push loop claims with FOR UPDATE SKIP LOCKED. pending → sent | failed (after the last
 * retry) | skipped (quiet hours, no device); attempts and last_error keep every failure.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: text('id').primaryKey(),
    notificationId: text('notification_id')
      .notNull()
      .references(() => notifications.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    lastError: text('last_error'),
    /** OneSignal's notification id once sent. */
    providerId: text('provider_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('push_deliveries_once').on(table.notificationId),
    index('push_deliveries_due')
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);
