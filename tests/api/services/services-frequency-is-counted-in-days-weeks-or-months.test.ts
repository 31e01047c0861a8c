import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChunks, services } from '#api/db/schema';
import { frequencyLabel } from '#contract/schemas/service';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFieldError } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = (businessId: string, action: string) => `businesses/services/${businessId}/${action}`;

describe('service frequency in days, weeks or months', () => {
  it('takes frequency_unit on create and answers it; without one the frequency is in days, as before', async () => {
    const owner = await h.signUpWithBusiness();
    const fortnightly = await h.call(
      path(owner.business._id, 'create'),
      { name: 'Lawn mowing', status: 'active', frequency: 2, frequency_unit: 'week' },
      owner.token,
    );
    expect(fortnightly.status, JSON.stringify(fortnightly.body)).toBe(200);
    expect(fortnightly.body.data.service).toMatchObject({ frequency: 2, frequency_unit: 'week' });
    const old = await h.call(
      path(owner.business._id, 'create'),
      { name: 'Window cleaning', status: 'active', frequency: '28' },
      owner.token,
    );
    expect(old.body.data.service).toMatchObject({ frequency: 28, frequency_unit: 'day' });
  });

  it('update changes the unit alone, and keeps it when only the number is sent', async () => {
    const owner = await h.signUpWithBusiness();
    const created = await h.call(
      path(owner.business._id, 'create'),
      { name: 'Gutter clearing', status: 'active', frequency: 6, frequency_unit: 'month' },
      owner.token,
    );
    const id = created.body.data.service._id;
    const number = await h.call(path(owner.business._id, `update/${id}`), { frequency: 3 }, owner.token);
    expect(number.body.data.service).toMatchObject({ frequency: 3, frequency_unit: 'month' });
    const unit = await h.call(path(owner.business._id, `update/${id}`), { frequency_unit: 'week' }, owner.token);
    expect(unit.body.data.service).toMatchObject({ frequency: 3, frequency_unit: 'week' });
    const [row] = await h.database.db.select().from(services).where(eq(services.id, id));
    expect(row.frequencyUnit).toBe('week');
  });

  it('refuses an unknown unit and more than 100 years, with clear messages', async () => {
    const owner = await h.signUpWithBusiness();
    const base = { name: 'Chimney sweep', status: 'active' };
    expectFieldError(
      await h.call(
        path(owner.business._id, 'create'),
        { ...base, frequency: 1, frequency_unit: 'fortnight' },
        owner.token,
      ),
      'frequency_unit',
      'Service frequency unit must be day, week or month.',
    );
    expectFieldError(
      await h.call(
        path(owner.business._id, 'create'),
        { ...base, frequency: 1201, frequency_unit: 'month' },
        owner.token,
      ),
      'frequency',
      'Service frequency must be at most 100 years.',
    );
    expect(
      (
        await h.call(
          path(owner.business._id, 'create'),
          { ...base, frequency: 1200, frequency_unit: 'month' },
          owner.token,
        )
      ).status,
    ).toBe(200);
  });

  it('sorts by frequency as time between visits, whatever the unit', async () => {
    const owner = await h.signUpWithBusiness();
    for (const [name, frequency, frequency_unit] of [
      ['Monthly', 1, 'month'],
      ['Ten days', 10, 'day'],
      ['Three weeks', 3, 'week'],
      ['One-off', 0, 'week'],
    ] as const) {
      await h.call(
        path(owner.business._id, 'create'),
        { name, status: 'active', frequency, frequency_unit },
        owner.token,
      );
    }
    const list = await h.call(
      path(owner.business._id, 'list'),
      { sort_by: 'frequency', sort_order: 'asc' },
      owner.token,
    );
    expect(list.body.data.services.map((service: { name: string }) => service.name)).toEqual([
      'One-off',
      'Ten days',
      'Three weeks',
      'Monthly',
    ]);
  });

  it('the knowledge search says how often in the unit given', async () => {
    const owner = await h.signUpWithBusiness();
    const created = await h.call(
      path(owner.business._id, 'create'),
      { name: 'Pool cleaning', status: 'active', frequency: 2, frequency_unit: 'week' },
      owner.token,
    );
    const chunks = await h.database.db
      .select()
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.serviceId, created.body.data.service._id))
      .orderBy(asc(knowledgeChunks.ordinal));
    expect(chunks.map((chunk) => chunk.text).join('\n')).toContain('Repeats every 2 weeks.');
  });
});

describe('frequencyLabel', () => {
  it('reads "every 2 weeks", "every month", "every 10 days" and "one-off"', () => {
    expect(frequencyLabel(2, 'week')).toBe('Every 2 weeks');
    expect(frequencyLabel(1, 'week')).toBe('Every week');
    expect(frequencyLabel(1, 'month')).toBe('Every month');
    expect(frequencyLabel(3, 'month')).toBe('Every 3 months');
    expect(frequencyLabel(10, 'day')).toBe('Every 10 days');
    expect(frequencyLabel(1, 'day')).toBe('Every day');
    expect(frequencyLabel(0, 'month')).toBe('One-off');
    expect(frequencyLabel(14)).toBe('Every 14 days');
  });
});
