import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMemory } from '#contract/envelope';
import { TRAINING_QUESTIONS } from '#api/features/training-questions/service';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';
import { createMemory, expectMemoryShape } from '#tests/support/memories';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const propose = (b: string, token?: string) => h.call(`businesses/memories/${b}/propose-questions`, undefined, token);
const keysOf = (questions: ApiMemory[]) => questions.map((q) => q.meta.training_key);
const ALL_KEYS = TRAINING_QUESTIONS.map((q) => q.key);

describe('businesses/memories/{id}/propose-questions', () => {
  it('proposes every catalogue question, most asked first, to a business that has taught the assistant nothing', async () => {
    // No address: the business record would otherwise answer "Where are you located?".
    const owner = await h.signUpWithBusiness({ business: { address: '' } });
    const b = owner.business._id;
    const result = await propose(b, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.created).toBe(TRAINING_QUESTIONS.length);
    expect(result.body.messages).toEqual([`${TRAINING_QUESTIONS.length} questions to answer.`]);
    const questions: ApiMemory[] = result.body.data.questions;
    expect(keysOf(questions)).toEqual(ALL_KEYS);
    for (const question of questions) {
      expectMemoryShape(question);
      expect(question).toMatchObject({ type: 'question', status: 'active', answer: null, deleted_at: null });
    }
    expect(questions[0]).toMatchObject({ title: 'Opening hours', content: 'What are your opening hours?' });

    // They are the business's questions to answer (the to-do list), and each was announced.
    const listed = await h.call(`businesses/memories/questions/${b}/list`, {}, owner.token);
    expect(listed.body.data.questions.map((q: ApiMemory) => q._id).sort()).toEqual(questions.map((q) => q._id).sort());
    for (const question of questions) {
      expect(h.events.some((event) => event.event === 'MemoryCreated' && event.payload.id === question._id)).toBe(true);
    }
  });

  it('skips what the knowledge base, the services or the business details already answer', async () => {
    const owner = await h.signUpWithBusiness({ business: { address: '1 High Street, Leeds' } });
    const b = owner.business._id;
    await createMemory(h, b, owner.token, {
      type: 'web_page',
      title: 'Contact us',
      content: 'Our opening hours are Monday to Friday, 8am to 6pm. We accept cash and credit card payments.',
    });
    await createMemory(h, b, owner.token, { type: 'text', content: 'Free parking is available behind the shop.' });
    // An inactive memory is not something the assistant uses: its fact stays unanswered.
    await createMemory(h, b, owner.token, {
      type: 'text',
      status: 'inactive',
      content: 'Our cancellation policy: 24 hours notice.',
    });
    const service = await h.call(
      `businesses/services/${b}/create`,
      { name: 'Boiler service', status: 'active', frequency: 365, price: '£80' },
      owner.token,
    );
    expect(service.status, JSON.stringify(service.body)).toBe(200);

    const result = await propose(b, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const keys = keysOf(result.body.data.questions);
    for (const answered of ['opening_hours', 'payment_methods', 'parking', 'services_offered', 'prices', 'location'])
      expect(keys).not.toContain(answered);
    for (const open of ['booking', 'area_served', 'emergency', 'cancellations']) expect(keys).toContain(open);
    expect(result.body.data.created).toBe(keys.length);
  });

  it('proposes each question once: answered, ignored and deleted ones never come back, and a second call adds nothing', async () => {
    const owner = await h.signUpWithBusiness({ business: { address: '' } });
    const b = owner.business._id;
    const first: ApiMemory[] = (await propose(b, owner.token)).body.data.questions;
    const [hours, prices, services] = first;

    const answered = await h.call(
      `businesses/memories/${b}/answer/${hours._id}`,
      { answer: 'Nine to five, Monday to Saturday.' },
      owner.token,
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.data.memory).toMatchObject({
      type: 'answered_question',
      status: 'active',
      answer: 'Nine to five, Monday to Saturday.',
    });
    expect(
      (await h.call(`businesses/memories/${b}/ignore/${prices._id}`, undefined, owner.token)).body.data.memory.type,
    ).toBe('ignored_question');
    expect((await h.call(`businesses/memories/${b}/delete/${services._id}`, undefined, owner.token)).status).toBe(200);

    const again = await propose(b, owner.token);
    expect(again.status).toBe(200);
    expect(again.body.data.created).toBe(0);
    expect(again.body.messages).toEqual(['No new questions: the assistant can already answer the common ones.']);
    expect(keysOf(again.body.data.questions)).toEqual(ALL_KEYS.slice(3));

    // The answer is now knowledge: the assistant's search finds it.
    const search = await h.call(
      `businesses/memories/${b}/search`,
      { query: 'when are you open saturday' },
      owner.token,
    );
    expect(search.body.data.results[0].source._id).toBe(hours._id);
  });

  it('creates each question once when two calls race', async () => {
    const owner = await h.signUpWithBusiness({ business: { address: '' } });
    const b = owner.business._id;
    const [one, two] = await Promise.all([propose(b, owner.token), propose(b, owner.token)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.data.created + two.body.data.created).toBe(TRAINING_QUESTIONS.length);
    const listed = await h.call(`businesses/memories/questions/${b}/list`, {}, owner.token);
    expect(listed.body.data.questions).toHaveLength(TRAINING_QUESTIONS.length);
  });

  it('answers 401 signed out, 403 without memories/edit, and 404 for another business, creating nothing', async () => {
    const owner = await h.signUpWithBusiness({ business: { address: '' } });
    const b = owner.business._id;
    expectFailureEnvelope(await propose(b), 401);

    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['memories/view']);
    const refused = await propose(b, viewer.token);
    expectFailureEnvelope(refused, 403);
    expect(refused.body.errors).toEqual(['You do not have permission to edit memories']);

    const outsider = await h.signUpWithBusiness();
    expectFailureEnvelope(await propose(b, outsider.token), 404);

    const listed = await h.call(`businesses/memories/questions/${b}/list`, {}, owner.token);
    expect(listed.body.data.questions).toEqual([]);

    // A member with memories/edit may.
    const editor = await h.signUp();
    await h.addMember(b, editor.user.id, ['memories/view', 'memories/edit']);
    expect((await propose(b, editor.token)).status).toBe(200);
  });
});
