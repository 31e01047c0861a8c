import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Willow & Ash Hair Studio, Dublin: a city-centre salon priced in euro, with stylists at
 * three levels, "from" prices and durations, a patch test rule for colour, a late and
 * cancellation policy, and parking in town. Late opening on Thursdays; closed Sundays and
 * Mondays except one Sunday before Christmas.
 */
export const SALON: OwnerSetup = {
  owner: { name: 'Aoife Byrne' },
  business: {
    name: 'Willow & Ash Hair Studio',
    email: 'bookings@willowandash.ie',
    country: 'IE',
    timezone: 'Europe/Dublin',
    telephones: ['+35316791234'],
    address: '14 South William Street, Dublin 2, D02 H978',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: false, start: '09:00', end: '18:00' },
      { day: 'tuesday', open: true, start: '09:00', end: '18:00' },
      { day: 'wednesday', open: true, start: '09:00', end: '18:00' },
      { day: 'thursday', open: true, start: '09:00', end: '20:00' },
      { day: 'friday', open: true, start: '09:00', end: '18:00' },
      { day: 'saturday', open: true, start: '08:30', end: '17:00' },
      { day: 'sunday', open: false, start: '10:00', end: '16:00' },
    ],
    overwrites: [
      openBetween('ow-party-sunday', '2026-12-20', '10:00', '16:00', 'Christmas party season'),
      openBetween('ow-xmas-eve', '2026-12-24', '09:00', '15:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-stephens', '2026-12-26', "St Stephen's Day"),
      openBetween('ow-nye', '2026-12-31', '09:00', '14:00', "New Year's Eve"),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Sadie', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: "Women's Cut & Blow-dry",
      price: 'From €55',
      description:
        'Consultation, wash, cut and blow-dry, about 1 hour. Stylist €55, Senior Stylist €65, with Aoife (Creative Director) €80.',
    },
    {
      name: "Men's cut",
      price: '€32',
      description: 'Wash, cut and style with a hot towel finish, 30 minutes. Beard trim add-on €10.',
    },
    {
      name: 'Kids cut (under 12)',
      price: '€22',
      description: 'A quick, fun cut for children under 12, about 20 minutes.',
    },
    {
      name: 'Blow-dry',
      price: '€38',
      description: 'Wash and blow-dry, curls or waves, 45 minutes. Long or very thick hair €45.',
    },
    {
      name: 'Full head colour',
      price: 'From €85',
      description:
        'Permanent root-to-tip colour including a toner and blow-dry, about 2 hours. A patch test is needed at least 48 hours before.',
    },
    {
      name: 'Balayage',
      price: 'From €165',
      description: 'Hand-painted balayage with toner, Olaplex treatment and blow-dry. Allow 3 to 3½ hours.',
    },
    {
      name: 'Keratin smoothing treatment',
      price: '€220',
      description:
        'Cuts frizz and drying time for up to 4 months. About 2½ hours; do not wash your hair for 48 hours afterwards.',
    },
    {
      name: 'Bridal hair',
      price: 'From €120',
      description:
        'Wedding-day hair for the bride in the salon or at your venue in Dublin (travel €50). A trial (€60) 6 to 8 weeks before the wedding is recommended.',
    },
  ],
  products: [
    {
      title: 'Olaplex No.3 Hair Perfector',
      content: 'At-home bond-building treatment for coloured and damaged hair, 100ml. €34',
    },
    { title: 'Kérastase Elixir Ultime oil', content: 'Finishing oil for shine and frizz, 100ml – €49' },
    {
      title: 'Curl cream',
      content: 'Our own-label leave-in curl cream for defined, frizz-free curls, 250ml. €24 each.',
    },
  ],
  texts: [
    {
      title: 'Salon policies',
      content: `# Salon policies

## Patch tests
Every colour client needs a **skin allergy patch test at least 48 hours** before the appointment – including regulars if it has been more than 6 months since their last colour with us. Patch tests are free, take 5 minutes and you can pop in any time we're open, no appointment needed.

## Running late
If you are more than 15 minutes late we may have to shorten your service or move you to another time, so the next client isn't kept waiting.

## Cancellations & no-shows
Please give us at least 24 hours' notice to cancel or move an appointment. Late cancellations and no-shows are charged 50% of the booked service.
Colour appointments of 2 hours or more need a €30 deposit when you book; it comes off your bill on the day.

## Children
Children are welcome with an adult. Kids cuts are for under-12s.`,
    },
    {
      title: 'Meet the team',
      content: `Aoife Byrne – owner and Creative Director, colour specialist (balayage, blondes). 15 years' experience.
Ciara Walsh – Senior Stylist, our curly hair specialist, trained in the Rezo and DevaCut methods.
Tomás Ó Briain – Senior Stylist and barber, fades and beard trims.
Niamh Kelly – Stylist, great with bridal hair and up-dos.
Jade Murphy – graduate stylist: model appointments on Tuesday evenings, cut & blow-dry €20.`,
    },
    {
      title: 'FAQ',
      content: `Q: Do you do hair extensions?
A: No, we don't offer extensions. We're happy to recommend a specialist.

Q: Do you have a student discount?
A: Yes – 20% off cuts and blow-dries on Tuesdays and Wednesdays with a valid student card.

Q: Do you cut curly hair dry?
A: Ciara cuts curls dry, curl by curl. Please come with your hair clean, dry and in its natural state, with no product.

Q: Which products do you use?
A: Our colour is Wella Professionals and our styling products are Kérastase and Olaplex.

Q: Is there wifi?
A: Yes, free wifi for clients – ask at reception for the password.`,
    },
  ],
  answers: [
    {
      question: 'How do I book an appointment?',
      answer: 'Book online at willowandash.ie/book or through the Fresha app, or call us on 01 679 1234.',
    },
    {
      question: 'Which payment methods do you accept?',
      answer: 'Card, cash, Apple Pay and Google Pay. We also sell gift vouchers. We do not take cheques.',
    },
    {
      question: 'Is there parking nearby?',
      answer:
        "The nearest car park is Drury Street car park, 2 minutes' walk, open 24 hours. The Luas Green line stop at St Stephen's Green is 5 minutes' walk.",
    },
    {
      question: 'How soon can you fit me in?',
      answer:
        'Usually within a week. For Saturdays please book 2 to 3 weeks ahead; you can join the waitlist on Fresha for cancellations.',
    },
    {
      question: 'Do you do gift vouchers?',
      answer: 'Yes, gift vouchers for any amount from €25, sold in the salon or online, valid for 12 months.',
    },
  ],
  uploads: [],
};
