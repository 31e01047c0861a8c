import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';

// Issue 22 item 17: a special date with no date has no message of its own in the spec, so it
// gets the rule for any required field; reopening a task says so instead of "Note updated.".
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('messages', () => {
  it("a special date without its date: 'This field is required.'", async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(
      `businesses/settings/${owner.business._id}/set`,
      { overwrites: [{ all_day: true, status: 'closed' }] },
      owner.token,
    );
    expect(result.status).toBe(422);
    expect(JSON.stringify(result.body.field_errors)).toContain('This field is required.');
    expect(JSON.stringify(result.body)).not.toContain('Date is required.');
  });

  it("reopening a completed task: 'Task reopened.'", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const reminder = new Date(Date.now() + 3_600_000).toISOString();
    const created = (
      await h.call(`businesses/notes/${b}/create`, { body: 'Renew the van insurance', reminder }, owner.token)
    ).body.data.note;
    await h.call(`businesses/notes/${b}/update/${created._id}`, { completed: true }, owner.token);
    const reopened = await h.call(`businesses/notes/${b}/update/${created._id}`, { completed: false }, owner.token);
    expect(reopened.body.messages).toEqual(['Task reopened.']);
    // An ordinary edit of an open task is still "Note updated.".
    expect(
      (
        await h.call(
          `businesses/notes/${b}/update/${created._id}`,
          { body: 'Renew the van insurance today' },
          owner.token,
        )
      ).body.messages,
    ).toEqual(['Note updated.']);
  });
});
