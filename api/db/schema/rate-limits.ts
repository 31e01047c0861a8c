import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

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
