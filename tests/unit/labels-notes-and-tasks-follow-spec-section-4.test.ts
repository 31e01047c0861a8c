import { describe, expect, it } from 'vitest';
import { noteLabel, timelineLabel, type LabelledItem } from '#contract/labels';

const now = new Date('2031-06-15T12:00:00Z');
const past = '2031-06-15T11:59:00Z';
const future = '2031-06-15T12:01:00Z';
const note = (fields: Partial<LabelledItem>): LabelledItem => ({
  type: 'note',
  customer_id: 'c1',
  internal: false,
  repeated: false,
  reminder: null,
  completed_at: null,
  ...fields,
});

describe('note labels (spec section 4)', () => {
  it.each([
    ['Task', { reminder: future }],
    ['Complete Task', { reminder: future, completed_at: past }],
    ['Overdue Task', { reminder: past }],
    ['Repeated Task', { reminder: future, repeated: true }],
    ['Complete Repeated Task', { reminder: future, repeated: true, completed_at: past }],
    ['Overdue Repeated Task', { reminder: past, repeated: true }],
  ] as const)('a note with a reminder is labelled %s', (label, fields) => {
    expect(noteLabel(note(fields), now)).toBe(label);
    expect(timelineLabel(note(fields), now)).toBe(label);
  });

  it('a completed task is Complete even when its reminder is past, never Overdue', () => {
    expect(noteLabel(note({ reminder: past, completed_at: past }), now)).toBe('Complete Task');
    expect(noteLabel(note({ reminder: past, completed_at: past, repeated: true }), now)).toBe('Complete Repeated Task');
  });

  it('a reminder becomes overdue only once it has passed', () => {
    expect(noteLabel(note({ reminder: now.toISOString() }), now)).toBe('Task');
    expect(noteLabel(note({ reminder: new Date(now.getTime() - 1).toISOString() }), now)).toBe('Overdue Task');
  });

  it('an internal note without a reminder is a Task', () => {
    expect(noteLabel(note({ internal: true }), now)).toBe('Task');
    expect(noteLabel(note({ internal: true, customer_id: null }), now)).toBe('Task');
  });

  it('a note without a customer that is not internal is a Note to Assistant', () => {
    expect(noteLabel(note({ customer_id: null }), now)).toBe('Note to Assistant');
    expect(noteLabel(note({ customer_id: undefined }), now)).toBe('Note to Assistant');
  });

  it('any other note is a Note to self', () => {
    expect(noteLabel(note({}), now)).toBe('Note to self');
    expect(timelineLabel(note({}), now)).toBe('Note to self');
  });
});
