import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, customers, memories, timelineItems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * Reports on a seeded business whose numbers are known. The business is in Asia/Tokyo
 * (UTC+9, no DST) and the clock is fixed at 2026-03-18 12:00 JST, so "7 days" is
 * 12–18 March and the previous period 5–11 March (local midnights).
 */
const NOW = new Date('2026-03-18T03:00:00Z');
let h: Harness;
let owner: Awaited<ReturnType<Harness['signUpWithBusiness']>>;
let other: Awaited<ReturnType<Harness['signUpWithBusiness']>>;

type Item = Partial<typeof timelineItems.$inferInsert> & { type: 'call' | 'sms' | 'form' | 'note'; at: string };
async function seedTimeline(businessId: string, items: Item[]) {
  await h.database.db.insert(timelineItems).values(
    items.map(({ at, ...item }) => ({
      id: newId(),
      businessId,
      sortAt: new Date(at),
      createdAt: new Date(at),
      ...item,
    })),
  );
}

async function seedBusiness(businessId: string) {
  await h.database.db.update(businesses).set({ timezone: 'Asia/Tokyo' }).where(eq(businesses.id, businessId));
  const call = (
    at: string,
    status: string,
    details: Record<string, unknown> = {},
    extra: Partial<Item> = {},
  ): Item => ({ type: 'call', direction: 'inbound', status, details, at, ...extra });
  await seedTimeline(businessId, [
    // Current period (12–18 March JST).
    call('2026-03-16T01:30:00Z', 'completed'), // Mon 10:30 JST: answered by the assistant
    call('2026-03-16T01:45:00Z', 'completed', { transferred_to: '+442071234000' }), // Mon 10:45: transferred
    call('2026-03-17T14:30:00Z', 'missed_call'), // Tue 23:30 JST (14:30 UTC): missed
    call('2026-03-11T16:00:00Z', 'voicemail'), // Thu 12 March 01:00 JST (still 11 March in UTC): voicemail
    call('2026-03-16T02:00:00Z', 'completed', {}, { direction: 'outbound' }), // outbound: not counted
    call('2026-03-16T02:10:00Z', 'completed', {}, { deletedAt: new Date('2026-03-16T03:00:00Z') }), // deleted: not counted
    { type: 'sms', direction: 'inbound', at: '2026-03-16T01:10:00Z' },
    { type: 'sms', direction: 'inbound', at: '2026-03-16T01:20:00Z' },
    { type: 'sms', direction: 'outbound', at: '2026-03-16T01:25:00Z' },
    { type: 'form', direction: 'inbound', at: '2026-03-15T00:00:00Z' }, // Sun 09:00 JST
    // Previous period (5–11 March JST).
    call('2026-03-10T00:00:00Z', 'completed'),
    call('2026-03-11T14:59:00Z', 'missed_call'), // 11 March 23:59 JST
    { type: 'sms', direction: 'inbound', at: '2026-03-09T00:00:00Z' },
    // Before both periods.
    call('2026-03-01T00:00:00Z', 'completed'),
    // Tasks (notes with a reminder).
    {
      type: 'note',
      body: 'done early',
      at: '2026-03-13T00:00:00Z',
      reminder: new Date('2026-03-14T00:00:00Z'),
      completedAt: new Date('2026-03-13T05:00:00Z'),
    },
    { type: 'note', body: 'overdue', at: '2026-03-13T00:00:00Z', reminder: new Date('2026-03-15T00:00:00Z') },
    { type: 'note', body: 'due later', at: '2026-03-13T00:00:00Z', reminder: new Date('2026-03-20T00:00:00Z') },
    {
      type: 'note',
      body: 'done late',
      at: '2026-03-06T00:00:00Z',
      reminder: new Date('2026-03-07T00:00:00Z'),
      completedAt: new Date('2026-03-08T00:00:00Z'),
    },
    { type: 'note', body: 'plain note', at: '2026-03-13T00:00:00Z' },
  ]);
  const customer = (at: string) => ({
    id: newId(),
    businessId,
    firstName: 'Report',
    status: 'lead',
    createdAt: new Date(at),
  });
  await h.database.db
    .insert(customers)
    .values([customer('2026-03-12T00:00:00Z'), customer('2026-03-17T00:00:00Z'), customer('2026-03-06T00:00:00Z')]);
  const memory = (type: string, at: string) => ({
    id: newId(),
    businessId,
    type,
    status: 'active',
    content: 'What time do you open?',
    createdAt: new Date(at),
  });
  await h.database.db.insert(memories).values([
    memory('question', '2026-03-13T00:00:00Z'),
    memory('answered_question', '2026-03-14T00:00:00Z'),
    memory('ignored_question', '2026-03-15T00:00:00Z'),
    memory('question', '2026-03-06T00:00:00Z'),
    memory('text', '2026-03-14T00:00:00Z'), // not a question
  ]);
}

