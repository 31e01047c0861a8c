import type { EvalCase } from '../../fixture';
import { one, otherPrices, PRICES } from './prices';

/**
 * Greenway Driving School.
 * Held out: never tune the assistant on these cases. Written with the tune part, before any
 * tuning; "now" is Thursday 10 December 2026, 10:30 in Exeter.
 */
export const HOLDOUT: EvalCase[] = [
  {
    id: 'driving-h-friday',
    turns: ['what time do you close on a friday'],
    kind: 'answer',
    expect: [one('4pm', '4 pm', '16:00')],
    forbid: ['7pm', '5:30pm'],
  },
  {
    id: 'driving-h-christmas-eve',
    turns: ['are you open on christmas eve'],
    kind: 'answer',
    expect: [one('12pm', '12 pm', '12:00', 'noon', 'midday')],
  },
  {
    id: 'driving-h-sunday',
    turns: ['Can I call in on Sunday?'],
    kind: 'answer',
    expect: [one('closed', 'not open')],
  },
  {
    id: 'driving-h-auto-yaris',
    turns: ['What car do you use for automatic lessons?'],
    kind: 'answer',
    expect: [one('Yaris', 'Toyota')],
  },
  {
    id: 'driving-h-hourly',
    turns: ['whats your hourly rate for manual'],
    kind: 'answer',
    expect: [one('£38')],
    forbid: otherPrices('£38', '£72'),
  },
  {
    id: 'driving-h-block-expiry',
    turns: ['If I buy a block of lessons, do the hours run out?'],
    kind: 'answer',
    expect: [one('12 months', 'twelve months')],
  },
  {
    id: 'driving-h-intensive-theory',
    turns: ['Do I need my theory test before doing an intensive course?'],
    kind: 'answer',
    expect: [one('passed their theory', 'theory test')],
  },
  {
    id: 'driving-h-mock-length',
    turns: ['how long does the mock test last and how much is it'],
    kind: 'answer',
    expect: [one('40'), one('£60')],
  },
  {
    id: 'driving-h-l-plates',
    turns: ['Have you got L plates?'],
    kind: 'answer',
    expect: [one('£6')],
    forbid: otherPrices('£6'),
  },
  {
    id: 'driving-h-theory-help',
    turns: ['will you help me revise for my theory?'],
    kind: 'answer',
    expect: [one('app', 'hazard perception')],
  },
  {
    id: 'driving-h-female-instructor',
    turns: ["I'd feel more comfortable with a woman instructor, is that possible?"],
    kind: 'answer',
    expect: [one('Yes', 'Priya', 'match')],
  },
  {
    id: 'driving-h-exmouth',
    turns: ['Do you pick up in Exmouth?'],
    kind: 'answer',
    expect: [one('do not cover', "don't cover", 'EX1 to EX6')],
  },
  {
    id: 'driving-h-glasses',
    turns: ['I wear glasses, does that matter?'],
    kind: 'answer',
    expect: [one('20 metres', 'number plate', 'wear them')],
  },
  {
    id: 'driving-h-book-test',
    turns: ['can you book the practical test for me'],
    kind: 'answer',
    expect: [one('DVSA', 'yourself')],
  },
  {
    id: 'driving-h-voucher',
    turns: ['I want to get my son some lessons for his birthday, do you do vouchers?'],
    kind: 'answer',
    expect: [one('voucher')],
  },
  {
    id: 'driving-h-refund',
    turns: ['Can I get my money back for hours I have not used?'],
    kind: 'answer',
    expect: [one('£25', 'refunded', 'administration')],
  },
  {
    id: 'driving-h-owner',
    turns: ['who owns the driving school?'],
    kind: 'answer',
    expect: [one('Gareth Bowen', 'Gareth')],
  },
  { id: 'driving-h-no-van', turns: ['Can you teach me to tow a caravan?'], kind: 'escalate', forbid: PRICES },
  {
    id: 'driving-h-no-test-dates',
    turns: ['When is the next free test date at the Exeter centre?'],
    kind: 'escalate',
    forbid: PRICES,
  },
  {
    id: 'driving-h-no-student-discount',
    turns: ['Do you give a student discount?'],
    kind: 'escalate',
    forbid: PRICES,
  },
];
