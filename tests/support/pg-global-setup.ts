import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#api/db/client';
import './provided-context';

/**
 * Global setup of the `postgres` project: create a fresh database on the server at
 * TEST_DATABASE_URL, apply the migrations once (test files then open it without
 * migrating, so parallel files never race on the migrator), hand its URL to the test
 * files with provide('testPgUrl'), and drop it when the run ends.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('The postgres test project needs TEST_DATABASE_URL.');

  const name = `ba_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const testUrl = url.toString();

  const database = await openDatabase({ databaseUrl: testUrl, dataDir: 'memory://' });
  await database.close();
  project.provide('testPgUrl', testUrl);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}
