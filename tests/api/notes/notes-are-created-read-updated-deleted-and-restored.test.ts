import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '#api/lib/errors';
import { createNote, updateNote } from '#api/features/timeline/service';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import { businessEvents, insertCustomer } from '#tests/support/timeline-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('businesses/notes/{business_id}/create', () => {
  it('creates a note for a contact and answers data.note in the timeline item shape, with the contact embedded', async () => {
    const owner = await h.signUpWithBusiness();
    const customer = await insertCustomer(h, owner.business._id, { firstName: 'Ada', lastName: 'Lovelace' });
    const result = await h.call(
      `businesses/notes/${owner.business._id}/create`,
      { body: 'Call back about the boiler', customer_id: customer.id },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Note created.']);
    expect(result.body.data.note).toEqual({
      _id: expect.any(String),
      type: 'note',
      direction: null,
      status: null,
      from: null,
      to: null,
      customer_id: customer.id,
      customer: { _id: customer.id, name: 'Ada Lovelace' },
      phones_found: [],
      body: 'Call back about the boiler',
      reminder: null,
      repeated: false,
      repeat: null,
      completed_at: null,
      internal: false,
      details: {},
      assigned_to: null,
      created_by: owner.user.id,
      sort_at: expect.stringMatching(ISO),
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
      deleted_at: null,
    });
    const fetched = await h.call(
      `businesses/notes/${owner.business._id}/get/${result.body.data.note._id}`,
      undefined,
      owner.token,
    );
    expect(fetched.status).toBe(200);
    expect(fetched.body.data.note).toEqual(result.body.data.note);
  });

  it('creates a task (a note with a reminder), repeated when it has a repeat rule', async () => {
    const owner = await h.signUpWithBusiness();
    const reminder = '2031-03-04T09:30:00.000Z';
    const task = await h.call(
      `businesses/notes/${owner.business._id}/create`,
      { body: 'Send the invoice', reminder, repeat: { every: 'week', interval: 2 } },
      owner.token,
    );
    expect(task.status, JSON.stringify(task.body)).toBe(200);
    expect(task.body.data.note).toMatchObject({
      reminder,
      repeated: true,
      repeat: { every: 'week', interval: 2 },
      customer: null,
      customer_id: null,
    });
    const plain = await h.call(
      `businesses/notes/${owner.business._id}/create`,
      { body: 'Just a note', reminder: null },
      owner.token,
    );
    expect(plain.body.data.note).toMatchObject({ reminder: null, repeated: false, repeat: null });
  });

  it('reads a reminder without an offset (a datetime-local value) as that time in the business timezone', async () => {
    const owner = await h.signUpWithBusiness({ business: { timezone: 'America/New_York' } });
    expect(owner.business.timezone).toBe('America/New_York');
    const winter = await h.call(
      `businesses/notes/${owner.business._id}/create`,
      { body: 'Winter', reminder: '2031-01-15T09:00' },
      owner.token,
    );
    expect(winter.body.data.note.reminder).toBe('2031-01-15T14:00:00.000Z');
    const summer = await h.call(
      `businesses/notes/${owner.business._id}/create`,
      { body: 'Summer', reminder: '2031-07-15T09:00' },
      owner.token,
    );
    expect(summer.body.data.note.reminder).toBe('2031-07-15T13:00:00.000Z');
  });

  it("says 'Note content is required.' for a missing, empty or blank body, and creates nothing", async () => {
    const owner = await h.signUpWithBusiness();
    const id = owner.business._id;
    for (const body of [{}, { body: '' }, { body: '   ' }, { body: null }]) {
      expectFieldError(
        await h.call(`businesses/notes/${id}/create`, body, owner.token),
        'body',
        'Note content is required.',
      );
    }
    const list = await h.call(`businesses/notes/${id}/list`, {}, owner.token);
    expect(list.body.data.total).toBe(0);
  });

  it('refuses a contact of another business, a repeat without a reminder, a bad reminder and an assignee who is not a member', async () => {
    const owner = await h.signUpWithBusiness();
    const other = await h.signUpWithBusiness();
    const theirs = await insertCustomer(h, other.business._id);
    const id = owner.business._id;
    expectFieldError(
      await h.call(`businesses/notes/${id}/create`, { body: 'x', customer_id: theirs.id }, owner.token),
      'customer_id',
      'The contact was not found.',
    );
    expectFieldError(
      await h.call(`businesses/notes/${id}/create`, { body: 'x', repeat: { every: 'day', interval: 1 } }, owner.token),
      'repeat',
      'A repeated task needs a reminder.',
    );
    expectFieldError(
      await h.call(`businesses/notes/${id}/create`, { body: 'x', reminder: 'next tuesday-ish' }, owner.token),
      'reminder',
      'Date is not valid.',
    );
    expectFieldError(
      await h.call(`businesses/notes/${id}/create`, { body: 'x', assigned_to: other.user.id }, owner.token),
      'assigned_to',
      'The assignee is not a member of this business.',
    );
    expect((await h.call(`businesses/notes/${id}/list`, {}, owner.token)).body.data.total).toBe(0);
  });

  it('assigns a task to a member of the business', async () => {
    const owner = await h.signUpWithBusiness();
    const member = await h.signUp();
    await h.addMember(owner.business._id, member.user.id, ['notes/view']);
    const task = await h.call(
      `businesses/notes/${owner.business._id}/create`,
      { body: 'Yours', reminder: '2031-01-01T10:00:00Z', assigned_to: member.user.id },
      owner.token,
    );
    expect(task.body.data.note.assigned_to).toBe(member.user.id);
  });

  it('publishes NoteCreated on the business channel with the record', async () => {
    const owner = await h.signUpWithBusiness();
    const mark = h.events.length;
    const result = await h.call(`businesses/notes/${owner.business._id}/create`, { body: 'Live' }, owner.token);
    const events = businessEvents(h, owner.business._id, mark);
    expect(events.map((event) => event.event)).toEqual(['NoteCreated']);
    expect(events[0].payload).toEqual({ id: result.body.data.note._id });
  });
});

