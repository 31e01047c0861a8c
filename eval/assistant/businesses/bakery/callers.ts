import type { EvalCase } from '../../fixture';
import { one, otherPrices } from './prices';

/**
 * Rossi's Bakery: more caller questions for the tuned part, written in a later session to
 * find classes of misunderstanding (the situation in one sentence and the question in the
 * next, two questions at once, words the owner never used, typos, "is it ok if…", "can I…").
 * Written before any change they led to; tuned on like tune.ts.
 */
export const CALLERS: EvalCase[] = [
  {
    id: 'bakery-c-getting-married',
    turns: ["We're getting married next summer. Do you make wedding cakes?"],
    kind: 'answer',
    expect: [one('£350', 'wedding')],
    forbid: otherPrices('£350'),
  },
  {
    id: 'bakery-c-office-party',
    turns: ["We've got an office party coming up. Could you cater it?"],
    kind: 'answer',
    expect: [one('£18.50', 'afternoon tea')],
    forbid: otherPrices('£18.50'),
  },
  {
    id: 'bakery-c-rye-vegan',
    turns: ['Is the rye bread ok for vegans?'],
    kind: 'answer',
    expect: [one('vegan', 'no milk')],
  },
  {
    id: 'bakery-c-croissants-ready',
    turns: ['What time are the croissants ready in the morning?'],
    kind: 'answer',
    expect: [one('8am', '8 am', '08:00')],
  },
  { id: 'bakery-c-apple-pay', turns: ['Can I pay with Apple Pay?'], kind: 'answer', expect: [one('Apple Pay')] },
  {
    id: 'bakery-c-parking',
    turns: ['Is there anywhere to park near the shop?'],
    kind: 'answer',
    expect: [one('North Street', 'Dean Lane')],
  },
  {
    id: 'bakery-c-cupcakes-notice',
    turns: ['do u do cupcakes and how much notice do u need'],
    kind: 'answer',
    expect: [one('3 days', 'three days')],
  },
  {
    id: 'bakery-c-wheelchair',
    turns: ["My mum's in a wheelchair. Can she get into the shop ok?"],
    kind: 'answer',
    expect: [one('step-free', 'step free')],
  },
  {
    id: 'bakery-c-delivery-cost-days',
    turns: ['How much is delivery and do you deliver on Sundays?'],
    kind: 'answer',
    expect: [one('£4.95'), one('Tuesday to Saturday')],
  },
  {
    id: 'bakery-c-class-when-price',
    turns: ["When's the sourdough class on and what does it cost?"],
    kind: 'answer',
    expect: [one('Saturday'), one('£65')],
  },
  {
    id: 'bakery-c-cancel-birthday',
    turns: ['I ordered a birthday cake for Saturday but the party is off. Do I get my deposit back?'],
    kind: 'answer',
    expect: [one('72 hours')],
  },
  {
    id: 'bakery-c-voucher-expiry',
    turns: ['How long do your gift vouchers last?'],
    kind: 'answer',
    expect: [one('12 months', 'twelve months')],
  },
  { id: 'bakery-c-head-baker', turns: ["Who's your head baker?"], kind: 'answer', expect: [one('Marco')] },
  {
    id: 'bakery-c-bank-transfer',
    turns: ['Can I pay the deposit by bank transfer?'],
    kind: 'answer',
    expect: [one('bank transfer')],
  },
  {
    id: 'bakery-c-restaurants',
    turns: ['I run a café. Do you supply bread to businesses?'],
    kind: 'answer',
    expect: [one('wholesale', 'cafés')],
  },
  {
    id: 'bakery-c-cake-feeds',
    turns: ['how many people will a one tier cake feed'],
    kind: 'answer',
    expect: [one('12 to 15')],
  },
  {
    id: 'bakery-c-tasting',
    turns: ['Can we try the wedding cake flavours before we order?'],
    kind: 'answer',
    expect: [one('tasting')],
  },
  {
    id: 'bakery-c-close-today',
    turns: ['What time do you close today?'],
    kind: 'answer',
    expect: [one('4pm', '4 pm', '16:00')],
  },
  {
    id: 'bakery-c-delivery-time',
    turns: ['What time of day do deliveries come?'],
    kind: 'answer',
    expect: [one('9am', '9 am'), one('1pm', '1 pm')],
  },
  {
    id: 'bakery-c-christmas-eve',
    turns: ['Are you open on Christmas Eve? Until what time?'],
    kind: 'answer',
    expect: [one('1pm', '1 pm', '13:00')],
  },
  {
    id: 'bakery-c-nut-allergy',
    turns: ['My son has a nut allergy. Do you use nuts in your kitchen?'],
    kind: 'answer',
    expect: [one('nuts')],
  },
  {
    id: 'bakery-c-venue-setup',
    turns: ['Will you set the wedding cake up at our venue?'],
    kind: 'answer',
    expect: [one('£35', 'venue')],
  },
  {
    id: 'bakery-c-put-aside',
    turns: ['I need 8 loaves for Saturday. Should I ring ahead?'],
    kind: 'answer',
    expect: [one('day before')],
  },
  {
    id: 'bakery-c-sourdough-price',
    turns: ["what's a sourdough loaf cost"],
    kind: 'answer',
    expect: [one('£4.50')],
    forbid: otherPrices('£4.50'),
  },
  {
    id: 'bakery-c-refund-how',
    turns: ['If I get a refund, how long does it take to come back to my card?'],
    kind: 'answer',
    expect: [one('5 working days', 'five working days')],
  },
  {
    id: 'bakery-c-eat-in-drinks',
    turns: ['Do you serve hot drinks?'],
    kind: 'answer',
    expect: [one('coffee', 'tea', 'hot chocolate')],
  },
  // Unknowables: nothing in the data answers them.
  { id: 'bakery-c-free-range', turns: ['Are your eggs free range?'], kind: 'escalate' },
  { id: 'bakery-c-birthday-candles-deliver', turns: ["Do you do children's parties at the shop?"], kind: 'escalate' },
  { id: 'bakery-c-halal', turns: ['Is your bread halal?'], kind: 'escalate' },
  { id: 'bakery-c-student-discount', turns: ['Is there a student discount?'], kind: 'escalate' },
];
