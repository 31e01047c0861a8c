import type { EvalCase } from '../../fixture';
import { one, otherPrices } from './prices';

/**
 * Willow & Ash: more caller questions for the tuned part, written in a later session to find
 * classes of misunderstanding (the situation first, two questions at once, words the owner
 * never used, typos). Written before any change they led to; tuned on like tune.ts.
 */
export const CALLERS: EvalCase[] = [
  {
    id: 'salon-c-wedding-situation',
    turns: ["I'm getting married in June. Do you do bridal hair?"],
    kind: 'answer',
    expect: [one('€120')],
    forbid: otherPrices('€120', '€50', '€60'),
  },
  {
    id: 'salon-c-beard',
    turns: ['Can I get my beard trimmed too when I come in for a mens cut?'],
    kind: 'answer',
    expect: [one('€10')],
  },
  {
    id: 'salon-c-wifi',
    turns: ['Is there wifi while I wait?'],
    kind: 'answer',
    expect: [one('wifi')],
  },
  {
    id: 'salon-c-curly-dry',
    turns: ['My hair is really curly. Should I wash it before I come in?'],
    kind: 'answer',
    expect: [one('clean', 'natural state')],
  },
  {
    id: 'salon-c-blowdry-price',
    turns: ['how much is just a blowdry'],
    kind: 'answer',
    expect: [one('€38')],
    forbid: otherPrices('€38', '€45'),
  },
  {
    id: 'salon-c-keratin-wash',
    turns: ['After the keratin treatment, when can I wash my hair?'],
    kind: 'answer',
    expect: [one('48 hours')],
  },
  {
    id: 'salon-c-cancel-notice',
    turns: ['How much notice do I need to give to cancel?'],
    kind: 'answer',
    expect: [one('24 hours')],
  },
  {
    id: 'salon-c-pay-card-and-cheque',
    turns: ['Do you take cards and can I pay by cheque?'],
    kind: 'answer',
    expect: [one('card', 'Card'), one('cheque')],
  },
  {
    id: 'salon-c-colour-brand',
    turns: ['What brand of colour do you use?'],
    kind: 'answer',
    expect: [one('Wella')],
  },
  {
    id: 'salon-c-kids-price',
    turns: ['My daughter is 7. How much for her hair cut?'],
    kind: 'answer',
    expect: [one('€22')],
    forbid: otherPrices('€22'),
  },
  {
    id: 'salon-c-tram',
    turns: ['Can I get the Luas to you?'],
    kind: 'answer',
    expect: [one('Luas', "St Stephen's Green")],
  },
  { id: 'salon-c-massage', turns: ['Do you do head massages?'], kind: 'escalate' },
  { id: 'salon-c-tea', turns: ['Will I get a cup of tea while I wait?'], kind: 'escalate' },
];
