import { describe, expect, it } from 'vitest';
import { lengthsAgree, lengthsIn } from '#api/services/assistant/builtin/catalogue-fit';
import { ask, business, product, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * A caller's words that share a word with an item's name do not make that item the answer:
 * a word every lesson's name holds ("lesson") says nothing of which lesson, a word only
 * another item's name holds ("block") names that one, and a length the caller gives ("a 30
 * minute lesson", "an hour") must be one the item can be ("Minimum 2 hours", "Block of 8
 * hours" are not). Then the item that fits is said, or the question is passed on: never a
 * different item's price. Made-up business: a music school.
 */
const PIANO = ['Private piano lesson', '£30 per hour', 'One-to-one lessons at our studio, 1 or 2 hours long.'] as const;
const GUITAR = ['Group guitar lesson', '£12 per person', 'Up to six learners on Saturday mornings.'] as const;
const EXAM = [
  'Exam preparation lesson',
  '£40 per hour',
  'For graded exams, with a past paper each time. Minimum 2 hours.',
] as const;
const BLOCK = [
  'Block of 8 hours',
  '£220',
  'Eight hours of piano lessons paid in advance, valid for 6 months.',
] as const;
const SCHOOL = business(
  'Harbour Music School',
  [PIANO, GUITAR, EXAM, BLOCK].map(([name, price, description]) => service(name, price, description)),
  [product('Lesson notebook', '£4 each', 'A notebook to write down what to practise.')],
);
const HITS = [PIANO, GUITAR, EXAM, BLOCK].map(([name, price, description]) => serviceHit(name, price, description));

describe('a partial name match is not another item', () => {
  it.each([
    ['What does a one hour lesson cost?', /£40|£220|£12/],
    ['How much is a block of 5 hours?', /£220/],
    ['How much for an hour?', /£220|£40/],
    ["What's the price of a block of guitar lessons?", /£12|£220/],
    ['Do you do a one hour exam lesson?', /£40/],
  ])('%s says no other item', async (message, other) => {
    const text = await ask(SCHOOL, message, { hits: HITS });
    expect(text).not.toMatch(other);
  });

  it('an item the caller names whole, or that fits, is still said', async () => {
    expect(await ask(SCHOOL, 'How much is a private piano lesson?', { hits: HITS })).toMatch(/£30/);
    expect(await ask(SCHOOL, 'How much is the block of 8 hours?', { hits: HITS })).toMatch(/£220/);
    expect(await ask(SCHOOL, 'How much is a 2 hour exam preparation lesson?', { hits: HITS })).toMatch(/£40/);
  });
});

describe('lengths of time', () => {
  it('reads the caller’s and the item’s, leaving rates out', () => {
    expect(lengthsIn('a two hour lesson')).toEqual([[120, 120]]);
    expect(lengthsIn('just half an hour')).toEqual([[30, 30]]);
    expect(lengthsIn('an hour and a half')).toEqual([[90, 90]]);
    expect(lengthsIn('a 40-minute test')).toEqual([[40, 40]]);
    expect(lengthsIn('Lessons are 1 or 2 hours long')).toEqual([
      [60, 60],
      [120, 120],
    ]);
    expect(lengthsIn('Minimum 2 hours')).toEqual([[120, Infinity]]);
    expect(lengthsIn('£38 per hour, £20/hr, £40 an hour')).toEqual([]);
  });

  it('agrees when the item allows the length or gives none', () => {
    expect(lengthsAgree('a two hour lesson', 'Minimum 2 hours')).toBe(true);
    expect(lengthsAgree('an hour', 'Minimum 2 hours')).toBe(false);
    expect(lengthsAgree('a 5 hour block', 'Block of 8 hours')).toBe(false);
    expect(lengthsAgree('a 90 minute lesson', 'Lessons of 1-2 hours')).toBe(true);
    expect(lengthsAgree('a two hour lesson', '£40 per hour')).toBe(true);
  });
});

describe('the measure of a length names no item', () => {
  it.each(['What do you charge per hour?', "What's your hourly rate?"])('%s', async (message) => {
    expect(await ask(SCHOOL, message, { hits: HITS })).not.toMatch(/£220/);
  });

  it('an hourly price is still said', async () => {
    expect(await ask(SCHOOL, 'How much per hour is a private piano lesson?', { hits: HITS })).toMatch(/£30/);
  });
});
