import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountant,
  bakery,
  electrician,
  florist,
  guesthouse,
  locksmith,
  party,
  pest,
  physio,
  removals,
  salon,
  studio,
  tattoo,
  vet,
} from '../../../eval/assistant/businesses';
import { formatCases, formatTable, runBusinessEval } from '../../../eval/assistant/run';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * The three businesses unlike the plumber, on this run's database (PGlite, and PostgreSQL in
 * the postgres project), seeded through the v1 API like their owners would, their TUNE
 * questions put to the built-in provider with the real tools.
 *
 * They do not meet the quality bar yet (≥ 90% answered correctly): `npm run eval:assistant`
 * fails on them and reports the tune and holdout parts apart. This test holds what the tune
 * part has reached so it can only go up: nothing wrong, every unknowable escalated, every
 * task created, and at least the measured number answered correctly (raise the floor as it
 * improves). The holdout part is deliberately not a gate here: a gate is something one tunes
 * against, and the holdout questions exist to measure what generalises.
 */
const MEASURED_CORRECT_ON_TUNE = { bakery: 52, salon: 37, electrician: 38, physio: 28 } as const;

/**
 * The removals company, the veterinary clinic, the guest house and the Pilates/yoga studio (added
 * on 27 November, their questions written before any tuning) are still far from the bar and still
 * say some wrong things: held at their measured level the same way, every figure only allowed to
 * get better (more right, fewer wrong, no fewer unknowables escalated or tasks created).
 */
const MEASURED_NEW_ON_TUNE = {
  removals: { correct: 18, escalated: 4, wrong: 0, tasks: 1 },
  vet: { correct: 16, escalated: 4, wrong: 0, tasks: 1 },
  guesthouse: { correct: 20, escalated: 4, wrong: 0, tasks: 1 },
  studio: { correct: 22, escalated: 4, wrong: 0, tasks: 1 },
  // The florist and the tattoo studio (added on 28 November as trades the engine had never
  // seen, their questions committed before the first run): held from that first measure.
  florist: { correct: 17, escalated: 4, wrong: 2, tasks: 1 },
  tattoo: { correct: 21, escalated: 4, wrong: 1, tasks: 1 },
  // The accountant and the pest controller (added later on 28 November the same way, their
  // questions committed before the first run): held from that first measure.
  accountant: { correct: 20, escalated: 4, wrong: 3, tasks: 1 },
  pest: { correct: 22, escalated: 4, wrong: 3, tasks: 1 },
  // The locksmith and the children's party entertainer (added later on 28 November the same
  // way, their questions committed before the first run): first measured at 19 right and 5 wrong
  // (locksmith) and 19 right and 4 wrong (party), held at what their tune part has reached since.
  locksmith: { correct: 21, escalated: 4, wrong: 2, tasks: 0 },
  party: { correct: 22, escalated: 4, wrong: 1, tasks: 1 },
} as const;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('the assistant evaluation of a bakery, a hair salon and an electrician (tune part)', () => {
  // The physiotherapy clinic (added later, tuned on its tune part only) is held the same way.
  for (const business of [bakery, salon, electrician, physio]) {
    it(`${business.name}: nothing wrong, every unknowable escalated, every task created, no fewer right answers than measured`, async () => {
      const report = await runBusinessEval(h.deps.db, business, { part: 'tune' });
      const tune = report.parts.tune!;
      const summary = `${formatTable([report])}\n\n${formatCases(report)}`;
      expect(business.tune.length + business.holdout.length).toBeGreaterThanOrEqual(40);
      expect(tune.wrong, summary).toBe(0);
      expect(tune.unanswerable.escalated, summary).toBe(tune.unanswerable.total);
      expect(tune.tasks.created, summary).toBe(tune.tasks.total);
      expect(tune.answerable.correct, summary).toBeGreaterThanOrEqual(
        MEASURED_CORRECT_ON_TUNE[business.key as keyof typeof MEASURED_CORRECT_ON_TUNE],
      );
    }, 180_000);
  }

  for (const business of [removals, vet, guesthouse, studio, florist, tattoo, accountant, pest, locksmith, party]) {
    it(`${business.name}: no more wrong, no fewer right answers, unknowables escalated and tasks created than measured`, async () => {
      const report = await runBusinessEval(h.deps.db, business, { part: 'tune' });
      const tune = report.parts.tune!;
      const summary = `${formatTable([report])}\n\n${formatCases(report)}`;
      const measured = MEASURED_NEW_ON_TUNE[business.key as keyof typeof MEASURED_NEW_ON_TUNE];
      expect(business.tune.length + business.holdout.length).toBeGreaterThanOrEqual(45);
      expect(tune.wrong, summary).toBeLessThanOrEqual(measured.wrong);
      expect(tune.unanswerable.escalated, summary).toBeGreaterThanOrEqual(measured.escalated);
      expect(tune.tasks.created, summary).toBeGreaterThanOrEqual(measured.tasks);
      expect(tune.answerable.correct, summary).toBeGreaterThanOrEqual(measured.correct);
    }, 180_000);
  }
});
