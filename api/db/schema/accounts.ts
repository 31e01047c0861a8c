import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt } from './columns';

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
  (table) => [
    uniqueIndex('users_email_active')
      .on(table.email)
      .where(sql`deleted_at is null`),
  ],
);

/** Bearer tokens, stored only as a SHA-256 hash; sliding expiry. */
export const tokens = pgTable(
  'tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
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
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
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
