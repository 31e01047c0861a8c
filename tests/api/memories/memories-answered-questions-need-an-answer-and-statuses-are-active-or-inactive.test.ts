import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFieldError } from '#tests/support/expect-envelope';
import { createMemory, upload } from '#tests/support/memories';

// Issue 22 item 16: an answered question needs its answer, and "processing" and "failed"
// belong to the upload reader, never to a person writing or editing a memory.
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('memory create and update', () => {
  it("refuses an answered question without an answer: 'The answer is required.'", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const question = { type: 'answered_question', status: 'active', content: 'Do you deliver on Sundays?' };
    expectFieldError(
      await h.call(`businesses/memories/${b}/create`, question, owner.token),
      'answer',
      'The answer is required.',
    );
    expectFieldError(
      await h.call(`businesses/memories/${b}/create`, { ...question, answer: '   ' }, owner.token),
      'answer',
      'The answer is required.',
    );

    const answered = await createMemory(h, b, owner.token, { ...question, answer: 'No, Monday to Saturday only.' });
    expect(answered).toMatchObject({ type: 'answered_question', answer: 'No, Monday to Saturday only.' });
    // Clearing the answer of a saved one is refused too, and leaves it as it was.
    expectFieldError(
      await h.call(`businesses/memories/${b}/update/${answered._id}`, { answer: null }, owner.token),
      'answer',
      'The answer is required.',
    );
    const after = await h.call(`businesses/memories/${b}/get/${answered._id}`, undefined, owner.token);
    expect(after.body.data.memory.answer).toBe('No, Monday to Saturday only.');
    // So is turning a text with no answer into an answered question.
    const text = await createMemory(h, b, owner.token, { content: 'Deliveries run Monday to Saturday.' });
    expectFieldError(
      await h.call(`businesses/memories/${b}/update/${text._id}`, { type: 'answered_question' }, owner.token),
      'answer',
      'The answer is required.',
    );
  });

  it("offers people only active and inactive: 'Memory status must be Active or Inactive.'", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    for (const status of ['processing', 'failed']) {
      expectFieldError(
        await h.call(`businesses/memories/${b}/create`, { type: 'text', status, content: 'x' }, owner.token),
        'status',
        'Memory status must be Active or Inactive.',
      );
    }
    const memory = await createMemory(h, b, owner.token);
    expectFieldError(
      await h.call(`businesses/memories/${b}/update/${memory._id}`, { status: 'processing' }, owner.token),
      'status',
      'Memory status must be Active or Inactive.',
    );
    expect(
      (await h.call(`businesses/memories/${b}/update/${memory._id}`, { status: 'inactive' }, owner.token)).body.data
        .memory.status,
    ).toBe('inactive');
    const uploaded = await upload(
      h,
      b,
      owner.token,
      { bytes: 'We open at nine.', name: 'hours.txt', type: 'text/plain' },
      { status: 'failed' },
    );
    expectFieldError(uploaded, 'status', 'Memory status must be Active or Inactive.');
  });
});
