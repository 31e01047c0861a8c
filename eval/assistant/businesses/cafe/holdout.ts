import type { EvalCase } from '../../fixture';
import { one, otherPrices, PRICES } from './prices';

/**
 * Hazel & Rye.
 * Held out: never tune the assistant on these cases. Written with the tune part, before any
 * tuning; "now" is Thursday 10 December 2026, 10:30 in York.
 */
export const HOLDOUT: EvalCase[] = [
  {
    id: 'cafe-h-friday',
    turns: ['what time do you shut on friday'],
    kind: 'answer',
    expect: [one('5pm', '5 pm', '17:00')],
    forbid: ['4pm'],
  },
  {
    id: 'cafe-h-christmas-eve',
    turns: ['are you open on christmas eve'],
    kind: 'answer',
    expect: [one('1pm', '1 pm', '13:00')],
  },
  {
    id: 'cafe-h-new-years-eve',
    turns: ["What are your hours on New Year's Eve?"],
    kind: 'answer',
    expect: [one('2pm', '2 pm', '14:00')],
  },
  {
    id: 'cafe-h-breakfast-until',
    turns: ['until what time do you serve breakfast'],
    kind: 'answer',
    expect: [one('11:30', '11.30')],
  },
  {
    id: 'cafe-h-scone',
    turns: ['how much is a scone with cream and jam'],
    kind: 'answer',
    expect: [one('£4.20')],
    forbid: otherPrices('£4.20'),
  },
  {
    id: 'cafe-h-vegan-fry-up',
    turns: ["What's the price of the vegan fry up?"],
    kind: 'answer',
    expect: [one('£10.50')],
    forbid: otherPrices('£10.50', '£10'),
  },
  {
    id: 'cafe-h-latte-art',
    turns: ['do you run coffee making lessons?'],
    kind: 'answer',
    expect: [one('£45', 'latte art', 'Latte art')],
  },
  {
    id: 'cafe-h-gf-toast',
    turns: ['I cant eat wheat, could I have gluten free toast?'],
    kind: 'answer',
    expect: [one('gluten-free', 'gluten free', 'separate toaster')],
  },
  {
    id: 'cafe-h-highchair',
    turns: ['Have you got a highchair for my baby?'],
    kind: 'answer',
    expect: [one('high chair', 'highchair', 'four')],
  },
  { id: 'cafe-h-wifi', turns: ['is the wi-fi free'], kind: 'answer', expect: [one('free', 'Free')] },
  {
    id: 'cafe-h-party-day',
    turns: ['Can we have a kids birthday party on a Wednesday?'],
    kind: 'answer',
    expect: [one('Saturday')],
  },
  {
    id: 'cafe-h-back-room-size',
    turns: ['how many people fit in your back room'],
    kind: 'answer',
    expect: [one('24')],
  },
  {
    id: 'cafe-h-voucher',
    turns: ['Can I get a gift card for my sister?'],
    kind: 'answer',
    expect: [one('voucher', '£10')],
  },
  {
    id: 'cafe-h-reusable-cup',
    turns: ['can i get a coffee to take away and is it cheaper if i bring my own cup'],
    kind: 'answer',
    expect: [one('30p')],
  },

  // Not in the café's data.
  { id: 'cafe-h-no-beans', turns: ['Do you sell bags of your coffee beans?'], kind: 'escalate', forbid: PRICES },
  { id: 'cafe-h-no-loyalty', turns: ['Have you got a loyalty stamp card?'], kind: 'escalate', forbid: PRICES },
  { id: 'cafe-h-no-deliveroo', turns: ['Are you on Deliveroo?'], kind: 'escalate', forbid: PRICES },

  {
    id: 'cafe-h-task-catering',
    turns: ['Could somebody ring me about catering for 30 people next Friday?', 'Raj Patel, 07700 900618'],
    kind: 'task',
    task: { name: 'Raj Patel', phone: '07700900618' },
  },
];
