import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationPreferences, StoredBusinessSettings } from '#contract/schemas/business-settings';
import { users } from './accounts';
import { ts, createdAt, updatedAt } from './columns';

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
  createdBy: text('created_by')
    .notNull()
    .references(() => users.id),
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
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    /** The member's own notification preferences in this business (events, quiet hours). */
    notificationPrefs: jsonb('notification_prefs').$type<Partial<NotificationPreferences>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    removedAt: ts('removed_at'),
  },
  (table) => [
    uniqueIndex('business_users_member')
      .on(table.businessId, table.userId)
      .where(sql`removed_at is null`),
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
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    email: text('email').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id),
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
