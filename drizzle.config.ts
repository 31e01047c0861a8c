import { defineConfig } from 'drizzle-kit';

// Migrations are generated from api/db/schema/ (one file per area) and applied at start-up (migrateDatabase in api/db/client.ts)
// on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './api/db/schema/index.ts',
  out: './api/db/migrations',
});
