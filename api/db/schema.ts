import { sql } from 'drizzle-orm';
import type { ConversationAction, ConversationSource } from '#contract/schemas/conversation';
import type { NotificationPreferences, StoredBusinessSettings } from '#contract/schemas/business-settings';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    mobile: text('mobile'),
    mobileVerifiedAt: ts('mobile_verified_at'),
    onesignalUserId: text('onesignal_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [uniqueIndex('users_email_active').on(table.email).where(sql`deleted_at is null`)],
);

/** Bearer tokens, stored only as a SHA-256 hash; sliding expiry. */
export const tokens = pgTable(
  'tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    /** The latest client headers seen with this token (mode, platform, device details). */
    client: jsonb('client').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('tokens_hash').on(table.tokenHash), index('tokens_user').on(table.userId)],
);

/** One-time 6-digit codes: password reset (by email) and mobile verification (by SMS). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id),
    purpose: text('purpose', { enum: ['password_reset', 'mobile_verify', 'email_change'] }).notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('verification_codes_user').on(table.userId, table.purpose)],
);

export const businesses = pgTable('businesses', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  country: text('country').notNull(),
  telephones: jsonb('telephones').$type<string[]>().notNull().default([]),
  address: text('address'),
  timezone: text('timezone').notNull(),
  /** Onboarding steps 4 and 5 (data-loader, training-questions) as recorded by businesses/onboard. */
  onboarding: jsonb('onboarding').$type<{ data_loaded?: boolean; training_done?: boolean }>().notNull().default({}),
  completedTestAt: ts('completed_test_at'),
  /** The order customer statuses are shown in (businesses/crm-order); null = the default order. */
  crmOrder: jsonb('crm_order').$type<string[] | null>(),
  /** Opening hours, their overwrites and the assistant's settings (businesses/settings/{id}/get|set). */
  settings: jsonb('settings').$type<StoredBusinessSettings>().notNull().default({}),
  createdBy: text('created_by').notNull().references(() => users.id),
  /**
   * The business's owner: its creator until they hand ownership to another member. Always
   * an admin; no other admin may remove or demote them (services/members.ts). Null only on
   * rows written outside businesses/create (scripts, fixtures): the creator then owns it.
   */
  ownerId: text('owner_id').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: ts('deleted_at'),
});

/** Membership: a user in a business with a list of permission strings. */
export const businessUsers = pgTable(
  'business_users',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
    userId: text('user_id').notNull().references(() => users.id),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    /** The member's own notification preferences in this business (events, quiet hours). */
    notificationPrefs: jsonb('notification_prefs').$type<Partial<NotificationPreferences>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    removedAt: ts('removed_at'),
  },
  (table) => [
    uniqueIndex('business_users_member').on(table.businessId, table.userId).where(sql`removed_at is null`),
    index('business_users_user').on(table.userId),
  ],
);

/**
 * Invitations to join a business, by email. The accept link carries a random token (stored
 * only as its SHA-256); it works for someone without an account, who registers first.
 */
export const businessInvitations = pgTable(
  'business_invitations',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
    email: text('email').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').notNull().references(() => users.id),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedBy: text('accepted_by').references(() => users.id),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('business_invitations_token').on(table.tokenHash),
    index('business_invitations_business').on(table.businessId, table.createdAt),
    index('business_invitations_email').on(table.email),
  ],
);

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

export type Address = { line_1?: string; city?: string; state?: string; postcode?: string; country?: string };

/** Customers ("Contacts" on screen). Soft-deleted; a merged one points at the survivor. */
export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
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
    businessId: text('business_id').notNull().references(() => businesses.id),
    type: text('type', { enum: ['call', 'sms', 'form', 'note'] }).notNull(),
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
    index('timeline_due_reminders').on(table.reminder).where(sql`reminder_notified_at is null and completed_at is null and deleted_at is null`),
    uniqueIndex('timeline_external_id').on(table.businessId, table.externalId).where(sql`external_id is not null`),
  ],
);

