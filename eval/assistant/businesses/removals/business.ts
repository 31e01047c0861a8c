import { makeStyledDocx, type DocxBlock } from '#tests/support/docx';
import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Kestrel Removals, Sheffield: house and flat moves quoted after a free survey, a man and a
 * van by the hour, a packing service, containerised storage by the week, piano moves, packing
 * materials for sale, areas covered by town and postcode, weekend moves at a surcharge, a
 * pasted FAQ, answered questions and the terms and conditions as a Word document (quotes,
 * deposits and cancellation, postponing, insurance and claims, waiting time, storage, a table
 * of charges). The office is closed on Sundays and over Christmas. Added as an eleventh
 * business, unlike the others (the job is one big day booked weeks ahead, priced by survey);
 * its cases were written and committed before any assistant change of the session that added it.
 */
const TERMS: DocxBlock[] = [
  { title: 'Kestrel Removals Ltd – Terms and Conditions of Removal and Storage' },
  {
    paragraph:
      'These terms apply to every removal, packing and storage job we carry out. By paying the deposit you accept them, so please read them before you book.',
  },
  { heading: 'Quotations' },
  {
    paragraph:
      'Our quotation is a fixed price for the goods listed at the survey and the dates and addresses given. It is valid for 30 days from the date on it. Goods added after the survey, or access that differs from what we were told, may be charged extra.',
  },
  { heading: 'Deposit and payment' },
  {
    paragraph:
      'A deposit of 25% of the quoted price secures your moving date. The balance is due by bank transfer or card no later than 3 working days before the move.',
  },
  { heading: 'Cancelling or postponing' },
  {
    paragraph:
      'If you cancel 14 days or more before the moving date, your deposit is refunded in full. If you cancel between 7 and 13 days before, we keep half of the deposit. If you cancel less than 7 days before, the whole deposit is kept.',
  },
  {
    paragraph:
      "You may postpone your move once without charge if you give us at least 7 days' notice, subject to our availability on the new date.",
  },
  { heading: 'Insurance and claims' },
  {
    paragraph:
      'Every removal includes goods-in-transit cover up to £50,000 per move. Goods you pack yourself are covered for loss only, not for breakage, unless there is visible damage to the box. Any single item worth more than £5,000 must be declared to us in writing before the move, or it is covered only up to £5,000.',
  },
  {
    paragraph:
      'Loss or damage must be reported to us in writing within 7 days of the move. We may ask to inspect the item before settling a claim.',
  },
  { heading: 'Waiting time and access' },
  {
    paragraph:
      'The first hour of waiting for keys on moving day is free. After that, waiting time is charged at £60 per hour. You are responsible for arranging parking or a parking suspension outside both properties for our vehicles.',
  },
  { heading: 'Storage' },
  {
    paragraph:
      "Storage is charged every four weeks in advance, with a minimum of four weeks. We need 28 days' notice to deliver goods out of storage. Access to your container at our warehouse is by appointment on weekdays.",
  },
  { heading: 'Goods we cannot move' },
  {
    paragraph:
      'We cannot carry paint, gas bottles, petrol, fireworks or any other flammable or dangerous goods, nor cash, jewellery or personal documents, which you should move yourself.',
  },
  { heading: 'Charges' },
  {
    table: [
      ['Charge', 'Amount'],
      ['Weekend move surcharge (Saturday or Sunday)', '£95'],
      ['Waiting time after the first hour', '£60 per hour'],
      ['Long-distance moves beyond 30 miles', '£2.20 per mile'],
      ['Flat-pack furniture built from new', '£30 per item'],
    ],
  },
];

