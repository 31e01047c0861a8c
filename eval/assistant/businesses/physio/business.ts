import { makeDocumentPdf, type PdfDocument } from '../../pdf';
import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Riverside Physio, Norwich: a physiotherapy clinic with assessments, follow-ups, sports
 * massage by length, home visits by postcode district, Pilates classes at set times,
 * acupuncture and shockwave therapy, a few products for home use, health insurers, a team
 * page, a pasted FAQ, answered questions and a clinic-policies PDF (cancellations, lateness,
 * chaperones, home-visit travel, unpaid insurance claims, records, a table of charges). Late
 * evenings Monday, Tuesday and Thursday, Saturday mornings, closed Sundays and over
 * Christmas. Added as an eighth business: its cases were written and committed before any
 * assistant change of the session that added it.
 */
const POLICIES: PdfDocument = {
  footer: 'Riverside Physio Ltd · 42 Riverside Road, Norwich NR1 1SQ · Clinic policies (2026)',
  blocks: [
    { kind: 'title', text: 'Riverside Physio – Clinic Policies' },
    {
      kind: 'paragraph',
      text: 'These policies apply to every appointment, class and home visit. Please read them before your first appointment and ask reception if anything is unclear.',
    },
    { kind: 'heading', text: 'Cancellations and missed appointments' },
    {
      kind: 'paragraph',
      text: "Please give us at least 24 hours' notice to cancel or move an appointment. If you cancel with less notice, or do not come at all, we charge the full fee for the appointment. If you arrive more than 15 minutes late we may have to shorten your session, and it is still charged in full.",
    },
    { kind: 'heading', text: 'Chaperones' },
    {
      kind: 'paragraph',
      text: 'You are welcome to bring a friend or relative into the treatment room with you, or to ask for a chaperone from our staff, at no extra cost.',
    },
    { kind: 'heading', text: 'Home visits' },
    {
      kind: 'paragraph',
      text: 'Home visits cover Norwich postcodes NR1 to NR7. Outside those areas we add a travel charge of £1 per mile from the clinic, and we do not visit further than 15 miles away.',
    },
    { kind: 'heading', text: 'Insurance claims' },
    {
      kind: 'paragraph',
      text: 'We bill your insurer directly once you give us your authorisation code. If your insurer does not pay, for example because your policy has run out of sessions, the unpaid fee is due from you within 14 days of our invoice.',
    },
    { kind: 'heading', text: 'Your records' },
    {
      kind: 'paragraph',
      text: 'We keep your treatment notes securely for 8 years after your last appointment, or for children until their 25th birthday. You can ask for a copy of your notes at any time, free of charge.',
    },
    { kind: 'page-break' },
    { kind: 'heading', text: 'Our charges' },
    {
      kind: 'table',
      columns: [0, 300],
      rows: [
        ['Charge', 'Amount'],
        ["Cancellation with less than 24 hours' notice", 'Full fee'],
        ['Missed appointment', 'Full fee'],
        ['Written report for a solicitor or insurer', '£40'],
        ['Home visit travel outside NR1 to NR7', '£1 per mile'],
      ],
    },
  ],
};

