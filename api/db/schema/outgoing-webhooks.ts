import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { ts, createdAt, updatedAt } from './columns';

/**
 * A business's outgoing webhook endpoints: an https URL that is sent the events it chose,
 * each request signed with the endpoint's secret (api/services/outgoing-webhooks).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    url: text('url').notNull(),
    description: text('description'),
    /** Event names (contract/schemas/outgoing-webhook.ts OUTGOING_EVENTS). */
    events: jsonb('events').$type<string[]>().notNull(),
    /** The HMAC-SHA256 key (whsec_…): shown to admins, replaced by rotate-secret. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: text('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('webhook_endpoints_business').on(table.businessId)],
);

/**
 * One event for one endpoint: the durable queue and its log at once. The worker claims due
 * pending rows with FOR UPDATE SKIP LOCKED (like push_deliveries), so a restart loses nothing.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    /** The event's id (the same for every endpoint it went to): receivers de-duplicate on it. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body sent, exactly as signed. */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    lastAttemptAt: ts('last_attempt_at'),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_once').on(table.endpointId, table.eventId),
    index('webhook_deliveries_endpoint').on(table.endpointId, table.createdAt),
    index('webhook_deliveries_due')
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

/** A member's daily summary for one local date of the business: the unique key sends it once. */
export const dailySummarySends = pgTable(
  'daily_summary_sends',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** YYYY-MM-DD in the business's timezone: the day the summary was sent (it covers the day before). */
    localDate: text('local_date').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('daily_summary_sends_once').on(table.businessId, table.userId, table.localDate)],
);
