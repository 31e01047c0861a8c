import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';

// Issue 22 item 13: notes & tasks by due date (the reminder): a range, soonest first, and "no date".
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('businesses/notes/{business_id}/list by due date', () => {
  it('sorts tasks by reminder soonest first (undated last), filters a reminder range, and finds tasks without a date', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const create = async (body: Record<string, unknown>) =>
      (await h.call(`businesses/notes/${b}/create`, body, owner.token)).body.data.note._id as string;
    const nextWeek = await create({ body: 'Service the boiler', reminder: at(8) });
    const overdue = await create({ body: 'Chase the invoice', reminder: at(-2) });
    const tomorrow = await create({ body: 'Order tiles', reminder: at(1) });
    const undated = await create({ body: 'Tidy the van', internal: true });
    await create({ body: 'Likes morning calls' });

    const list = async (filters: Record<string, unknown>) =>
      ((await h.call(`businesses/notes/${b}/list`, filters, owner.token)).body.data.notes as { _id: string }[]).map(
        (note) => note._id,
      );
    expect(await list({ tasks_only: true, sort_by: 'reminder', sort_order: 'asc' })).toEqual([
      overdue,
      tomorrow,
      nextWeek,
      undated,
    ]);
    expect(
      await list({ tasks_only: true, sort_by: 'reminder', sort_order: 'asc', reminder: { from: at(0), to: at(7) } }),
    ).toEqual([tomorrow]);
    expect(await list({ tasks_only: true, without_reminder: true })).toEqual([undated]);
  });
});
