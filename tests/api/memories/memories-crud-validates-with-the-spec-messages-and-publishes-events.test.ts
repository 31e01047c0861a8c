import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFieldError } from '#tests/support/expect-envelope';
import { createMemory, expectMemoryShape } from '#tests/support/memories';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const eventsFor = (id: string) => h.events.filter((event) => event.payload.id === id).map((event) => event.event);

describe('memory create, get, update, delete and restore', () => {
  it('answers the memory in the ApiMemory shape with the spec messages, and publishes MemoryCreated/Updated/Deleted', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const created = await h.call(
      `businesses/memories/${b}/create`,
      { type: 'text', status: 'active', title: 'Opening hours', content: ' We open at 8am. ' },
      owner.token,
    );
    expect(created.status).toBe(200);
    expect(created.body.messages).toEqual(['Memory created.']);
    const memory = created.body.data.memory;
    expectMemoryShape(memory);
    expect(memory).toMatchObject({
      type: 'text',
      status: 'active',
      title: 'Opening hours',
      content: 'We open at 8am.',
      answer: null,
      source_url: null,
      file: null,
      meta: {},
      deleted_at: null,
    });

    const got = await h.call(`businesses/memories/${b}/get/${memory._id}`, undefined, owner.token);
    expect(got.body.data.memory).toEqual(memory);

    const updated = await h.call(
      `businesses/memories/${b}/update/${memory._id}`,
      { content: 'We open at 7am.', title: null },
      owner.token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.messages).toEqual(['Memory updated.']);
    expect(updated.body.data.memory).toMatchObject({
      content: 'We open at 7am.',
      title: null,
      type: 'text',
      status: 'active',
    });

    const deleted = await h.call(`businesses/memories/${b}/delete/${memory._id}`, undefined, owner.token);
    expect(deleted.body.messages).toEqual(['Memory deleted.']);
    expect(deleted.body.data.memory.deleted_at).not.toBeNull();
    expect((await h.call(`businesses/memories/${b}/get/${memory._id}`, undefined, owner.token)).status).toBe(404);
    expect((await h.call(`businesses/memories/${b}/delete/${memory._id}`, undefined, owner.token)).status).toBe(404);

    const restored = await h.call(`businesses/memories/${b}/restore/${memory._id}`, undefined, owner.token);
    expect(restored.body.messages).toEqual(['Memory restored.']);
    // Exactly what was deleted comes back.
    expect(restored.body.data.memory).toEqual(updated.body.data.memory);
    expect((await h.call(`businesses/memories/${b}/restore/${memory._id}`, undefined, owner.token)).status).toBe(404);

    expect(eventsFor(memory._id)).toEqual(['MemoryCreated', 'MemoryUpdated', 'MemoryDeleted', 'MemoryCreated']);
    const event = h.events.find((e) => e.payload.id === memory._id)!;
    expect(event.channels).toEqual([`private-business.${b}`]);
    expect(event.payload).toEqual({ id: memory._id });
  });

  it("validates with the spec's messages: 'Memory type is required.', 'Memory content is required.', 'Memory status is required.'", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const empty = await h.call(`businesses/memories/${b}/create`, {}, owner.token);
    expectFieldError(empty, 'type', 'Memory type is required.');
    expectFieldError(empty, 'content', 'Memory content is required.');
    expectFieldError(empty, 'status', 'Memory status is required.');
    expectFieldError(
      await h.call(
        `businesses/memories/${b}/create`,
        { type: 'nonsense', status: 'active', content: 'x' },
        owner.token,
      ),
      'type',
      'Memory type is required.',
    );
    expectFieldError(
      await h.call(`businesses/memories/${b}/create`, { type: 'text', status: 'active', content: '   ' }, owner.token),
      'content',
      'Memory content is required.',
    );
    expectFieldError(
      await h.call(`businesses/memories/${b}/create`, { type: 'text', status: 'maybe', content: 'x' }, owner.token),
      'status',
      'Memory status must be Active or Inactive.',
    );
    const memory = await createMemory(h, b, owner.token);
    expectFieldError(
      await h.call(`businesses/memories/${b}/update/${memory._id}`, { content: '' }, owner.token),
      'content',
      'Memory content is required.',
    );
    const list = await h.call(`businesses/memories/${b}/list`, {}, owner.token);
    expect(list.body.data.total).toBe(1);
  });
});