/** Per-member notifications (each member dismisses their own). */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
    userId: text('user_id').notNull().references(() => users.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    customerId: text('customer_id').references(() => customers.id),
    internalLink: text('internal_link'),
    /** What caused it (e.g. the task), so one cause notifies each member once. */
    sourceId: text('source_id'),
    dismissedAt: ts('dismissed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_open').on(table.userId, table.businessId).where(sql`dismissed_at is null`),
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
    notificationId: text('notification_id').notNull().references(() => notifications.id),
    userId: text('user_id').notNull().references(() => users.id),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] }).notNull().default('pending'),
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
    index('push_deliveries_due').on(table.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

/** Postgres full-text search vector; works the same on PGlite and PostgreSQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Raw bytes (a knowledge chunk's quantised meaning vector: api/services/knowledge-vectors.ts). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Services the business offers (the assistant quotes their description and price). */
export const services = pgTable(
  'services',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
    name: text('name').notNull(),
    status: text('status').notNull(),
    /** How often the service recurs, in days (0 = one-off). Spec: digits only. */
    frequency: integer('frequency').notNull(),
    description: text('description'),
    price: text('price'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [index('services_business_created').on(table.businessId, table.createdAt)],
);

/** The knowledge base: the spec's twelve memory types. Files are kept by the storage module. */
export const memories = pgTable(
  'memories',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
    type: text('type').notNull(),
    status: text('status').notNull(),
    title: text('title'),
    content: text('content').notNull(),
    /** For questions: the owner's answer (answered_question). */
    answer: text('answer'),
    sourceUrl: text('source_url'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    mimeType: text('mime_type'),
    sizeBytes: integer('size_bytes'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [
    index('memories_business_created').on(table.businessId, table.createdAt),
    index('memories_business_type').on(table.businessId, table.type),
  ],
);

/**
 * Searchable chunks of memories and services (knowledge search). The tsvector is generated
 * by the database from the text, so every write keeps the index right.
 */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
    memoryId: text('memory_id').references(() => memories.id),
    serviceId: text('service_id').references(() => services.id),
    ordinal: integer('ordinal').notNull().default(0),
    heading: text('heading'),
    text: text('text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('english', coalesce(heading, '')), 'A') || setweight(to_tsvector('english', text), 'B')`),
    /** What the chunk means (or, for an answered question, what its question means), for recall by meaning; null until computed. */
    embedding: bytea('embedding'),
  },
  (table) => [
    index('knowledge_chunks_search').using('gin', table.search),
    index('knowledge_chunks_business').on(table.businessId),
    index('knowledge_chunks_memory').on(table.memoryId),
    index('knowledge_chunks_service').on(table.serviceId),
  ],
);

/** Background jobs of the data loader (onboarding step 4): a website crawl and its progress. */
export const learningJobs = pgTable(
  'learning_jobs',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
    kind: text('kind').notNull(),
    url: text('url'),
    status: text('status').notNull(),
    pagesFound: integer('pages_found').notNull().default(0),
    pagesFetched: integer('pages_fetched').notNull().default(0),
    pagesLearned: integer('pages_learned').notNull().default(0),
    errors: jsonb('errors').$type<{ url: string; error: string }[]>().notNull().default([]),
    /** Written while a server works on the job; a stale one is resumed by another server. */
    heartbeatAt: ts('heartbeat_at'),
    createdBy: text('created_by'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('learning_jobs_business').on(table.businessId, table.createdAt)],
);

/** The crawl frontier of a job, so a job left (or a server restarted) resumes where it was. */
export const learningPages = pgTable(
  'learning_pages',
  {
    id: text('id').primaryKey(),
    jobId: text('job_id').notNull().references(() => learningJobs.id),
    url: text('url').notNull(),
    depth: integer('depth').notNull().default(0),
    status: text('status').notNull(),
    error: text('error'),
    memoryId: text('memory_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('learning_pages_job_url').on(table.jobId, table.url), index('learning_pages_job_status').on(table.jobId, table.status)],
);

/**
 * Conversations with the assistant: the dashboard's chat and voice tests now, and later
 * the phone calls, SMS and web forms it answers (channel). Spec: id (conversation_id).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
    channel: text('channel').notNull(),
    title: text('title'),
    /** The member who started it from the dashboard (chat, voice); null for callers. */
    userId: text('user_id').references(() => users.id),
    customerId: text('customer_id').references(() => customers.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [index('conversations_business_created').on(table.businessId, table.createdAt)],
);

/**
 * One message of a conversation. An assistant reply is inserted as 'streaming' when its
 * generation starts (reply_to = the user message it answers, unique: exactly one reply per
 * message, whichever server starts it) and becomes 'complete' or 'failed'.
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id').notNull().references(() => conversations.id),
    businessId: text('business_id').notNull().references(() => businesses.id),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull().default(''),
    status: text('status', { enum: ['complete', 'streaming', 'failed'] }).notNull().default('complete'),
    replyTo: text('reply_to'),
    /** Memories and services the answer came from. */
    sources: jsonb('sources').$type<ConversationSource[]>().notNull().default([]),
    /** What the assistant did while answering (task created, question recorded, ...). */
    actions: jsonb('actions').$type<ConversationAction[]>().notNull().default([]),
    /** Voice turns: the stored recording (storage key) the transcript came from. */
    audioKey: text('audio_key'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('conversation_messages_conversation').on(table.conversationId, table.createdAt),
    uniqueIndex('conversation_messages_reply_to').on(table.replyTo),
  ],
);

/**
 * Systems (spec section 3): how contacts reach the assistant. telephony = a business number
 * the assistant answers; leadcatcher = web forms on the business's own site; mobile = the
 * owner's mobile forwards unanswered calls to an assistant number. `settings` holds the
 * kind's configuration (configurations.data.settings on the wire), `setup` the progress
 * through its setup steps. status is 'active' once the required steps are done.
 */
export const systems = pgTable(
  'systems',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
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
    uniqueIndex('systems_phone_number').on(table.phoneNumber).where(sql`phone_number is not null and deleted_at is null`),
  ],
);

/** Every webhook a system received and every action it took, with its outcome (list-events). */
export const systemEvents = pgTable(
  'system_events',
  {
    id: text('id').primaryKey(),
    systemId: text('system_id').notNull().references(() => systems.id),
    businessId: text('business_id').notNull().references(() => businesses.id),
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

/**
 * Once-per-window marks (missed-call text-back: one SMS per caller per hour). Claimed with
 * one INSERT … ON CONFLICT DO UPDATE … WHERE at < window start, so concurrent claims send once.
 */
export const rateMarks = pgTable('rate_marks', {
  key: text('key').primaryKey(),
  at: ts('at').notNull(),
});

/**
 * Request counts of the auth rate limits (server/rate-limit.ts) when several instances share
 * one PostgreSQL: one row per key, its window opened by the first hit, counted (or restarted
 * once the window is over) with one INSERT … ON CONFLICT DO UPDATE … RETURNING, so concurrent
 * hits on any instance add up. Rows of windows long over are deleted.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  hits: integer('hits').notNull(),
});

/**
 * The assistant's scheduled follow-ups (issue 10). `key` marks a business's copy of a
 * ready-made recipe (missed-call text-back, lead follow-up, ...), one per business.
 */
export const actions = pgTable(
  'actions',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
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
    uniqueIndex('actions_ready_made_once').on(table.businessId, table.key).where(sql`key is not null`),
    index('actions_active_trigger').on(table.trigger).where(sql`status = 'active' and deleted_at is null`),
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
    businessId: text('business_id').notNull().references(() => businesses.id),
    actionId: text('action_id').notNull().references(() => actions.id),
    customerId: text('customer_id').references(() => customers.id),
    /** What fired it: a timeline item, an order or a customer id, per trigger. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** 0 for the first run of a subject; repeats count up. */
    occurrence: integer('occurrence').notNull().default(0),
    /** When the trigger happened (stop-on-reply looks for replies after it). */
    triggeredAt: ts('triggered_at').notNull(),
    dueAt: ts('due_at').notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'skipped', 'failed', 'stopped'] }).notNull().default('pending'),
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
    index('action_runs_due').on(table.dueAt).where(sql`status = 'pending'`),
    index('action_runs_action_created').on(table.actionId, table.createdAt),
    index('action_runs_customer').on(table.businessId, table.customerId, table.finishedAt),
  ],
);

/** Orders customers placed (issue 10): lines name product memories; prices are the business's text. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
    customerId: text('customer_id').notNull().references(() => customers.id),
    status: text('status', { enum: ['new', 'confirmed', 'fulfilled', 'cancelled'] }).notNull(),
    lines: jsonb('lines').$type<{ memory_id: string | null; name: string; quantity: number; price: string | null }[]>().notNull().default([]),
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

/**
 * Numbers that texted STOP (or another opt-out keyword) to one of a business's numbers
 * (issue 22, item 25): that business sends them no SMS of any kind until they text START.
 * One row per business and number; START deletes it. Every outbound SMS checks it first
 * (api/services/systems/sms-opt-outs.ts).
 */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull().references(() => businesses.id),
    phone: text('phone').notNull(),
    /** The word they texted (STOP, UNSUBSCRIBE, …), as the carrier would quote it. */
    keyword: text('keyword').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sms_opt_outs_business_phone').on(table.businessId, table.phone)],
);