describe('businesses/notes/{business_id}/update/{id}', () => {
  it("changes what it is sent, keeps the rest, clears with null, and says 'Note updated.'", async () => {
    const owner = await h.signUpWithBusiness();
    const customer = await insertCustomer(h, owner.business._id);
    const created = await h.call(
      `businesses/notes/${owner.business._id}/create`,
      { body: 'Draft', customer_id: customer.id, internal: true },
      owner.token,
    );
    const id = created.body.data.note._id;
    const mark = h.events.length;
    const updated = await h.call(`businesses/notes/${owner.business._id}/update/${id}`, { body: 'Final' }, owner.token);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.messages).toEqual(['Note updated.']);
    expect(updated.body.data.next_occurrence).toBeNull();
    expect(updated.body.data.note).toMatchObject({
      _id: id,
      body: 'Final',
      customer_id: customer.id,
      customer: { _id: customer.id, name: customer.name },
      internal: true,
    });
    expect(businessEvents(h, owner.business._id, mark).map((event) => [event.event, event.payload])).toEqual([
      ['NoteUpdated', { id }],
    ]);

    const cleared = await h.call(
      `businesses/notes/${owner.business._id}/update/${id}`,
      { customer_id: null, internal: false },
      owner.token,
    );
    expect(cleared.body.data.note).toMatchObject({ body: 'Final', customer_id: null, customer: null, internal: false });
    const blank = await h.call(
      `businesses/notes/${owner.business._id}/update/${id}`,
      { customer_id: customer.id },
      owner.token,
    );
    expect(blank.body.data.note.customer_id).toBe(customer.id);
    const emptyText = await h.call(
      `businesses/notes/${owner.business._id}/update/${id}`,
      { customer_id: '' },
      owner.token,
    );
    expect(emptyText.body.data.note.customer_id).toBeNull();
  });

  it("refuses an empty body with 'Note content is required.' and leaves the note unchanged", async () => {
    const owner = await h.signUpWithBusiness();
    const created = await h.call(`businesses/notes/${owner.business._id}/create`, { body: 'Keep me' }, owner.token);
    const id = created.body.data.note._id;
    expectFieldError(
      await h.call(`businesses/notes/${owner.business._id}/update/${id}`, { body: ' ' }, owner.token),
      'body',
      'Note content is required.',
    );
    const fetched = await h.call(`businesses/notes/${owner.business._id}/get/${id}`, undefined, owner.token);
    expect(fetched.body.data.note).toEqual(created.body.data.note);
  });

  it('answers 404 for a note that does not exist, is deleted, or is not a note', async () => {
    const owner = await h.signUpWithBusiness();
    expectFailureEnvelope(
      await h.call(`businesses/notes/${owner.business._id}/update/no-such-note`, { body: 'x' }, owner.token),
      404,
    );
    const created = await h.call(`businesses/notes/${owner.business._id}/create`, { body: 'Gone soon' }, owner.token);
    await h.call(`businesses/notes/${owner.business._id}/delete/${created.body.data.note._id}`, undefined, owner.token);
    const result = await h.call(
      `businesses/notes/${owner.business._id}/update/${created.body.data.note._id}`,
      { body: 'x' },
      owner.token,
    );
    expectFailureEnvelope(result, 404);
    expect(result.body.errors).toEqual(['The note was not found.']);
  });
});

