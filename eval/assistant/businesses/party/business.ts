import { makeStyledDocx, type DocxBlock } from '#tests/support/docx';
import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Wobbly Pete's Parties, Reading: a children's entertainer (Pete) and his wife Sara, who
 * face-paints. Party packages by length and age (a toddler party, a magic show, a one-hour
 * and a two-hour party), extra children over 30, balloon modelling by the hour at fetes, party
 * bags and a magic kit for sale; free travel within 10 miles of Reading, a travel charge to
 * the towns beyond. The phone hours are weekday office hours and Saturday mornings (Pete is at
 * parties in the afternoons). A pasted FAQ (space, a socket, arrival, DBS, gardens, latex,
 * parents staying, booking ahead, photos), five answered onboarding questions and the booking
 * terms as a Word document (deposit, cancelling, illness, running late, extending). Added as
 * a twentieth business unlike the others (the caller is a parent planning one afternoon weeks
 * ahead, and talks about the child, not the package); its cases were written and committed
 * before the assistant was run on them.
 */
const TERMS: DocxBlock[] = [
  { title: "Wobbly Pete's Parties – Booking Terms" },
  {
    paragraph:
      'These terms apply to every party and event we book. Paying the deposit confirms the booking and that you accept them.',
  },
  { heading: 'Deposit and paying the balance' },
  {
    paragraph:
      'A deposit of £50 secures your date. The balance is paid on the day of the party, in cash or by bank transfer before Pete starts.',
  },
  { heading: 'Cancelling' },
  {
    paragraph:
      'If you cancel 28 days or more before the party, we refund your deposit in full. If you cancel less than 28 days before, the deposit is kept. If you cancel less than 48 hours before the party, the full fee is due.',
  },
  { heading: 'If Pete is ill' },
  {
    paragraph:
      'If Pete is ill and cannot do your party, we will offer you another entertainer we know and trust at the same price, or a full refund including the deposit, whichever you prefer.',
  },
  { heading: 'Starting late and extending' },
  {
    paragraph:
      'If the party starts late because the venue or the guests are not ready, it still finishes at the booked time. If you would like Pete to stay longer on the day, an extra 30 minutes costs £40, when he has no party straight after.',
  },
  { heading: 'Photographs' },
  {
    paragraph:
      'Pete never takes photographs or videos of the children. Parents are welcome to film the show for their own use.',
  },
  { heading: 'The venue' },
  {
    paragraph:
      'Booking and paying for a hall is up to you. Community halls, church halls, soft play party rooms and your own living room all work well.',
  },
  { heading: 'Charges at a glance' },
  {
    table: [
      ['Item', 'Charge'],
      ['Deposit', '£50'],
      ['Extra 30 minutes on the day', '£40'],
      ['Each child over 30', '£4'],
      ['Travel 10 to 25 miles from Reading', '£20'],
    ],
  },
];

