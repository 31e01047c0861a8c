import { describe, expect, it } from 'vitest';
import type { AssistantTools, CapturedDetails, CustomerFact, HistoryMessage } from '#api/services/assistant/types';
import { business, run, service, tools } from '#tests/support/builtin-assistant';

/**
 * A receptionist writes the note for the team as soon as they have the caller's name and
 * number: a caller who hangs up before saying when suits them still leaves the owner a task.
 * The time asked for afterwards is added to that same task, never made into a second one.
 */
const TUNER = business('Keys and Strings Piano Tuning', [
  service('Piano tuning', '£85', 'A full tuning of an upright or grand piano, about 90 minutes.'),
  service('Pitch raise', '£40', 'For a piano left untuned for years, before its tuning.'),
]);

type Made = { title: string; details: CapturedDetails };

/** The recording tools, with every task made and every detail added to one kept in order. */
function recording() {
  const created: Made[] = [];
  const updates: CapturedDetails[] = [];
  const base = tools();
  const kit: AssistantTools = {
    ...base,
    async createTask(input) {
      created.push({ title: input.title, details: { ...input.details } });
      return { type: 'task_created', note_id: `note-${created.length}`, summary: input.title };
    },
    async updateRequestTask(details) {
      updates.push({ ...details });
      return { type: 'task_updated', note_id: `note-${created.length}`, summary: 'Details added' };
    },
  };
  return { kit, created, updates };
}

/** Each message in turn, every reply added to the history; the replies' texts and actions per turn. */
async function converse(messages: string[], options: { customer?: CustomerFact; biz?: typeof TUNER } = {}) {
  const { kit, created, updates } = recording();
  const history: HistoryMessage[] = [];
  const turns: { text: string; actions: string[]; created: number }[] = [];
  for (const message of messages) {
    const { text, events } = await run(options.biz ?? TUNER, message, {
      history: [...history],
      customer: options.customer ?? null,
      kit,
    });
    turns.push({
      text,
      actions: events.flatMap((event) => (event.type === 'action' ? [event.action.type] : [])),
      created: created.length,
    });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: text });
  }
  return { turns, created, updates };
}

const JO: CustomerFact = { _id: 'c-1', name: 'Jo Marsh', phones: ['+447700900161'], emails: [], status: 'customer' };

describe('a booking request', () => {
  it('is a task as soon as the name and number are given without a time, and the time is still asked', async () => {
    const { turns, created, updates } = await converse([
      "I'd like to book a piano tuning please",
      'Tomás Reyes, 07700 900152',
    ]);
    expect(turns[0].created).toBe(0);
    expect(created).toEqual([
      {
        title: 'Booking request from Tomás Reyes',
        details: { name: 'Tomás Reyes', phone: '07700900152', reason: "I'd like to book a piano tuning please" },
      },
    ]);
    expect(turns[1].actions).toEqual(['task_created']);
    expect(turns[1].text).toMatch(/when would suit you\?$/);
    expect(updates).toEqual([]);
  });

  it('adds the time given afterwards to that same task: still one task', async () => {
    const { turns, created, updates } = await converse([
      "I'd like to book a piano tuning please",
      'Tomás Reyes, 07700 900152',
      'Thursday afternoon',
    ]);
    expect(created).toHaveLength(1);
    expect(updates).toEqual([{ preferred_time: 'Thursday afternoon' }]);
    expect(turns[2].actions).toEqual(['task_updated']);
    expect(turns[2].text).toContain('Thursday afternoon suits you');
  });

  it('answered with something that is no time keeps the one task and thanks the caller', async () => {
    const { turns, created, updates } = await converse([
      'Can I book a pitch raise?',
      'Priya Shah 07700 900153',
      "I'm not sure yet, whatever is easiest for the tuner",
    ]);
    expect(created).toHaveLength(1);
    expect(updates).toEqual([]);
    expect(turns[2].actions).toEqual([]);
    expect(turns[2].text).toMatch(/Thank you, Priya Shah!/);
  });

  it('answered with another question answers it and makes no second task', async () => {
    const { turns, created } = await converse([
      "I'd like to book a piano tuning please",
      'Tomás Reyes, 07700 900152',
      'How much is a piano tuning?',
    ]);
    expect(created).toHaveLength(1);
    expect(turns[2].text).toContain('£85');
  });

  it('with every detail in one message is one task with the time', async () => {
    const { created, updates } = await converse([
      "Please book me in for a piano tuning, I'm Ada Byrne on 07700 900154, Friday at 2pm",
    ]);
    expect(created).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ name: 'Ada Byrne', phone: '07700900154', preferred_time: 'Friday at 2pm' }),
      }),
    ]);
    expect(updates).toEqual([]);
  });

  it('given over several messages (name, then number) is made when the number completes them', async () => {
    const { turns, created } = await converse(["I'd like to book a tuning", "I'm Ada Byrne", '07700 900154']);
    expect(turns.map((turn) => turn.created)).toEqual([0, 0, 1]);
    expect(created[0].details).toMatchObject({ name: 'Ada Byrne', phone: '07700900154' });
    expect(turns[2].text).toMatch(/when would suit you\?$/);
  });

  it('from a known caller is a task at once, asks only when, and adds the time to it', async () => {
    const { turns, created, updates } = await converse(['Can you book me in for a piano tuning?', 'Saturday at 10am'], {
      customer: JO,
    });
    expect(turns[0].created).toBe(1);
    expect(turns[0].text).not.toMatch(/your name|number/);
    expect(turns[0].text).toMatch(/when would suit you\?$/i);
    expect(created[0].details).toMatchObject({ name: 'Jo Marsh', phone: '+447700900161' });
    expect(updates).toEqual([{ preferred_time: 'Saturday at 10am' }]);
  });
});

describe('a call-back or talk-to-a-person request', () => {
  it('is one task once the name and number are given', async () => {
    const callback = await converse(['Could someone call me back about my piano?', 'Ada Byrne, 07700 900154']);
    expect(callback.created).toEqual([expect.objectContaining({ title: 'Call back Ada Byrne' })]);
    const person = await converse(['Can I speak to a real person?', 'Dan Hale, 07700 900155']);
    expect(person.created).toEqual([expect.objectContaining({ title: 'Dan Hale would like to speak to someone' })]);
    expect([...callback.updates, ...person.updates]).toEqual([]);
  });
});
