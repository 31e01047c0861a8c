import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { ts, createdAt, updatedAt } from './columns';
import { customers } from './contacts';
import { conversations } from './conversations';

/**
 * The assistant's scheduled follow-ups. `key` marks a business's copy of a
 * ready-made recipe (missed-call text-back, lead follow-up, ...), one per business.
 */
export const actions = pgTable(
  'actions',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    key: text('key'),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'paused'] }).notNull(),
    /** The interval as written ("2 days") and in minutes (0 = immediately). */
    interval: text('interval').notNull(),
    intervalMinutes: integer('interval_minutes').notNull(),
    repeat: boolean('repeat').notNull().default(false),
    trigger: text('trigger').notNull(),
    triggerStatus: text('trigger_status'),
    kind: text('kind').notNull(),
    /** null: the recipe's (or the system's) default text. */
    template: text('template'),
    assigneeId: text('assignee_id').references(() => users.id),
    targetStatus: text('target_status'),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    openingHoursOnly: boolean('opening_hours_only').notNull().default(true),
    stopOnReply: boolean('stop_on_reply').notNull().default(true),
    lastRunAt: ts('last_run_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [
    index('actions_business_created').on(table.businessId, table.createdAt),
    uniqueIndex('actions_ready_made_once')
      .on(table.businessId, table.key)
      .where(sql`key is not null`),
    index('actions_active_trigger')
      .on(table.trigger)
      .where(sql`status = 'active' and deleted_at is null`),
  ],
);

/**
 * One run of an action for one subject (a missed call, a form, a task, an order, a contact's
 * status spell) and occurrence: (action, subject, occurrence) is unique, so however many
 * scheduler loops look, a due run is created once; it is claimed FOR UPDATE SKIP LOCKED and
 * moves pending -> running -> done|skipped|failed|stopped exactly once.
 */
export const actionRuns = pgTable(
  'action_runs',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    actionId: text('action_id')
      .notNull()
      .references(() => actions.id),
    customerId: text('customer_id').references(() => customers.id),
    /** What fired it: a timeline item, an order or a customer id, per trigger. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** 0 for the first run of a subject; repeats count up. */
    occurrence: integer('occurrence').notNull().default(0),
    /** When the trigger happened (stop-on-reply looks for replies after it). */
    triggeredAt: ts('triggered_at').notNull(),
    dueAt: ts('due_at').notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'skipped', 'failed', 'stopped'] })
      .notNull()
      .default('pending'),
    /** What was sent or done, to whom, and why it was skipped or failed. */
    outcome: text('outcome'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The timeline item the run made (an SMS, email note, task). */
    itemId: text('item_id'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('action_runs_once').on(table.actionId, table.subjectType, table.subjectId, table.occurrence),
    index('action_runs_due')
      .on(table.dueAt)
      .where(sql`status = 'pending'`),
    index('action_runs_action_created').on(table.actionId, table.createdAt),
    index('action_runs_customer').on(table.businessId, table.customerId, table.finishedAt),
  ],
);

/** Orders customers placed: lines name product memories; prices are the business's text. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    status: text('status', { enum: ['new', 'confirmed', 'fulfilled', 'cancelled'] }).notNull(),
    lines: jsonb('lines')
      .$type<{ memory_id: string | null; name: string; quantity: number; price: string | null }[]>()
      .notNull()
      .default([]),
    notes: text('notes'),
    /** Where it came from: manual, call, sms, chat or form; the conversation when the assistant took it. */
    source: text('source').notNull().default('manual'),
    conversationId: text('conversation_id').references(() => conversations.id),
    createdBy: text('created_by').references(() => users.id),
    confirmedAt: ts('confirmed_at'),
    cancelledAt: ts('cancelled_at'),
    fulfilledAt: ts('fulfilled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [
    index('orders_business_created').on(table.businessId, table.createdAt),
    index('orders_business_customer').on(table.businessId, table.customerId),
    index('orders_business_status').on(table.businessId, table.status),
  ],
);
