import { makeDocumentPdf, type PdfDocument } from '../../pdf';
import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Hazel & Rye, a café in York: breakfast and lunch served at the counter, a menu whose
 * dishes carry allergens, afternoon tea and a few things booked ahead (private hire of the
 * back room, catering platters delivered to offices, a children's party, a latte-art class),
 * a pasted FAQ and menu notes, answered questions and a policy PDF (allergens, table
 * bookings and deposits, private hire, catering delivery area by postcode, accessibility, a
 * table of charges). Closed on Mondays. Added as a tenth business, unlike the others (the
 * customer eats on the premises, most questions are about food and walking in); its cases
 * were written and committed before any assistant change of the session that added it.
 */
const POLICY: PdfDocument = {
  footer: 'Hazel & Rye · 14 Gillygate, York YO31 7EQ · Allergens, bookings and hire (2026)',
  blocks: [
    { kind: 'title', text: 'Hazel & Rye – Allergens, Bookings and Private Hire' },
    {
      kind: 'paragraph',
      text: 'This document explains how we handle allergens, table bookings, private hire of the back room and catering orders. Please read it before booking.',
    },
    { kind: 'heading', text: 'Allergens' },
    {
      kind: 'paragraph',
      text: 'Every dish on our menu is labelled with the fourteen major allergens, and our staff can show you the allergen folder at the counter. Our kitchen handles nuts, sesame and gluten every day, so although we make gluten-free and nut-free dishes we cannot guarantee that any dish is completely free of traces. Gluten-free bread is toasted in a separate toaster.',
    },
    { kind: 'heading', text: 'Table bookings' },
    {
      kind: 'paragraph',
      text: 'Tables for up to five people are not booked: just walk in. We take bookings for groups of six or more, with a deposit of £5 per person, which comes off the bill on the day. Deposits are refunded if you cancel at least 24 hours before your booking; with less notice the deposit is kept.',
    },
    { kind: 'heading', text: 'Private hire of the back room' },
    {
      kind: 'paragraph',
      text: 'The back room seats 24 people and can be hired in the evening from 6pm to 10pm for birthdays, book clubs and small parties. Hire costs £150, which includes a buffet for up to 12 guests; extra guests are £9 per head. You may bring your own wine for a corkage charge of £6 per bottle.',
    },
    { kind: 'heading', text: 'Catering delivery' },
    {
      kind: 'paragraph',
      text: "We deliver catering platters to offices and homes in York postcodes YO1, YO10, YO23, YO24, YO30 and YO31, free of charge for orders of ten people or more. We need 48 hours' notice for every catering order.",
    },
    { kind: 'heading', text: 'Accessibility' },
    {
      kind: 'paragraph',
      text: 'The front room has a step-free entrance from Gillygate and an accessible toilet. The back room is up three steps, with a portable ramp we put out on request.',
    },
    { kind: 'page-break' },
    { kind: 'heading', text: 'Charges' },
    {
      kind: 'table',
      columns: [0, 300],
      rows: [
        ['Item', 'Charge'],
        ['Table booking deposit (groups of 6 or more)', '£5 per person'],
        ['Back room hire, evenings', '£150'],
        ['Extra buffet guest', '£9 per head'],
        ['Corkage', '£6 per bottle'],
      ],
    },
  ],
};

export const CAFE: OwnerSetup = {
  owner: { name: 'Nadia Okafor' },
  business: {
    name: 'Hazel & Rye',
    email: 'hello@hazelandrye.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441904555027'],
    address: '14 Gillygate, York YO31 7EQ',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: false, start: '08:00', end: '16:00' },
      { day: 'tuesday', open: true, start: '08:00', end: '16:00' },
      { day: 'wednesday', open: true, start: '08:00', end: '16:00' },
      { day: 'thursday', open: true, start: '08:00', end: '16:00' },
      { day: 'friday', open: true, start: '08:00', end: '17:00' },
      { day: 'saturday', open: true, start: '09:00', end: '17:00' },
      { day: 'sunday', open: true, start: '09:30', end: '15:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '08:00', '13:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      openBetween('ow-nye', '2026-12-31', '08:00', '14:00', "New Year's Eve"),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Robin', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Afternoon tea for two',
      price: '£38',
      description:
        'Sandwiches, scones with jam and clotted cream, three small cakes and a pot of tea each, served from 2pm. Book a day ahead; a gluten-free version is available.',
    },
    {
      name: 'Back room private hire',
      price: '£150',
      description: 'The back room for up to 24 guests, evenings 6pm to 10pm, with a buffet for 12 included.',
    },
    {
      name: 'Office catering platter',
      price: '£8.50 per person',
      description:
        'Sandwiches, a salad, crisps and a traybake, for ten people or more, delivered in York. Vegan and gluten-free platters on request.',
    },
    {
      name: "Children's party",
      price: '£12 per child',
      description:
        'Saturday afternoons in the back room for up to 15 children aged 3 to 8: party food, squash and a cupcake decorating table.',
    },
    {
      name: 'Latte art class',
      price: '£45',
      description:
        'A 2-hour class behind the counter with our head barista on the first Sunday of each month, after closing. Up to 4 people.',
    },
  ],
  products: [
    {
      title: 'Full Yorkshire breakfast',
      content:
        'Two sausages, bacon, a free-range egg, black pudding, mushrooms, beans and toast. £11.50. Contains gluten, egg, sulphites.',
    },
    {
      title: 'Vegan breakfast',
      content:
        'Plant-based sausages, smashed avocado, mushrooms, beans, spinach and sourdough toast. £10.50. Contains gluten, soya.',
    },
    {
      title: 'Soup of the day',
      content:
        'Homemade soup with a chunk of rye bread and butter. £6.50. Ask at the counter for today’s soup and its allergens.',
    },
    {
      title: 'Flat white',
      content:
        'Double shot of our house espresso with steamed milk. £3.40. Oat, soya or almond milk at no extra charge.',
    },
    {
      title: 'Scone with jam and clotted cream',
      content:
        'A fruit or plain scone baked each morning, with strawberry jam and clotted cream. £4.20. Contains gluten, milk, egg.',
    },
    {
      title: 'Gluten-free chocolate brownie',
      content: 'Made without wheat flour, with dark chocolate and walnuts. £3.50. Contains egg, milk, nuts.',
    },
  ],
  texts: [
    {
      title: 'Menu notes',
      content: `Breakfast is served until 11:30 every day we are open. Lunch is served from 12 until 3pm, and cakes all day.

Everything on the menu can be taken away. Bring your own cup and we take 30p off any hot drink.`,
    },
    {
      title: 'FAQ',
      content: `Q: Can I bring my dog?
A: Dogs are welcome in the front room; we keep water bowls and dog biscuits by the door. Only assistance dogs in the back room, please.

Q: Do you have high chairs?
A: Yes, we have four high chairs and a baby-changing table in the accessible toilet.

Q: Is there wifi?
A: Yes, free wifi; the password is on the board by the till. We ask laptop users to give up their table at lunch when we are busy.

Q: Where can I park?
A: We have no car park. The nearest is Bootham Row car park, a 3-minute walk, and there is on-street pay-and-display on Gillygate.`,
    },
  ],
  answers: [
    {
      question: 'Do you take cash?',
      answer: 'We are card only: cards, contactless and phone payments, no cash.',
    },
    {
      question: 'Do you have vegan options?',
      answer:
        'Yes: the vegan breakfast, at least one vegan soup every day, vegan cakes on the counter, and oat, soya or almond milk for any drink.',
    },
    {
      question: 'Can I book a table?',
      answer:
        'We only take bookings for six or more people, with a £5 deposit each. Smaller groups just walk in; it is busiest on Saturdays between 10 and 1.',
    },
    {
      question: 'Do you sell gift vouchers?',
      answer: 'Yes, gift vouchers for any amount from £10, bought at the counter or by phone. They last 12 months.',
    },
  ],
  uploads: [{ name: 'Hazel-and-Rye-policy.pdf', type: 'application/pdf', bytes: () => makeDocumentPdf(POLICY) }],
};
