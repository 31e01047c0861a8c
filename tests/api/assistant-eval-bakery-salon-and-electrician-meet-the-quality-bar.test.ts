import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bakery, electrician, salon } from '../../eval/assistant/businesses';
import { formatCases, formatTable, QUALITY_BAR, runBusinessEval } from '../../eval/assistant/run';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * `npm run eval:assistant` for the three businesses unlike the plumber, on this run's database
 * (PGlite, and PostgreSQL in the postgres project): each seeded through the v1 API like its
 * owner would, all its caller questions (tune and holdout) put to the built-in provider with
 * the real tools, and the bar asserted per business.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('the assistant evaluation of a bakery, a hair salon and an electrician', () => {
  for (const business of [bakery, salon, electrician]) {
    it(`${business.name}: at least 90% of answerable questions right, every unknowable escalated, every task created, nothing wrong`, async () => {
      const report = await runBusinessEval(h.deps.db, business);
      const all = report.parts.all!;
      const summary = `${formatTable([report])}\n\n${formatCases(report)}`;
      expect(business.tune.length + business.holdout.length).toBeGreaterThanOrEqual(40);
      expect(all.answerable.correct / all.answerable.total, summary).toBeGreaterThanOrEqual(QUALITY_BAR.answeredShare);
      expect(all.unanswerable.escalated, summary).toBe(all.unanswerable.total);
      expect(all.tasks.created, summary).toBe(all.tasks.total);
      expect(all.wrong, summary).toBe(0);
      expect(all.meetsBar).toBe(true);
    }, 180_000);
  }
});
