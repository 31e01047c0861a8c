import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { ts, createdAt, updatedAt } from './columns';

/**
 * Systems (docs/product.md#entities): how contacts reach the assistant. telephony = a business number
 * the assistant answers; leadcatcher = web forms on the business's own site; mobile = the
 * owner's mobile forwards unanswered calls to an assistant number. `settings` holds the
 * kind's configuration (configurations.data.settings on the wire), `setup` the progress
 * through its setup steps. status is 'active' once the required steps are done.
 */
export const systems = pgTable(
  'systems',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    name: text('name', { enum: ['telephony', 'leadcatcher', 'mobile'] }).notNull(),
    status: text('status').notNull().default('requires_setup'),
    /** The number the assistant answers (telephony, mobile), E.164. */
    phoneNumber: text('phone_number'),
    /** sandbox or twilio: who the number belongs to. */
    provider: text('provider').notNull().default('sandbox'),
    /** The provider's id for the number (Twilio IncomingPhoneNumber SID). */
    providerRef: text('provider_ref'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    setup: jsonb('setup').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: text('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [
    index('systems_business').on(table.businessId, table.createdAt),
    uniqueIndex('systems_phone_number')
      .on(table.phoneNumber)
      .where(sql`phone_number is not null and deleted_at is null`),
  ],
);

/** Every webhook a system received and every action it took, with its outcome (list-events). */
export const systemEvents = pgTable(
  'system_events',
  {
    id: text('id').primaryKey(),
    systemId: text('system_id')
      .notNull()
      .references(() => systems.id),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    /** webhook (something arrived) or action (something the system did). */
    kind: text('kind', { enum: ['webhook', 'action'] }).notNull(),
    /** e.g. voice.incoming, sms.incoming, call.status, form.submitted, sms.sent, call.placed, number.purchased. */
    name: text('name').notNull(),
    /** ok, duplicate, refused, spam, failed. */
    outcome: text('outcome').notNull(),
    error: text('error'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('system_events_system').on(table.systemId, table.createdAt)],
);
