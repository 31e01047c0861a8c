import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, QUALITY_BAR, runAssistantEval } from '../../../eval/assistant/run';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * `npm run eval:assistant` as a test: the fixture business seeded through the real services
 * on this run's database (PGlite, and PostgreSQL in the postgres project), every caller's
 * question put to the built-in provider with the real tools.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('the assistant evaluation', () => {
  it('answers at least 90% of answerable questions, escalates every unanswerable one and says nothing wrong', async () => {
    const report = await runAssistantEval(h.deps.db);
    const summary = formatReport(report);
    expect(report.answerable.total + report.unanswerable.total + report.tasks.total).toBeGreaterThanOrEqual(60);
    expect(report.answerable.correct / report.answerable.total, summary).toBeGreaterThanOrEqual(
      QUALITY_BAR.answeredShare,
    );
    expect(report.unanswerable.escalated, summary).toBe(report.unanswerable.total);
    expect(report.tasks.created, summary).toBe(report.tasks.total);
    expect(report.wrong, summary).toBe(0);
    expect(report.meetsBar).toBe(true);
  }, 120_000);
});
