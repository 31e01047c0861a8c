import type { Db } from '#api/db/client';
import { businesses, users } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { createMemory } from '#api/features/memories/service';
import { createRecordingBroadcaster } from '#api/services/realtime';
import { createService } from '#api/features/services/service';
import { EVAL_NOW } from '../../fixture';
import { BUSINESS, MEMORIES, SERVICES, SETTINGS } from './business';

/** The plumber of business.ts, its services and memories, in a database already migrated (through the services). */
export async function seedEvalBusiness(db: Db): Promise<string> {
  const deps = { db, clock: { now: () => EVAL_NOW }, broadcaster: createRecordingBroadcaster() };
  const userId = newId();
  const businessId = newId();
  await db
    .insert(users)
    .values({ id: userId, name: 'Emma Hartley', email: `eval-${userId}@example.com`, passwordHash: 'x' });
  await db.insert(businesses).values({ id: businessId, ...BUSINESS, settings: SETTINGS, createdBy: userId });
  for (const service of SERVICES) await createService(deps, businessId, { ...service, status: 'active' });
  for (const memory of MEMORIES) {
    await createMemory(deps, businessId, {
      type: memory.type,
      status: 'active',
      title: memory.title,
      content: memory.content,
      answer: memory.answer ?? null,
      source_url: memory.source_url ?? null,
    });
  }
  return businessId;
}