export const PARTY: OwnerSetup = {
  owner: { name: 'Pete Doyle' },
  business: {
    name: "Wobbly Pete's Parties",
    email: 'bookings@wobblypete.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441189496305'],
    address: '5 Cumberland Road, Reading RG1 3JY',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '09:30', end: '17:30' },
      { day: 'tuesday', open: true, start: '09:30', end: '17:30' },
      { day: 'wednesday', open: true, start: '09:30', end: '17:30' },
      { day: 'thursday', open: true, start: '09:30', end: '17:30' },
      { day: 'friday', open: true, start: '09:30', end: '17:30' },
      { day: 'saturday', open: true, start: '09:00', end: '12:00' },
      { day: 'sunday', open: false, start: '10:00', end: '12:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '09:30', '13:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Ruby', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Toddler party',
      price: '£150',
      description: 'One hour for ages 2 to 4: puppets, bubbles, action songs and a parachute game.',
    },
    {
      name: 'Magic show',
      price: '£140',
      description: "A 45-minute comedy magic show for ages 4 to 9, with the birthday child as Pete's star assistant.",
    },
    {
      name: 'One-hour party',
      price: '£180',
      description: 'Magic, party games with prizes, and a balloon model for every child. Up to 30 children.',
    },
    {
      name: 'Two-hour party',
      price: '£260',
      description:
        'The full party: games, a magic show, a disco with Pete’s own music system and lights, pass the parcel and a balloon model for every child. Up to 30 children.',
    },
    {
      name: 'Extra children',
      price: '£4 per child',
      description: 'For each child over 30 at a one-hour or two-hour party, up to 45 children in all.',
    },
    {
      name: 'Face painting',
      price: '£60',
      description: 'Added to any party: an hour of face painting by Sara, about 15 faces.',
    },
    {
      name: 'Balloon modelling for events',
      price: '£95 per hour',
      description: 'Pete modelling balloons at school fetes, summer fairs, weddings and shop openings.',
    },
    {
      name: 'Travel beyond 10 miles',
      price: '£20',
      description:
        'Travel is free within 10 miles of Reading, including Wokingham, Twyford, Theale and Pangbourne. From 10 to 25 miles (Newbury, Bracknell, Henley, Maidenhead and Basingstoke) there is a £20 travel charge.',
    },
  ],
  products: [
    {
      title: 'Party bags',
      content:
        'Party bags with a balloon, a sticker sheet, a bubble tube and a small toy, handed out at the end. £3.50 each.',
    },
    {
      title: 'Magic kit',
      content: "A birthday child's magic kit with five tricks and a wand, signed by Pete. £12.",
    },
  ],
  texts: [
    {
      title: 'About',
      content: `Wobbly Pete (Pete Doyle) has been entertaining children around Reading since 2011. His wife Sara does the face painting. Pete works on his own at every party: no teenage helpers, no subcontracting.`,
    },
    {
      title: 'FAQ',
      content: `Q: How much space do you need?
A: A clear floor of about 3m by 3m for the show, plus a small table. A living room with the sofa pushed back is usually fine.

Q: Do you need power?
A: For the two-hour party, a normal plug socket within 10 metres for the disco. The other shows need no power.

Q: When do you arrive?
A: Pete arrives 30 minutes before the start to set up, so have the room clear by then.

Q: Are you checked and insured?
A: Pete has an enhanced DBS check and £5 million public liability insurance. Many halls ask to see them: we email copies when you book.

Q: Can the party be in the garden?
A: Yes, if it's dry. Please have an indoor room or a gazebo ready in case it rains.

Q: One of the children has a latex allergy.
A: Our balloons are latex, so tell us when you book: Pete does the party without balloons and gives every child a sticker sheet and a prize instead.

Q: Do parents need to stay?
A: Yes, at least two adults from the family must stay for the whole party. Pete entertains, but the children stay in your care.

Q: How far ahead should I book?
A: Saturdays and Sundays book up 8 to 10 weeks ahead. Weekday after-school parties can often be booked a week or two before.`,
    },
  ],
  answers: [
    {
      question: 'Which payment methods do you accept?',
      answer: "Bank transfer or cash on the day. We can't take cards.",
    },
    {
      question: 'Do you offer discounts?',
      answer: '10% off parties on weekday afternoons, Monday to Thursday, after school.',
    },
    {
      question: 'Do you do Christmas parties?',
      answer:
        'Yes, a festive version of every show for school and nursery Christmas parties, at the same prices. December books up by October.',
    },
    {
      question: 'Is there anything you need at the venue?',
      answer: 'A parking space within about 50 metres of the door: Pete brings a lot of kit.',
    },
    {
      question: 'What ages do you entertain?',
      answer: 'From 2 to 10 years old. The toddler party is for ages 2 to 4, the magic show for 4 to 9.',
    },
  ],
  uploads: [
    {
      name: 'Wobbly-Petes-booking-terms.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: () => makeStyledDocx(TERMS),
    },
  ],
};
