import { makeDocumentPdf, type PdfDocument } from '../../pdf';
import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Harbourside Dental, Plymouth: a private and NHS dental practice with check-ups, hygiene,
 * fillings, whitening, implants and aligners priced "from", emergency appointments held back
 * each morning, a practice policy PDF (payment plans, missed appointments, cancellations,
 * under-18s) and a pasted FAQ. Late opening on Wednesdays, closed weekends, closed between
 * Christmas and New Year. Written as a seventh, blind business: committed before any
 * assistant change of the session that added it, and never tuned on.
 */
const POLICY: PdfDocument = {
  footer: 'Harbourside Dental Ltd · 14 Quay Road, Plymouth PL1 2JZ · Practice policy (2026)',
  blocks: [
    { kind: 'title', text: 'Harbourside Dental – Practice Policy' },
    { kind: 'heading', text: 'Missed appointments and cancellations' },
    {
      kind: 'paragraph',
      text: "We ask for at least 48 hours' notice to cancel or move an appointment. Private patients who miss an appointment or cancel with less notice are charged £25 for a check-up and £30 for a hygiene visit. NHS patients who miss two appointments in a row may be removed from our NHS list.",
    },
    { kind: 'heading', text: 'Paying for treatment' },
    {
      kind: 'paragraph',
      text: 'Payment is taken at the end of each appointment. Private treatment costing more than £500 can be spread over 12 months interest-free through our finance partner, subject to status. We accept card and cash, but not cheques.',
    },
    { kind: 'heading', text: 'Children' },
    {
      kind: 'paragraph',
      text: 'Children under 18 are seen free on the NHS and must come with a parent or guardian. We run a children’s club with stickers and a visit from the practice’s tooth fairy each December.',
    },
    { kind: 'heading', text: 'Our fees at a glance' },
    {
      kind: 'table',
      columns: [0, 300],
      rows: [
        ['Treatment', 'Fee'],
        ['Private check-up', '£65'],
        ['Hygienist visit (30 minutes)', '£60'],
        ['Emergency appointment', '£95'],
        ['White filling', 'from £120'],
        ['Home whitening', '£350'],
      ],
    },
  ],
};

export const DENTIST: OwnerSetup = {
  owner: { name: 'Dr Anna Kowalski' },
  business: {
    name: 'Harbourside Dental',
    email: 'hello@harbourside-dental.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441752960456'],
    address: '14 Quay Road, Plymouth PL1 2JZ',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '08:30', end: '17:30' },
      { day: 'tuesday', open: true, start: '08:30', end: '17:30' },
      { day: 'wednesday', open: true, start: '08:30', end: '19:30' },
      { day: 'thursday', open: true, start: '08:30', end: '17:30' },
      { day: 'friday', open: true, start: '08:30', end: '16:00' },
      { day: 'saturday', open: false, start: '09:00', end: '13:00' },
      { day: 'sunday', open: false, start: '09:00', end: '13:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '08:30', '12:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-28', 'Bank holiday'),
      closedAllDay('ow-29', '2026-12-29', 'Practice closed'),
      closedAllDay('ow-30', '2026-12-30', 'Practice closed'),
      closedAllDay('ow-31', '2026-12-31', 'Practice closed'),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Ruby', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Private check-up',
      price: '£65',
      description: 'A full examination of teeth, gums and mouth, with x-rays when needed. About 30 minutes.',
    },
    {
      name: 'Hygienist appointment',
      price: '£60',
      description: 'Scale and polish with our hygienist, with advice on brushing and flossing. 30 minutes.',
    },
    {
      name: 'Emergency appointment',
      price: '£95',
      description:
        'For toothache, a broken tooth or a lost filling. We keep slots free every weekday morning for patients in pain; phone at 8:30am.',
    },
    {
      name: 'White filling',
      price: 'From £120',
      description: 'A tooth-coloured composite filling, matched to your tooth.',
    },
    {
      name: 'Root canal treatment',
      price: 'From £395',
      description: 'Treatment of an infected tooth under local anaesthetic, usually over two visits.',
    },
    {
      name: 'Home teeth whitening',
      price: '£350',
      description: 'Custom-made trays and whitening gel to use at home over two to three weeks.',
    },
    {
      name: 'Dental implant',
      price: 'From £2,400',
      description:
        'A single titanium implant with its crown, placed by Dr Kowalski. The whole treatment takes three to six months.',
    },
    {
      name: 'Invisalign clear aligners',
      price: 'From £2,950',
      description: 'Nearly invisible aligners to straighten teeth, with a free consultation first.',
    },
  ],
  products: [
    { title: 'Electric toothbrush', content: 'Oral-B rechargeable electric toothbrush with two heads. £45' },
    { title: 'Interdental brushes', content: 'A pack of 8 TePe interdental brushes in your size. £10' },
    { title: 'Sensitive toothpaste', content: 'High-fluoride toothpaste for sensitive teeth, 75ml. £14.50' },
  ],
  texts: [
    {
      title: 'About the practice',
      content: `Harbourside Dental has looked after families on Plymouth's waterfront since 2004. We see NHS patients and private patients.

Dr Anna Kowalski – principal dentist, implants.
Dr Ben Okafor – dentist, root canals and Invisalign.
Sara Lyons – hygienist.`,
    },
    {
      title: 'Frequently asked questions',
      content: `Q: Are you taking on new NHS patients?
A: We are taking on NHS patients under 18 only. Adults can join as private patients, or our Practice Plan from £18 a month, which covers two check-ups and two hygiene visits a year.

Q: Is there parking?
A: There is no parking at the practice. The Quay Road pay and display car park is two minutes' walk away.

Q: Is the practice accessible for wheelchairs?
A: Yes, we have step-free access and two ground-floor surgeries.

Q: I'm nervous about the dentist. Can you help?
A: Many of our patients are nervous. Tell us when you book and we will give you a longer appointment; we also offer sedation for treatment, at £180 a visit.`,
    },
  ],
  answers: [
    {
      question: 'How do I register as a new patient?',
      answer: 'Fill in the new patient form on our website or call us, and we will book your first check-up.',
    },
    {
      question: 'Do you offer sedation?',
      answer: 'Yes, IV sedation for nervous patients, at £180 a visit. You need someone to take you home afterwards.',
    },
    {
      question: 'Do I need a referral for an implant?',
      answer: 'No, you can book an implant consultation directly with Dr Kowalski.',
    },
  ],
  uploads: [
    { name: 'Harbourside-Dental-practice-policy.pdf', type: 'application/pdf', bytes: () => makeDocumentPdf(POLICY) },
  ],
};
