import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { newId } from '../lib/crypto';

export type OutboxEntry = {
  channel: 'email' | 'sms';
  to: string;
  from?: string | null;
  subject?: string | null;
  body: string;
  provider: string;
  delivered: boolean;
};

/** Every email and SMS is recorded here; the embedded providers stop at this table. */
export async function recordOutbox(db: Db, entry: OutboxEntry): Promise<void> {
  await db.insert(outbox).values({ id: newId(), ...entry });
}

export async function listOutbox(db: Db, limit = 100) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
