import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startLearningRunner } from '#api/features/learning/runner';
import { createHarness, type Harness } from '#tests/support/api-harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

// Each idle poll waits on the runner's stop signal; a wait that ends by its timer must take its
// listener off again, or a server left idle collects one per poll (and Node warns at eleven).
it('the learning runner polls an empty queue many times and leaves no abort listener behind', async () => {
  const owner = await h.signUpWithBusiness();
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  const polls = vi.spyOn(h.deps.db, 'transaction');
  const stop = startLearningRunner(h.deps, { businessIds: [owner.business._id], intervalMs: 1 });
  try {
    for (let i = 0; i < 400 && polls.mock.calls.length < 15; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(polls.mock.calls.length).toBeGreaterThanOrEqual(15);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.includes('abort listeners'))).toEqual([]);
  } finally {
    await stop();
    polls.mockRestore();
    process.off('warning', onWarning);
  }
});