describe('businesses/notes/{business_id}/delete and restore', () => {
  it('deletes softly and restore brings back exactly what was deleted', async () => {
    const owner = await h.signUpWithBusiness();
    const customer = await insertCustomer(h, owner.business._id);
    const created = await h.call(
      `businesses/notes/${owner.business._id}/create`,
      {
        body: 'Precious',
        customer_id: customer.id,
        reminder: '2031-05-05T08:00:00Z',
        repeat: { every: 'month', interval: 1 },
        internal: true,
      },
      owner.token,
    );
    const before = created.body.data.note;
    const mark = h.events.length;

    const deleted = await h.call(`businesses/notes/${owner.business._id}/delete/${before._id}`, undefined, owner.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.messages).toEqual(['Note deleted.']);
    expect(deleted.body.data.note).toEqual({ ...before, deleted_at: expect.stringMatching(ISO) });
    expectFailureEnvelope(
      await h.call(`businesses/notes/${owner.business._id}/get/${before._id}`, undefined, owner.token),
      404,
    );
    expect((await h.call(`businesses/notes/${owner.business._id}/list`, {}, owner.token)).body.data.notes).toEqual([]);
    expectFailureEnvelope(
      await h.call(`businesses/notes/${owner.business._id}/delete/${before._id}`, undefined, owner.token),
      404,
    );

    const restored = await h.call(
      `businesses/notes/${owner.business._id}/restore/${before._id}`,
      undefined,
      owner.token,
    );
    expect(restored.status).toBe(200);
    expect(restored.body.messages).toEqual(['Note restored.']);
    expect(restored.body.data.note).toEqual(before);
    expect(
      (await h.call(`businesses/notes/${owner.business._id}/get/${before._id}`, undefined, owner.token)).body.data.note,
    ).toEqual(before);
    expect((await h.call(`businesses/notes/${owner.business._id}/list`, {}, owner.token)).body.data.notes).toEqual([
      before,
    ]);

    expect(businessEvents(h, owner.business._id, mark).map((event) => event.event)).toEqual([
      'NoteDeleted',
      'NoteCreated',
    ]);
    expect(businessEvents(h, owner.business._id, mark)[1].payload).toEqual({ id: before._id });
  });

  it('answers 404 to restore a note that is not deleted', async () => {
    const owner = await h.signUpWithBusiness();
    const created = await h.call(`businesses/notes/${owner.business._id}/create`, { body: 'Alive' }, owner.token);
    const result = await h.call(
      `businesses/notes/${owner.business._id}/restore/${created.body.data.note._id}`,
      undefined,
      owner.token,
    );
    expectFailureEnvelope(result, 404);
    expect(result.body.errors).toEqual(['The deleted note was not found.']);
  });
});

describe('the note service, called from the server side (the assistant, the seed)', () => {
  it('creates a note with no acting user and validates with the same messages', async () => {
    const owner = await h.signUpWithBusiness();
    const note = await createNote(h.deps, owner.business._id, {
      body: 'Escalated: caller wants a refund',
      internal: true,
    });
    expect(note).toMatchObject({
      type: 'note',
      internal: true,
      created_by: null,
      body: 'Escalated: caller wants a refund',
    });
    const error = await createNote(h.deps, owner.business._id, { body: '' }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual({ body: ['Note content is required.'] });
    const listed = await h.call(`businesses/notes/${owner.business._id}/list`, {}, owner.token);
    expect(listed.body.data.notes.map((item: { _id: string }) => item._id)).toEqual([note._id]);
  });

  it('updates only notes of the given business', async () => {
    const owner = await h.signUpWithBusiness();
    const other = await h.signUpWithBusiness();
    const note = await createNote(h.deps, owner.business._id, { body: 'Mine' });
    const error = await updateNote(h.deps, other.business._id, note._id, { body: 'Stolen' }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(
      (await h.call(`businesses/notes/${owner.business._id}/get/${note._id}`, undefined, owner.token)).body.data.note
        .body,
    ).toBe('Mine');
  });
});