const report = async (token: string, businessId: string, body: unknown = { period: '7' }) => {
  const result = await h.call(`businesses/reports/${businessId}/get`, body, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.report;
};

beforeAll(async () => {
  h = await createHarness();
  h.clock.now = () => new Date(NOW);
  owner = await h.signUpWithBusiness();
  other = await h.signUpWithBusiness();
  await seedBusiness(owner.business._id);
  await seedBusiness(other.business._id);
  // Another business's extra activity must never show up in the owner's report.
  await seedTimeline(other.business._id, [
    { type: 'call', direction: 'inbound', status: 'completed', at: '2026-03-16T01:30:00Z' },
  ]);
});
afterAll(async () => h?.close());

describe('reports', () => {
  it('counts each figure of the period and the previous period of equal length', async () => {
    const r = await report(owner.token, owner.business._id);
    expect(r.period).toEqual({
      key: '7',
      from: '2026-03-12',
      to: '2026-03-18',
      days: 7,
      previous_from: '2026-03-05',
      previous_to: '2026-03-11',
      timezone: 'Asia/Tokyo',
    });
    expect(r.calls).toEqual({
      current: { inbound: 4, answered: 1, transferred: 1, missed: 1, voicemail: 1 },
      previous: { inbound: 2, answered: 1, transferred: 0, missed: 1, voicemail: 0 },
    });
    expect(r.sms).toEqual({ current: { sms_in: 2, sms_out: 1 }, previous: { sms_in: 1, sms_out: 0 } });
    expect(r.forms).toEqual({ current: { forms: 1 }, previous: { forms: 0 } });
    expect(r.contacts).toEqual({ current: { new_contacts: 2 }, previous: { new_contacts: 1 } });
    expect(r.tasks).toEqual({
      current: { created: 3, completed: 1, overdue: 1 },
      previous: { created: 1, completed: 1, overdue: 1 },
    });
    expect(r.questions).toEqual({
      current: { unanswered_by_assistant: 3, answered_by_owner: 1 },
      previous: { unanswered_by_assistant: 1, answered_by_owner: 0 },
    });
    expect(r.answer_rate.current).toEqual({
      calls_answered: 1,
      calls_inbound: 4,
      call_rate: 25,
      questions_answered: 1,
      questions_total: 3,
      question_rate: 33.3,
    });
    expect(r.answer_rate.previous.call_rate).toBe(50);
    expect(r.restricted).toEqual({});
    expect(r.empty).toBe(false);
  });

  it('buckets the busiest hours by the business timezone (Monday first)', async () => {
    const r = await report(owner.token, owner.business._id);
    const cells: string[] = [];
    r.hours.forEach((row: number[], day: number) =>
      row.forEach((count, hour) => count && cells.push(`${day}:${hour}=${count}`)),
    );
    // Mon 10h: 2 calls + 2 SMS in; Tue 23h: the missed call (14h UTC); Thu 1h: the voicemail; Sun 9h: the form.
    expect(cells.sort()).toEqual(['0:10=4', '1:23=1', '3:1=1', '6:9=1']);
  });

  it('answers a custom period the same as the equal preset and refuses a reversed range', async () => {
    const custom = await report(owner.token, owner.business._id, {
      period: 'custom',
      from: '2026-03-12',
      to: '2026-03-18',
    });
    const preset = await report(owner.token, owner.business._id);
    expect({ ...custom, period: null }).toEqual({ ...preset, period: null });
    const bad = await h.call(
      `businesses/reports/${owner.business._id}/get`,
      { period: 'custom', from: '2026-03-18', to: '2026-03-12' },
      owner.token,
    );
    expect(bad.status).toBe(422);
  });

  it('shows an empty report for a quiet period', async () => {
    const r = await report(owner.token, owner.business._id, { period: 'custom', from: '2025-01-01', to: '2025-01-31' });
    expect(r.empty).toBe(true);
    expect(r.calls.current.inbound).toBe(0);
  });

  it('keeps businesses apart', async () => {
    const r = await report(other.token, other.business._id);
    expect(r.calls.current.answered).toBe(2);
    expect((await h.call(`businesses/reports/${other.business._id}/get`, { period: '7' }, owner.token)).status).toBe(
      404,
    );
  });

  it('computes only what the member may view and notes the rest', async () => {
    const callsOnly = await h.signUp();
    await h.addMember(owner.business._id, callsOnly.user.id, ['calls/view']);
    const r = await report(callsOnly.token, owner.business._id);
    expect(r.calls.current.inbound).toBe(4);
    expect(r.sms).toBeNull();
    expect(r.contacts).toBeNull();
    expect(r.restricted.sms).toBe('You do not have permission to view smses');
    expect(r.restricted.contacts).toBe('You do not have permission to view customers');
    expect(r.hours_types).toEqual(['call']);
    expect(r.hours[0][10]).toBe(2);
    expect(r.answer_rate.current.question_rate).toBeNull();

    const nobody = await h.signUp();
    await h.addMember(owner.business._id, nobody.user.id, []);
    const none = await report(nobody.token, owner.business._id);
    expect(none.calls).toBeNull();
    expect(none.hours).toBeNull();
    expect(Object.keys(none.restricted).sort()).toEqual([
      'answer_rate',
      'calls',
      'contacts',
      'forms',
      'hours',
      'questions',
      'sms',
      'tasks',
    ]);
  });
});