export const PHYSIO: OwnerSetup = {
  owner: { name: 'Hannah Clarke' },
  business: {
    name: 'Riverside Physio',
    email: 'reception@riversidephysio.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441603496210'],
    address: '42 Riverside Road, Norwich NR1 1SQ',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '08:00', end: '20:00' },
      { day: 'tuesday', open: true, start: '08:00', end: '20:00' },
      { day: 'wednesday', open: true, start: '08:00', end: '18:00' },
      { day: 'thursday', open: true, start: '08:00', end: '20:00' },
      { day: 'friday', open: true, start: '08:00', end: '17:00' },
      { day: 'saturday', open: true, start: '09:00', end: '13:00' },
      { day: 'sunday', open: false, start: '09:00', end: '13:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '08:00', '13:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      closedAllDay('ow-bank-holiday', '2026-12-28', 'Bank holiday'),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Maya', tone: 'friendly', when_unsure: 'offer_callback', capture_bookings: true },
  },
  services: [
    {
      name: 'Initial assessment',
      price: '£65',
      description:
        'Your first appointment: 45 minutes with a chartered physiotherapist, covering your history, an examination, a diagnosis, a treatment plan and your first treatment. Wear loose clothing or bring shorts.',
    },
    {
      name: 'Follow-up treatment',
      price: '£50',
      description:
        'A 30-minute session of hands-on treatment, exercise rehabilitation and advice, with the same physiotherapist where possible.',
    },
    {
      name: 'Sports massage',
      price: '£55',
      description:
        '60 minutes of deep-tissue massage for training aches, tight muscles and recovery before or after an event. A 30-minute session is £35.',
    },
    {
      name: 'Home visit',
      price: 'From £90',
      description:
        "Assessment or treatment in your own home if you can't travel to the clinic, within Norwich postcodes NR1 to NR7. Visits are on weekday afternoons.",
    },
    {
      name: 'Clinical Pilates class',
      price: '£15 per class',
      description:
        'Small-group mat Pilates led by a physiotherapist, at most 6 people, on Tuesday and Thursday evenings from 6:30pm to 7:30pm. A block of 6 classes is £80.',
    },
    {
      name: 'Acupuncture',
      price: '£45',
      description:
        'Western medical acupuncture for back pain, neck pain and headaches, usually alongside your treatment. Not suitable in the first 3 months of pregnancy.',
    },
    {
      name: 'Shockwave therapy',
      price: '£70 per session',
      description:
        'For stubborn tendon pain such as tennis elbow, plantar fasciitis and Achilles problems. Usually 3 to 5 sessions a week apart.',
    },
  ],
  products: [
    { title: 'Foam roller', content: 'Firm 45cm foam roller for self-massage at home. £20' },
    { title: 'Resistance bands', content: 'Set of 3 latex-free bands: light, medium and heavy. £12 a set.' },
    {
      title: 'TENS machine',
      content: 'Pain-relief TENS unit with pads, the same model we use in the clinic, to keep. £39 each.',
    },
    { title: 'Hot and cold pack', content: 'Reusable gel pack for the microwave or the freezer. £8 each.' },
  ],
  texts: [
    {
      title: 'About us',
      content: `Riverside Physio is an independent clinic in Norwich treating back and neck pain, sports injuries and recovery after operations since 2011. All our physiotherapists are chartered (MCSP) and registered with the HCPC.

Hannah Clarke – clinic director and physiotherapist, specialising in running injuries.
Owen Price – physiotherapist: shoulders and rehabilitation after surgery.
Leah Morgan – sports massage therapist.`,
    },
    {
      title: 'FAQ',
      content: `Q: Do I need a referral from my GP?
A: No, you can book with us directly without seeing your doctor first. If you are claiming on health insurance, your insurer may ask for a GP referral, so check with them.

Q: What should I wear?
A: Something loose and comfortable: shorts for knee, hip or ankle problems and a vest top for shoulders and necks. There are changing rooms at the clinic.

Q: How many sessions will I need?
A: It depends on the problem, but most people need between 3 and 6 sessions. Your physiotherapist will tell you at your first appointment.

Q: Is there parking?
A: Yes, we have 8 free spaces behind the clinic, including one disabled bay.`,
    },
  ],
  answers: [
    {
      question: 'Do you accept health insurance?',
      answer:
        'Yes, we are registered with Bupa, AXA Health, Aviva and Vitality. Bring your authorisation code and membership number; we bill the insurer directly, and you pay any excess.',
    },
    {
      question: 'Which payment methods do you accept?',
      answer: 'Card, contactless and cash, taken at the end of each appointment. We do not take cheques.',
    },
    {
      question: 'How do I book an appointment?',
      answer: 'Book online at riversidephysio.co.uk/book or ring reception on 01603 496 210.',
    },
    {
      question: 'Do you treat children?',
      answer: 'Yes, from the age of 8. Under-16s must come with a parent or guardian, who stays in the room.',
    },
  ],
  uploads: [
    { name: 'Riverside-Physio-clinic-policies.pdf', type: 'application/pdf', bytes: () => makeDocumentPdf(POLICIES) },
  ],
};
