import { customType, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => ts('created_at').notNull().defaultNow();

export const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** Postgres full-text search vector; works the same on PGlite and PostgreSQL. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Raw bytes (a knowledge chunk's quantised meaning vector: api/services/knowledge-vectors.ts). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
