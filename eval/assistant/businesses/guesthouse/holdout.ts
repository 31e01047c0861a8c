import type { EvalCase } from '../../fixture';
import { one, otherPrices, PRICES } from './prices';

/**
 * Latrigg View Guest House.
 * Held out: never tune the assistant on these cases. Written with the tune part, before any
 * tuning; "now" is Thursday 10 December 2026, 10:30 in Keswick.
 */
export const HOLDOUT: EvalCase[] = [
  {
    id: 'guesthouse-h-tonight',
    turns: ['how late is reception open tonight'],
    kind: 'answer',
    expect: [one('8pm', '8 pm', '20:00')],
  },
  {
    id: 'guesthouse-h-christmas-eve',
    turns: ['r u open christmas eve'],
    kind: 'answer',
    expect: [one('2pm', '2 pm', '14:00')],
  },
  {
    id: 'guesthouse-h-twin',
    turns: ['price of a room with 2 separate beds?'],
    kind: 'answer',
    expect: [one('£98')],
    forbid: otherPrices('£98', '£80'),
  },
  {
    id: 'guesthouse-h-wheelchair',
    turns: ['My dad is in a wheelchair, have you got a room he can get into without any steps?'],
    kind: 'answer',
    expect: [one('Garden Room', 'ground floor', 'ground-floor', 'step-free')],
  },
  {
    id: 'guesthouse-h-out-by',
    turns: ['what time do we have to be out of the room by'],
    kind: 'answer',
    expect: [one('10:30', '10.30')],
  },
  {
    id: 'guesthouse-h-brekkie-weekday',
    turns: ['when is brekkie on weekdays'],
    kind: 'answer',
    expect: [one('9:30', '9.30')],
  },
  {
    id: 'guesthouse-h-sandwiches',
    turns: ['could you do us some sandwiches to take up the fells with us?'],
    kind: 'answer',
    expect: [one('£9.50', 'packed lunch', 'Packed lunch')],
    forbid: otherPrices('£9.50'),
  },
  {
    id: 'guesthouse-h-coeliac',
    turns: ["I'm coeliac, can you cater for that at breakfast?"],
    kind: 'answer',
    expect: [one('gluten-free', 'gluten free', 'on request')],
  },
  {
    id: 'guesthouse-h-cancel-day-before',
    turns: ['what happens if we cant make it and cancel the day before'],
    kind: 'answer',
    expect: [one('first night', '48 hours')],
  },
  {
    id: 'guesthouse-h-lose-key',
    turns: ['how much is it if i lose the key'],
    kind: 'answer',
    expect: [one('£25')],
    forbid: otherPrices('£25'),
  },
  {
    id: 'guesthouse-h-curfew',
    turns: ['Is there a curfew? We might be back late from the pub'],
    kind: 'answer',
    expect: [one('key', '11pm', '11 pm')],
  },
  {
    id: 'guesthouse-h-lake',
    turns: ['how long does it take to walk down to the lake from you'],
    kind: 'answer',
    expect: [one('10 minutes', 'ten minutes')],
  },
  {
    id: 'guesthouse-h-fizz',
    turns: ["it's our anniversary, could you put some bubbly in the room for when we arrive?"],
    kind: 'answer',
    expect: [one('£28', 'prosecco', 'Prosecco')],
    forbid: otherPrices('£28'),
  },
  {
    id: 'guesthouse-h-checkin-then-late',
    turns: ['what time is check in', 'and what if we get there later than that?'],
    kind: 'answer',
    expect: [one('key safe', 'ring us', 'ring')],
  },

  // Not in the guest house's data.
  {
    id: 'guesthouse-h-no-voucher',
    turns: ['Do you do gift vouchers? Want to treat my parents to a weekend'],
    kind: 'escalate',
    forbid: PRICES,
  },
  {
    id: 'guesthouse-h-no-wedding',
    turns: ['Could we hold a small wedding reception at the guest house?'],
    kind: 'escalate',
    forbid: PRICES,
  },
  {
    id: 'guesthouse-h-no-iron',
    turns: ['is there an iron and ironing board we could borrow'],
    kind: 'escalate',
    forbid: PRICES,
  },

  {
    id: 'guesthouse-h-task-group',
    turns: ['Could someone call me back about a group booking for 10 walkers in May?', 'Tom Birch, 07700 900388'],
    kind: 'task',
    task: { name: 'Tom Birch', phone: '07700900388' },
  },
];
