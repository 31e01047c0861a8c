/**
 * `npm run seed:demo [contacts] [items]`: a demo business with contacts, calls, SMS, forms,
 * notes and tasks in the configured database (DATA_DIR or DATABASE_URL). Stop the server
 * first when it uses PGlite: one process owns that directory.
 */
import { openDatabase } from '../api/db/client';
import { createRecordingBroadcaster } from '../api/services/realtime';
import { parseEnv } from '../contract/env';
import { seedDemoBusiness } from './seed/demo-business';

const env = parseEnv();
const contacts = Number(process.argv[2] ?? 120);
const items = Number(process.argv[3] ?? 200);
const email = process.env.DEMO_EMAIL ?? 'demo@example.com';
const password = process.env.DEMO_PASSWORD ?? 'demo password';

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  // No server runs during the seed: events are recorded, not sent (pages load fresh data anyway).
  const { businessId } = await seedDemoBusiness(
    { db: database.db, clock: { now: () => new Date() }, broadcaster: createRecordingBroadcaster() },
    { contacts, items, email, password },
  );
  console.log(`Seeded business ${businessId} with ${contacts} contacts and ${items} timeline items.`);
  console.log(`Sign in at /login as ${email} / ${password}`);
} finally {
  await database.close();
}
