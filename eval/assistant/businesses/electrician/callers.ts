import type { EvalCase } from '../../fixture';
import { one } from './prices';

/**
 * Brightwire Electrical: more caller questions for the tuned part, written in a later session
 * to find classes of misunderstanding (the situation first and the question after, two
 * questions at once, words the owner never used, typos). Written before any change they led
 * to; tuned on like tune.ts.
 */
export const CALLERS: EvalCase[] = [
  {
    id: 'electrician-c-burning-smell',
    turns: [
      "There's a burning smell coming from a plug socket. Can someone come out tonight?",
      'Sam Price, 07700 900777',
    ],
    kind: 'task',
    task: { name: 'Sam Price', phone: '07700900777' },
  },
  {
    id: 'electrician-c-fusebox-price-time',
    turns: ['How much is a new fuse box and how long will it take?'],
    kind: 'answer',
    expect: [one('£650'), one('one day', '1 day')],
  },
  {
    id: 'electrician-c-landlord',
    turns: ["I'm a landlord. Do you do the electrical safety certificates?"],
    kind: 'answer',
    expect: [one('£150', 'EICR')],
  },
  {
    id: 'electrician-c-cheque',
    turns: ['Is it ok if I pay by cheque?'],
    kind: 'answer',
    expect: [one('cheque')],
  },
  {
    id: 'electrician-c-how-many',
    turns: ['How many electricians have you got?'],
    kind: 'answer',
    expect: [one('6', 'six')],
  },
  {
    id: 'electrician-c-niceic',
    turns: ['Are you NICEIC approved?'],
    kind: 'answer',
    expect: [one('NICEIC')],
  },
  {
    id: 'electrician-c-quote-valid',
    turns: ['How long is a quote valid for?'],
    kind: 'answer',
    expect: [one('30 days')],
  },
  {
    id: 'electrician-c-outdoor-socket',
    turns: ['I want a socket in the garden for the lawnmower. How much?'],
    kind: 'answer',
    expect: [one('£85')],
  },
  {
    id: 'electrician-c-shed-light',
    turns: ['Can you run power down to my shed?'],
    kind: 'answer',
    expect: [one('shed')],
  },
  {
    id: 'electrician-c-co-alarm',
    turns: ['Do you fit carbon monoxide detectors? What do they cost?'],
    kind: 'answer',
    expect: [one('£75')],
  },
  {
    id: 'electrician-c-ev-lead-time',
    turns: ['If I order a car charger how long until you can fit it?'],
    kind: 'answer',
    expect: [one('2 weeks', 'two weeks')],
  },
  {
    id: 'electrician-c-sunday',
    turns: ['r u open sunday'],
    kind: 'answer',
    expect: [one('closed')],
  },
  {
    id: 'electrician-c-stockport',
    turns: ["I'm in Cheadle, SK8. Do you come out this way?"],
    kind: 'answer',
    expect: [one('Cheadle', 'SK8')],
  },
  {
    id: 'electrician-c-rewire-survey',
    turns: ['Thinking of getting the house rewired. Do you do a survey first?'],
    kind: 'answer',
    expect: [one('survey')],
  },
  {
    id: 'electrician-c-certificate-when',
    turns: ['When do I get the certificate after the inspection?'],
    kind: 'answer',
    expect: [one('48 hours')],
  },
  {
    id: 'electrician-c-owner',
    turns: ['Who started the company?'],
    kind: 'answer',
    expect: [one('Dan')],
  },
  {
    id: 'electrician-c-usb',
    turns: ['can u put usb sockets in'],
    kind: 'answer',
    expect: [one('USB', '£85')],
  },
  // Unknowables.
  { id: 'electrician-c-loft', turns: ['Do you do loft conversions?'], kind: 'escalate' },
  { id: 'electrician-c-tv', turns: ['Can you mount my TV on the wall?'], kind: 'escalate' },
  { id: 'electrician-c-finance', turns: ['Do you offer finance on a rewire?'], kind: 'escalate' },
];
