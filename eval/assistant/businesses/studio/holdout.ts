import type { EvalCase } from '../../fixture';
import { one, otherPrices, PRICES } from './prices';

/**
 * Kestrel Studio.
 * Held out: never tune the assistant on these cases. Written with the tune part, before any
 * tuning; "now" is Thursday 10 December 2026, 10:30 in Brighton.
 */
export const HOLDOUT: EvalCase[] = [
  {
    id: 'studio-h-saturday',
    turns: ['wat time do u shut on saturday'],
    kind: 'answer',
    expect: [one('12:30', '12.30')],
  },
  {
    id: 'studio-h-nye',
    turns: ['open new years eve?'],
    kind: 'answer',
    expect: [one('2pm', '2 pm', '14:00')],
  },
  {
    id: 'studio-h-friday-lunch',
    turns: ['is there a lunchtime class on fridays'],
    kind: 'answer',
    expect: [one('12.30', '12:30')],
  },
  {
    id: 'studio-h-yin-length',
    turns: ['how long does the yin class go on for'],
    kind: 'answer',
    expect: [one('75')],
  },
  {
    id: 'studio-h-came-before',
    turns: ['I came to one class last year, can I still get the new student offer?'],
    kind: 'answer',
    expect: [one('first-time', 'first time', 'once per person')],
  },
  {
    id: 'studio-h-monthly',
    turns: ["what's a monthly membership cost"],
    kind: 'answer',
    expect: [one('£99')],
    forbid: otherPrices('£99'),
  },
  {
    id: 'studio-h-reformer-size',
    turns: ['how many people are there in a reformer class'],
    kind: 'answer',
    expect: [one('at most 8', '8 people', 'eight', 'up to 8', 'maximum of 8')],
  },
  {
    id: 'studio-h-buy-mat',
    turns: ['do you sell yoga mats'],
    kind: 'answer',
    expect: [one('£38')],
    forbid: otherPrices('£38'),
  },
  {
    id: 'studio-h-book-ahead',
    turns: ['how far in advance can I book a class?'],
    kind: 'answer',
    expect: [one('14 days', 'two weeks')],
  },
  {
    id: 'studio-h-class-full',
    turns: ['the 6pm one is full, what can I do?'],
    kind: 'answer',
    expect: [one('waitlist', 'waiting list')],
  },
  {
    id: 'studio-h-nurse',
    turns: ["I'm a nurse, is there any NHS discount?"],
    kind: 'answer',
    expect: [one('15%')],
  },
  {
    id: 'studio-h-crutches',
    turns: ['is the studio step free? im on crutches at the moment'],
    kind: 'answer',
    expect: [one('ground floor', 'step-free', 'step free')],
  },
  {
    id: 'studio-h-towels',
    turns: ['do you provide towels'],
    kind: 'answer',
    expect: [one('£2', 'hired', 'hire')],
  },
  {
    id: 'studio-h-beginners-then-time',
    turns: ['do you do pilates for complete beginners', 'what time does it start?'],
    kind: 'answer',
    expect: [one('9.30', '9:30')],
  },

  // Not in the studio's data.
  {
    id: 'studio-h-no-voucher',
    turns: ["can I buy a gift voucher for my mum's birthday"],
    kind: 'escalate',
    forbid: PRICES,
  },
  { id: 'studio-h-no-aerial', turns: ['Do you have aerial yoga?'], kind: 'escalate', forbid: PRICES },
  {
    id: 'studio-h-no-online',
    turns: ['do you have online classes I can do from home?'],
    kind: 'escalate',
    forbid: PRICES,
  },

  {
    id: 'studio-h-task-office',
    turns: ['Can someone call me about running classes for our office team?', 'Mark Ellis, 07700 900463'],
    kind: 'task',
    task: { name: 'Mark Ellis', phone: '07700900463' },
  },
];
