import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { messages } from '#contract/messages';
import { noteFormDefaults, noteFormSchema, toNotePayload } from '../../app/lib/note-form';
import { dateToZonedLocal, zonedLocalToDate } from '../../app/lib/timezone';

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe('zonedLocalToDate', () => {
  it('reads a datetime-local value on the wall clock of the given timezone', () => {
    expect(zonedLocalToDate('2025-01-15T09:30', 'America/New_York')?.toISOString()).toBe('2025-01-15T14:30:00.000Z');
    expect(zonedLocalToDate('2025-07-15T09:30', 'America/New_York')?.toISOString()).toBe('2025-07-15T13:30:00.000Z');
    expect(zonedLocalToDate('2025-07-15T09:30', 'Asia/Tokyo')?.toISOString()).toBe('2025-07-15T00:30:00.000Z');
    expect(zonedLocalToDate('2025-07-15T09:30', 'UTC')?.toISOString()).toBe('2025-07-15T09:30:00.000Z');
  });

  it('handles the days a DST change happens on', () => {
    // London springs forward at 01:00 UTC on 30 March 2025 and falls back at 01:00 UTC on 26 October.
    expect(zonedLocalToDate('2025-03-30T03:00', 'Europe/London')?.toISOString()).toBe('2025-03-30T02:00:00.000Z');
    expect(zonedLocalToDate('2025-03-30T00:30', 'Europe/London')?.toISOString()).toBe('2025-03-30T00:30:00.000Z');
    expect(zonedLocalToDate('2025-10-26T12:00', 'Europe/London')?.toISOString()).toBe('2025-10-26T12:00:00.000Z');
  });

  it('refuses text that is not a date-time', () => {
    expect(zonedLocalToDate('tomorrow', 'UTC')).toBeNull();
    expect(zonedLocalToDate('2025-01-15', 'UTC')).toBeNull();
  });

  it('round-trips through dateToZonedLocal, the value the edit form starts with', () => {
    for (const timeZone of ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Sydney']) {
      const local = '2025-11-21T18:45';
      expect(dateToZonedLocal(zonedLocalToDate(local, timeZone)!, timeZone)).toBe(local);
    }
  });
});

describe('the note form', () => {
  it("answers the spec's message for an empty note", () => {
    const submission = parseWithZod(form({ body: '   ' }), { schema: noteFormSchema });
    expect(submission.status).toBe('error');
    expect(submission.reply().error?.body).toEqual([messages.note.bodyRequired]);
  });

  it('turns a task with a repeat rule into the v1 payload, reminder in UTC', () => {
    const submission = parseWithZod(
      form({
        body: 'Call back',
        reminder: '2025-01-15T09:30',
        repeat_every: 'day',
        repeat_interval: '3',
        internal: 'on',
      }),
      {
        schema: noteFormSchema,
      },
    );
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(toNotePayload(submission.value, 'America/New_York')).toEqual({
      body: 'Call back',
      customer_id: null,
      reminder: '2025-01-15T14:30:00.000Z',
      repeat: { every: 'day', interval: 3 },
      internal: true,
    });
  });

  it('keeps a plain note without reminder or repeat', () => {
    const submission = parseWithZod(form({ body: 'Likes mornings', customer_id: 'c1', repeat_interval: '1' }), {
      schema: noteFormSchema,
    });
    if (submission.status !== 'success') throw new Error('expected success');
    expect(toNotePayload(submission.value, 'UTC')).toEqual({
      body: 'Likes mornings',
      customer_id: 'c1',
      reminder: null,
      repeat: null,
      internal: false,
    });
  });

  it('only lets a task repeat, and checks the reminder and the interval', () => {
    const noReminder = parseWithZod(form({ body: 'x', repeat_every: 'week' }), { schema: noteFormSchema });
    expect(noReminder.reply().error?.reminder).toEqual(['Set a reminder for a task that repeats.']);
    const badDate = parseWithZod(form({ body: 'x', reminder: 'soon' }), { schema: noteFormSchema });
    expect(badDate.reply().error?.reminder).toEqual(['Date is not valid.']);
    const badInterval = parseWithZod(
      form({ body: 'x', reminder: '2025-01-15T09:30', repeat_every: 'day', repeat_interval: '0' }),
      { schema: noteFormSchema },
    );
    expect(badInterval.reply().error?.repeat_interval).toEqual(['Repeat interval must be at least 1.']);
  });

  it('starts an edit with the reminder on the business wall clock', () => {
    const defaults = noteFormDefaults(
      {
        _id: 'n1',
        type: 'note',
        direction: null,
        status: null,
        from: null,
        to: null,
        customer_id: null,
        customer: null,
        phones_found: [],
        body: 'Renew contract',
        reminder: '2025-07-15T00:30:00.000Z',
        repeated: true,
        repeat: { every: 'month', interval: 1 },
        completed_at: null,
        internal: false,
        details: {},
        assigned_to: null,
        created_by: null,
        sort_at: '2025-07-01T00:00:00.000Z',
        created_at: '2025-07-01T00:00:00.000Z',
        updated_at: '2025-07-01T00:00:00.000Z',
        deleted_at: null,
      },
      'Asia/Tokyo',
    );
    expect(defaults).toMatchObject({
      body: 'Renew contract',
      reminder: '2025-07-15T09:30',
      repeat_every: 'month',
      repeat_interval: '1',
    });
  });
});
