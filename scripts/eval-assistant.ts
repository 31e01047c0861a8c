/**
 * `npm run eval:assistant [--verbose]`: the built-in assistant against the fixture business
 * of eval/assistant/fixture.ts (a fresh in-memory PGlite, or EVAL_DATABASE_URL: a scratch
 * PostgreSQL database, already migrated or not). Prints answered-correctly, escalated-correctly,
 * tasks and wrong answers, lists the failures, and exits 1 below the quality bar.
 */
import { openDatabase } from '../api/db/client';
import { formatReport, runAssistantEval } from '../eval/assistant/run';

const verbose = process.argv.includes('--verbose') || process.argv.includes('-v');
const database = await openDatabase({ databaseUrl: process.env.EVAL_DATABASE_URL, dataDir: 'memory://' });
try {
  const report = await runAssistantEval(database.db);
  console.log(formatReport(report, { verbose }));
  process.exitCode = report.meetsBar ? 0 : 1;
} finally {
  await database.close();
}
