import { makeDocumentPdf, type PdfDocument } from '../../pdf';
import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Greenway Driving School, Exeter: manual and automatic lessons by the hour, a discounted
 * block of ten hours, intensive courses, Pass Plus, motorway lessons and mock tests, a few
 * things learners buy, a pasted FAQ and instructor list, answered questions and a terms PDF
 * (cancellations, pick-up area by postcode, using the school's car for the test, refunds of
 * unused block hours, eyesight and licence checks, a table of fees). The office keeps short
 * hours; lessons run outside them. Added as a ninth business, unlike the others (no shop, no
 * treatment room: the customer is a learner and the product is time in a car); its cases were
 * written and committed before any assistant change of the session that added it.
 */
const TERMS: PdfDocument = {
  footer: 'Greenway Driving School · 7 Bonhay Road, Exeter EX4 3AB · Terms of business (2026)',
  blocks: [
    { kind: 'title', text: 'Greenway Driving School – Terms of Business' },
    {
      kind: 'paragraph',
      text: 'These terms apply to every lesson, course and test booked with Greenway Driving School. By booking your first lesson you agree to them.',
    },
    { kind: 'heading', text: 'Cancelling or moving a lesson' },
    {
      kind: 'paragraph',
      text: "We need at least 48 hours' notice to cancel or move a lesson. Lessons cancelled with less notice, or missed, are charged in full, unless your instructor can fill the slot with another pupil.",
    },
    { kind: 'heading', text: 'Where we pick you up' },
    {
      kind: 'paragraph',
      text: 'We pick you up and drop you off free of charge anywhere in Exeter postcodes EX1 to EX6: at home, at school, college or work. We do not cover Exmouth or Crediton.',
    },
    { kind: 'heading', text: 'Before your first lesson' },
    {
      kind: 'paragraph',
      text: 'You must be at least 17 and hold a valid provisional driving licence, which you show your instructor at the start of the first lesson. Your instructor will also check that you can read a car number plate from 20 metres away; if you wear glasses or contact lenses for this, wear them for every lesson.',
    },
    { kind: 'heading', text: 'Using our car for your test' },
    {
      kind: 'paragraph',
      text: 'You can take your practical test in the car you learnt in. The test package is a 1-hour warm-up lesson just before the test and the use of the car for the test itself. Your instructor must agree that you are ready before we release the car.',
    },
    { kind: 'heading', text: 'Block bookings and refunds' },
    {
      kind: 'paragraph',
      text: 'Hours bought in a block are valid for 12 months from the date of purchase. If you stop learning with us, unused hours are refunded at the full single-lesson rate minus the hours already taken, less an administration fee of £25.',
    },
    { kind: 'page-break' },
    { kind: 'heading', text: 'Our fees' },
    {
      kind: 'table',
      columns: [0, 300],
      rows: [
        ['Item', 'Fee'],
        ['Lesson cancelled with under 48 hours notice', 'Full lesson fee'],
        ['Test package (warm-up lesson and car)', '£110'],
        ['Refund administration fee', '£25'],
        ['Replacement lesson record book', '£6'],
      ],
    },
  ],
};

export const DRIVING: OwnerSetup = {
  owner: { name: 'Gareth Bowen' },
  business: {
    name: 'Greenway Driving School',
    email: 'hello@greenwaydriving.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441392555014'],
    address: '7 Bonhay Road, Exeter EX4 3AB',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '09:00', end: '17:30' },
      { day: 'tuesday', open: true, start: '09:00', end: '17:30' },
      { day: 'wednesday', open: true, start: '09:00', end: '17:30' },
      { day: 'thursday', open: true, start: '09:00', end: '19:00' },
      { day: 'friday', open: true, start: '09:00', end: '16:00' },
      { day: 'saturday', open: true, start: '10:00', end: '14:00' },
      { day: 'sunday', open: false, start: '10:00', end: '14:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '09:00', '12:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Sam', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Manual driving lesson',
      price: '£38 per hour',
      description:
        'One-to-one lessons in a dual-controlled Ford Fiesta with a DVSA-approved instructor. Lessons are 1 or 2 hours long; a 2-hour lesson is £72.',
    },
    {
      name: 'Automatic driving lesson',
      price: '£40 per hour',
      description:
        'Lessons in an automatic Toyota Yaris hybrid, for learners who want an automatic licence. No clutch or gears to learn, so most people need fewer hours.',
    },
    {
      name: 'Block of 10 hours',
      price: '£350',
      description:
        'Ten hours of manual lessons paid in advance, saving £30 on the hourly rate. Hours are valid for 12 months.',
    },
    {
      name: 'Intensive course',
      price: 'From £1,150',
      description:
        'Learn to drive in one to two weeks: 30 hours of lessons over 5 to 10 days, with the practical test booked at the end. For learners who have passed their theory test.',
    },
    {
      name: 'Pass Plus',
      price: '£175',
      description:
        'Six hours of training after you pass: night driving, bad weather, rural roads, dual carriageways and motorways. Some insurers give a discount for it.',
    },
    {
      name: 'Motorway lesson',
      price: '£45 per hour',
      description:
        'For newly qualified drivers who want confidence on the M5 before driving on their own. Minimum 2 hours.',
    },
    {
      name: 'Mock driving test',
      price: '£60',
      description:
        'A full 40-minute practice test on real test routes from the Exeter test centre, marked like the real thing, with a debrief afterwards.',
    },
  ],
  products: [
    { title: 'Highway Code book', content: 'The official Highway Code, latest edition. £9' },
    { title: 'L plates', content: 'Pair of magnetic L plates for practising in a family car. £6 a pair.' },
    {
      title: 'Lesson record book',
      content: 'A book to log each lesson and what you covered, handy for practising with family. £6 each.',
    },
  ],
  texts: [
    {
      title: 'About us',
      content: `Greenway Driving School has taught learners in Exeter since 2009. Our pass rate at the Exeter test centre is 71%, against a national average of about 48%.

Gareth Bowen – owner and instructor, manual and motorway lessons.
Priya Nair – instructor, automatic lessons and nervous drivers.
Dan Hollis – instructor, manual lessons and intensive courses.`,
    },
    {
      title: 'FAQ',
      content: `Q: How many lessons will I need?
A: Most learners with no experience need around 40 to 45 hours of lessons plus private practice. We assess you on your first lesson and give you an honest estimate.

Q: Do you help with the theory test?
A: Yes. Every pupil gets free access to our theory test app with hazard perception clips, and your instructor will go through anything you are stuck on.

Q: Can I have lessons in my own car?
A: No, all lessons are in our dual-controlled cars, for safety and insurance reasons.

Q: Can I choose a male or female instructor?
A: Yes, just tell us when you book and we will do our best to match you.`,
    },
  ],
  answers: [
    {
      question: 'How do I pay for lessons?',
      answer:
        'Pay by bank transfer or card before each lesson, or in advance for a block. We do not take cash in the car.',
    },
    {
      question: 'Do you teach nervous drivers?',
      answer:
        'Yes. Priya specialises in nervous and anxious learners: we start on quiet roads at your own pace and never rush you.',
    },
    {
      question: 'Can you book my driving test for me?',
      answer:
        'You book the practical test yourself on the DVSA website, but we are happy to help you choose a date once your instructor says you are ready.',
    },
    {
      question: 'Do you give gift vouchers?',
      answer: 'Yes, gift vouchers for any number of lessons, sent by email or post. They are valid for 12 months.',
    },
  ],
  uploads: [{ name: 'Greenway-Driving-terms.pdf', type: 'application/pdf', bytes: () => makeDocumentPdf(TERMS) }],
};
