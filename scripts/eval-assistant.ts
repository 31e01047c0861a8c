/**
 * `npm run eval:assistant [--business bakery[,salon]] [--part tune|holdout|all] [--verbose]`:
 * the built-in assistant against the evaluation's businesses (eval/assistant/businesses.ts),
 * each seeded into a fresh in-memory PGlite, or EVAL_DATABASE_URL: a scratch PostgreSQL
 * database, already migrated or not. Prints one table (business × part: answered correctly,
 * unknowables escalated, wrong, tasks), the failures (every reply with --verbose), and exits 1
 * when any business is below the quality bar.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../api/db/client';
import { BUSINESSES } from '../eval/assistant/businesses';
import {
  formatCases,
  formatTable,
  PARTS,
  QUALITY_BAR,
  runBusinessEval,
  type BusinessEvalReport,
  type Part,
} from '../eval/assistant/run';

const { values } = parseArgs({
  options: {
    business: { type: 'string' },
    part: { type: 'string', default: 'all' },
    verbose: { type: 'boolean', short: 'v', default: false },
  },
});
const part = values.part as Part;
if (!PARTS.includes(part)) throw new Error(`--part must be one of ${PARTS.join(', ')}, got ${values.part}`);
const keys = values.business?.split(',').map((key) => key.trim()) ?? BUSINESSES.map((business) => business.key);
const unknown = keys.filter((key) => !BUSINESSES.some((business) => business.key === key));
if (unknown.length)
  throw new Error(
    `unknown --business ${unknown.join(', ')}; the businesses are ${BUSINESSES.map((business) => business.key).join(', ')}`,
  );

const database = await openDatabase({ databaseUrl: process.env.EVAL_DATABASE_URL, dataDir: 'memory://' });
try {
  const reports: BusinessEvalReport[] = [];
  for (const business of BUSINESSES.filter((candidate) => keys.includes(candidate.key)))
    reports.push(await runBusinessEval(database.db, business, { part }));
  const below = reports.filter((report) => report.judged && !report.judged.meetsBar);
  const details = reports.map((report) => formatCases(report, { verbose: values.verbose })).filter(Boolean);
  console.log(
    [
      `assistant evaluation (${reports[0]?.judged?.provider ?? 'built-in'} provider; bar per business: ≥ ${QUALITY_BAR.answeredShare * 100}% answered correctly, every unknowable escalated, 0 wrong, every task created)`,
      '',
      formatTable(reports),
      ...details.flatMap((text) => ['', text]),
      '',
      below.length
        ? `BELOW THE QUALITY BAR: ${below.map((report) => report.business.key).join(', ')}.`
        : 'Every business meets the quality bar.',
    ].join('\n'),
  );
  process.exitCode = below.length ? 1 : 0;
} finally {
  await database.close();
}