export const REMOVALS: OwnerSetup = {
  owner: { name: 'Gareth Lowe' },
  business: {
    name: 'Kestrel Removals',
    email: 'office@kestrelremovals.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441142960455'],
    address: 'Unit 4, Parkway Trading Estate, Sheffield S9 3BL',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '08:00', end: '18:00' },
      { day: 'tuesday', open: true, start: '08:00', end: '18:00' },
      { day: 'wednesday', open: true, start: '08:00', end: '18:00' },
      { day: 'thursday', open: true, start: '08:00', end: '18:00' },
      { day: 'friday', open: true, start: '08:00', end: '18:00' },
      { day: 'saturday', open: true, start: '08:00', end: '16:00' },
      { day: 'sunday', open: false, start: '09:00', end: '13:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '08:00', '12:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Jo', tone: 'friendly', when_unsure: 'offer_callback', capture_bookings: true },
  },
  services: [
    {
      name: 'Home survey and quote',
      price: 'Free',
      description:
        'A surveyor visits your home, or walks round it with you on a video call, and sends a fixed written quote within 48 hours. No obligation.',
    },
    {
      name: 'Man and van',
      price: '£45 per hour',
      description:
        'One mover and a Luton van for small flat moves, students and single items, with a 2-hour minimum. A second mover is £20 per hour more.',
    },
    {
      name: 'Two-bedroom house removal',
      price: 'From £495',
      description:
        'Three movers and a 7.5-tonne lorry for a two-bedroom home moving up to 30 miles, with furniture wrapped in blankets.',
    },
    {
      name: 'Three- and four-bedroom house removal',
      price: 'From £850',
      description: 'Four movers and two lorries for a larger home moving up to 30 miles, usually done in one day.',
    },
    {
      name: 'Packing service',
      price: '£250 per day',
      description:
        'Two trained packers pack your home the day before the move, with boxes, paper, tape and wardrobe cartons included.',
    },
    {
      name: 'Containerised storage',
      price: '£25 per week',
      description:
        'A sealed wooden container, about one room of furniture, kept in our secure Rotherham warehouse with CCTV. Minimum four weeks.',
    },
    {
      name: 'Piano removal',
      price: '£180',
      description:
        'Moving an upright piano between ground floors with a piano trolley and two specialists. Grand pianos and stairs are quoted after a survey.',
    },
  ],
  products: [
    {
      title: 'Medium moving box',
      content: 'Double-walled cardboard box, 46 x 31 x 31 cm, for books and kitchen things. £2.50 each, or 20 for £45.',
    },
    {
      title: 'Wardrobe box',
      content: 'A tall box with a hanging rail, so clothes go straight from the wardrobe on their hangers. £12 each.',
    },
    { title: 'Bubble wrap', content: 'A 50-metre roll of large-bubble wrap, 750 mm wide. £15 a roll.' },
    { title: 'Packing tape', content: 'Strong brown parcel tape, 66 metres a roll. £3 a roll.' },
  ],
  texts: [
    {
      title: 'Areas we cover',
      content: `We are based in Sheffield and cover every Sheffield postcode from S1 to S36, plus Rotherham, Barnsley, Chesterfield, Doncaster and Worksop.

Longer moves anywhere in mainland England, Scotland and Wales are quoted with a mileage charge beyond 30 miles. We do not move to or from other countries.`,
    },
    {
      title: 'FAQ',
      content: `Q: How far ahead should I book?
A: Three to four weeks for a weekday move. Fridays and Saturdays at the end of the month book up six to eight weeks ahead, so get in touch as soon as you have a date.

Q: Do I need to empty my chest of drawers?
A: Clothes can stay in the drawers of a sturdy chest. Please empty desk drawers and anything with glass or fragile things in it.

Q: Will you take the beds apart?
A: Yes. We take apart and rebuild any furniture we took apart for the move, free of charge. Building new flat-pack furniture costs £30 an item.

Q: How long does a move take?
A: Most two- and three-bedroom moves are loaded by lunchtime and unloaded the same afternoon.`,
    },
  ],
  answers: [
    {
      question: 'Do you charge for quotes?',
      answer: 'No, the survey and the quote are free and there is no obligation to book.',
    },
    {
      question: 'Are you insured?',
      answer:
        'Yes: every move includes goods-in-transit cover up to £50,000 and we have £5 million public liability insurance. We are members of the British Association of Removers.',
    },
    {
      question: 'Do you move at weekends?',
      answer:
        'Yes, on Saturdays and Sundays, with a weekend surcharge of £95. Sunday dates are limited, so book early.',
    },
    {
      question: 'How do I pay?',
      answer: 'By bank transfer or card. We do not take cash on the day of the move.',
    },
    {
      question: 'Do you sell boxes?',
      answer:
        'Yes, boxes, wardrobe boxes, bubble wrap and tape. Pick them up from our yard or we drop them off free with your survey.',
    },
  ],
  uploads: [
    {
      name: 'Kestrel-Removals-terms-and-conditions.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: () => makeStyledDocx(TERMS),
    },
  ],
};
