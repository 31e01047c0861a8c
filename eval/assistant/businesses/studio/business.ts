import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Kestrel Studio, a Pilates and yoga studio in Brighton: a weekly class timetable pasted as
 * the owner keeps it (class times by weekday), drop-in prices, an intro offer for new
 * students, class passes and a monthly membership, reformer classes that need an intro
 * session first, a pregnancy course and private sessions, a few things sold at reception, a
 * pasted FAQ (beginners, what to bring, arriving, the cancellation window, showers, parking)
 * and five answered onboarding questions. No uploaded document (the guest house has one).
 * Unlike the other businesses: what a caller needs most is the right class at the right time
 * of the week, and which way of paying fits them. Its cases were written and committed before
 * any assistant change of the session that added it.
 */
export const STUDIO: OwnerSetup = {
  owner: { name: 'Priya Nair' },
  business: {
    name: 'Kestrel Studio',
    email: 'hello@kestrelstudio.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441273555062'],
    address: '48 North Road, Brighton BN1 1YD',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '06:45', end: '21:15' },
      { day: 'tuesday', open: true, start: '06:45', end: '21:15' },
      { day: 'wednesday', open: true, start: '06:45', end: '21:15' },
      { day: 'thursday', open: true, start: '06:45', end: '21:15' },
      { day: 'friday', open: true, start: '06:45', end: '19:00' },
      { day: 'saturday', open: true, start: '08:30', end: '12:30' },
      { day: 'sunday', open: true, start: '09:30', end: '18:30' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '06:45', '12:00', 'Christmas Eve: morning classes only'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      openBetween('ow-nye', '2026-12-31', '06:45', '14:00', "New Year's Eve"),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Kit', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Drop-in class',
      price: '£15',
      description:
        'One mat Pilates or yoga class of your choice from the timetable, booked online, no commitment. Classes last 60 minutes unless the timetable says otherwise.',
    },
    {
      name: 'Reformer Pilates class',
      price: '£24',
      description:
        'A 50-minute class on the reformer machines, at most 8 people. New to the reformer? Book an Intro to Reformer session first.',
    },
    {
      name: 'Intro to Reformer',
      price: '£30',
      description:
        'A one-hour session for up to 4 people that teaches the reformer basics. Everyone new to the reformer takes it before joining the reformer classes.',
    },
    {
      name: 'New student intro offer',
      price: '£35',
      description:
        'Two weeks of unlimited mat classes (yoga and mat Pilates) from your first class. For first-time visitors only, once per person.',
    },
    {
      name: '10-class pass',
      price: '£130',
      description: 'Ten mat classes, valid for 4 months from your first class. Not valid for reformer classes.',
    },
    {
      name: 'Unlimited membership',
      price: '£99 per month',
      description:
        "Unlimited mat classes and 20% off every reformer class. Paid monthly; a minimum of 3 months, then cancel with one month's notice.",
    },
    {
      name: 'Private session',
      price: '£65',
      description:
        'One-to-one yoga or Pilates with one of our teachers at the studio, 60 minutes, at a time to suit you.',
    },
    {
      name: 'Pregnancy yoga course',
      price: '£84',
      description:
        'Six weekly classes on Wednesday mornings at 10am for mums-to-be, from 14 weeks of pregnancy until birth.',
    },
  ],
  products: [
    {
      title: 'Grip socks',
      content: 'Non-slip socks with grips on the soles, required for reformer classes. £9 a pair at reception.',
    },
    { title: 'Studio yoga mat', content: 'The 6mm non-slip mat we use in class, with a carry strap. £38.' },
    { title: 'Cork yoga block', content: 'A solid cork block for support in standing and seated poses. £14.' },
  ],
  texts: [
    {
      title: 'Weekly timetable',
      content: `Our weekly timetable (every class is 60 minutes unless it says otherwise):

Monday – 7am Vinyasa Flow · 12.30pm Lunchtime Mat Pilates (45 mins) · 6.15pm Reformer Pilates · 7.30pm Yin Yoga (75 mins)
Tuesday – 9.30am Gentle Yoga · 6pm Mat Pilates · 7.15pm Hatha Yoga
Wednesday – 7am Reformer Pilates · 10am Pregnancy Yoga · 6.30pm Vinyasa Flow
Thursday – 9.30am Beginners Mat Pilates · 6pm Reformer Pilates · 7.30pm Yin Yoga (75 mins)
Friday – 7am Vinyasa Flow · 12.30pm Lunchtime Mat Pilates (45 mins) · 5.30pm Reformer Pilates
Saturday – 9am Reformer Pilates · 10.30am Beginners Yoga
Sunday – 10am Slow Flow Yoga · 5pm Restorative Yoga`,
    },
    {
      title: 'FAQ',
      content: `Q: I've never done yoga or Pilates. Where do I start?
A: Beginners Yoga on Saturdays at 10.30am and Beginners Mat Pilates on Thursdays at 9.30am are made for first-timers. Tell your teacher it's your first class and they will show you easier options for every pose.

Q: What should I bring?
A: Just comfortable clothes you can move in and a water bottle. Mats, blocks, bolsters and blankets are all provided. Grip socks are required for reformer classes; we sell them at reception.

Q: When should I arrive?
A: Please arrive 10 minutes early for your first class to fill in a short health form. The studio door closes 5 minutes after a class starts, and latecomers cannot join.

Q: What is your cancellation policy?
A: Cancel in the app up to 12 hours before a class and the class goes back on your pass. Later cancellations and no-shows lose the class, and members are charged a £5 late-cancellation fee.

Q: Are there showers?
A: Yes, two showers and changing rooms with lockers. Towels can be hired for £2.

Q: Where can I park?
A: The studio has no parking. There is pay-and-display parking on the surrounding streets, and the NCP car park on Church Street is a 4-minute walk. Brighton station is 6 minutes away on foot.`,
    },
  ],
  answers: [
    {
      question: 'Is there an age limit?',
      answer: 'Our classes are for adults and teenagers of 16 and over; 14 and 15-year-olds can come with a parent.',
    },
    {
      question: 'Can I come to classes while pregnant?',
      answer:
        'Yes: our pregnancy yoga course on Wednesday mornings is for you from 14 weeks. If you come to any other class, tell the teacher before it starts so they can adapt the poses.',
    },
    {
      question: 'How do I book a class?',
      answer:
        'Book online on our website or in the Kestrel Studio app; classes open for booking 14 days ahead. If a class is full, join the waitlist and we will let you know when a space comes up.',
    },
    {
      question: 'Do you offer discounts?',
      answer:
        '15% off the unlimited membership and the 10-class pass for students and NHS staff, with a valid student card or NHS ID.',
    },
    {
      question: 'Is the studio accessible?',
      answer: 'Yes, the studio is on the ground floor with step-free access from the street and an accessible toilet.',
    },
  ],
  uploads: [],
};