describe('the memory list', () => {
  it('pages from 0, filters by one type or several, status and text, and counts every type for the tabs', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const first = await createMemory(h, b, owner.token, { type: 'text', content: 'Boiler servicing every year' });
    h.clock.offsetMs += 1000;
    await createMemory(h, b, owner.token, {
      type: 'web_page',
      content: 'Our team page',
      source_url: 'https://example.test/team',
    });
    h.clock.offsetMs += 1000;
    await createMemory(h, b, owner.token, { type: 'question', content: 'Do you work weekends?' });
    h.clock.offsetMs += 1000;
    const inactive = await createMemory(h, b, owner.token, { type: 'text', status: 'inactive', content: 'Old prices' });
    const gone = await createMemory(h, b, owner.token, { type: 'text', content: 'Deleted' });
    await h.call(`businesses/memories/${b}/delete/${gone._id}`, undefined, owner.token);

    const all = await h.call(`businesses/memories/${b}/list`, undefined, owner.token);
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 4, page: 0, limit: 500 });
    expect(all.body.data.memories[0]._id).toBe(inactive._id);
    expect(all.body.data.counts).toMatchObject({ text: 2, web_page: 1, question: 1, pdf: 0 });
    expect(Object.keys(all.body.data.counts)).toHaveLength(12);

    const texts = await h.call(`businesses/memories/${b}/list`, { type: 'text' }, owner.token);
    expect(texts.body.data.total).toBe(2);
    expect(texts.body.data.counts.web_page).toBe(1);
    const several = await h.call(
      `businesses/memories/${b}/list`,
      { type: ['text', 'web_page'], sort_order: 'asc' },
      owner.token,
    );
    expect(several.body.data.total).toBe(3);
    expect(several.body.data.memories[0]._id).toBe(first._id);
    const active = await h.call(`businesses/memories/${b}/list`, { status: 'inactive' }, owner.token);
    expect(active.body.data.memories.map((m: { _id: string }) => m._id)).toEqual([inactive._id]);
    const searched = await h.call(`businesses/memories/${b}/list`, { search: 'boiler' }, owner.token);
    expect(searched.body.data.memories.map((m: { _id: string }) => m._id)).toEqual([first._id]);
    expect(searched.body.data.counts.text).toBe(1);
    const paged = await h.call(`businesses/memories/${b}/list`, { limit: 2, page: 1 }, owner.token);
    expect(paged.body.data).toMatchObject({ total: 4, page: 1, limit: 2 });
    expect(paged.body.data.memories).toHaveLength(2);
    expect((await h.call(`businesses/memories/${b}/list`, { limit: 501 }, owner.token)).status).toBe(422);
    expect((await h.call(`businesses/memories/${b}/list`, { type: 'nope' }, owner.token)).status).toBe(422);
  });
});

describe('questions', () => {
  it('are listed until answered (→ answered_question, active) or ignored (→ ignored_question)', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const q1 = await createMemory(h, b, owner.token, { type: 'question', content: 'Do you take card payments?' });
    const q2 = await createMemory(h, b, owner.token, {
      type: 'question',
      status: 'inactive',
      content: 'Is there parking?',
    });
    const note = await createMemory(h, b, owner.token, { type: 'text', content: 'Not a question' });
    const listed = await h.call(`businesses/memories/questions/${b}/list`, {}, owner.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.questions.map((q: { _id: string }) => q._id).sort()).toEqual([q1._id, q2._id].sort());
    expect(listed.body.data.total).toBe(2);

    expectFieldError(
      await h.call(`businesses/memories/${b}/answer/${q1._id}`, { answer: ' ' }, owner.token),
      'answer',
      'The answer is required.',
    );
    const answered = await h.call(
      `businesses/memories/${b}/answer/${q1._id}`,
      { answer: 'Yes, all major cards.' },
      owner.token,
    );
    expect(answered.body.messages).toEqual(['Question answered.']);
    expect(answered.body.data.memory).toMatchObject({
      type: 'answered_question',
      status: 'active',
      answer: 'Yes, all major cards.',
      content: 'Do you take card payments?',
    });
    const ignored = await h.call(`businesses/memories/${b}/ignore/${q2._id}`, undefined, owner.token);
    expect(ignored.body.messages).toEqual(['Question ignored.']);
    expect(ignored.body.data.memory.type).toBe('ignored_question');
    expect((await h.call(`businesses/memories/${b}/answer/${note._id}`, { answer: 'x' }, owner.token)).status).toBe(
      422,
    );

    expect((await h.call(`businesses/memories/questions/${b}/list`, {}, owner.token)).body.data.total).toBe(0);
    const search = await h.call(`businesses/memories/${b}/search`, { query: 'card payments' }, owner.token);
    expect(search.body.data.results[0]).toMatchObject({
      source: { kind: 'memory', _id: q1._id, type: 'answered_question' },
    });
    expect(search.body.data.results[0].text).toContain('all major cards');
    expect(eventsFor(q1._id)).toEqual(['MemoryCreated', 'MemoryUpdated']);
  });
});
