import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Black Anchor Tattoo, a tattoo studio in Cardiff: three artists with their styles and waiting
 * lists, a free consultation, a minimum charge, an hourly rate and a day rate, a booking
 * deposit that comes off the final price and is lost on late cancellation, walk-in flash on
 * Saturdays, free touch-ups, aftercare sold at the desk, gift vouchers, a pasted FAQ (age and
 * ID, before the appointment, numbing cream, aftercare, swimming and sun, pregnancy, medical
 * conditions, cover-ups, bringing a friend) and five answered onboarding questions; no
 * document. Closed Sundays and Mondays, late on Thursdays, a Christmas break. Added as a
 * sixteenth business unlike the others (rules about the caller's body and age, money held
 * against a booking, an artist chosen by style); its cases were written and committed before
 * the assistant was run on them.
 */
export const TATTOO: OwnerSetup = {
  owner: { name: 'Cai Morgan' },
  business: {
    name: 'Black Anchor Tattoo',
    email: 'bookings@blackanchortattoo.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+442920555361'],
    address: '9 Womanby Street, Cardiff CF10 1BR',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: false, start: '11:00', end: '19:00' },
      { day: 'tuesday', open: true, start: '11:00', end: '19:00' },
      { day: 'wednesday', open: true, start: '11:00', end: '19:00' },
      { day: 'thursday', open: true, start: '11:00', end: '20:00' },
      { day: 'friday', open: true, start: '11:00', end: '19:00' },
      { day: 'saturday', open: true, start: '11:00', end: '18:00' },
      { day: 'sunday', open: false, start: '11:00', end: '18:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '11:00', '15:00', 'Christmas Eve'),
      ...['2026-12-25', '2026-12-26', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01'].map((date) =>
        closedAllDay(`ow-break-${date}`, date, 'Christmas break'),
      ),
    ],
    assistant: { name: 'Nova', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Consultation',
      price: 'Free',
      description:
        'A 20-minute chat with your artist, in the studio or by video call, to talk through your idea, placement and size and get a quote.',
    },
    {
      name: 'Small tattoo',
      price: '£60 minimum charge',
      description: 'Simple designs up to the size of your palm, such as a word, a date or a small symbol.',
    },
    {
      name: 'Custom tattoo (hourly)',
      price: '£100 per hour',
      description: 'Larger or detailed custom pieces are charged by the hour, drawn up by your artist before the day.',
    },
    {
      name: 'Full day session',
      price: '£550',
      description: 'Up to 6 hours of tattooing with breaks, for sleeves, back pieces and other big work.',
    },
    {
      name: 'Walk-in flash',
      price: 'From £80',
      description: 'A ready-drawn design from our flash sheets, tattooed the same day on Saturdays.',
    },
    {
      name: 'Touch-up',
      price: 'Free within 3 months',
      description:
        'If part of your healed tattoo needs a touch-up, we do it free within 3 months of your appointment, as long as you followed the aftercare.',
    },
  ],
  products: [
    { title: 'Aftercare balm', content: 'Vegan, unscented healing balm for new tattoos, 50 ml tin. £8.' },
    {
      title: 'Second-skin film',
      content: 'A breathable protective film for the first days of healing, 1 metre roll. £6.',
    },
    {
      title: 'Gift voucher',
      content: 'Gift vouchers for any amount from £25, valid for 12 months with any of our artists.',
    },
  ],
  texts: [
    {
      title: 'About the studio',
      content: `Black Anchor Tattoo has been on Womanby Street since 2014. We are a private, appointment-based studio licensed by Cardiff Council, and every needle we use is single-use and sterile.

Our artists:
Cai Morgan – owner, 15 years tattooing, bold traditional and neo-traditional. Cai's waiting list is currently 6 to 8 weeks.
Lena Sato – fine line, botanical and delicate script.
Dex Price – blackwork, dotwork and geometric, and most of our cover-ups.`,
    },
    {
      title: 'FAQ',
      content: `Q: How old do I have to be?
A: You must be 18 or over. It's the law, so no exceptions, even with a parent's permission. Everyone must bring photo ID (passport or driving licence) to their appointment.

Q: How do I book?
A: Fill in the booking form on our website with your idea, size and placement, and your artist will get back to you within a week. A £50 deposit secures your appointment and comes off the final price on the day.

Q: Can I cancel or move my appointment?
A: You can move your appointment once if you give us at least 72 hours' notice. If you cancel with less than 72 hours' notice, or don't turn up, you lose your deposit.

Q: Do you take walk-ins?
A: On Saturdays from 12 to 5pm we tattoo walk-ins from our flash sheets, first come first served. The rest of the week is by appointment only.

Q: What should I do before my appointment?
A: Get a good night's sleep, eat a proper meal beforehand and don't drink alcohol for 24 hours before. Wear loose clothes that give easy access to the area.

Q: Can I use numbing cream?
A: Yes, but tell us when you book, because some creams change how the skin takes ink and your artist needs to know.

Q: How do I look after my new tattoo?
A: Leave the wrap on for 3 to 4 hours, then wash it gently with unscented soap and warm water. Apply a thin layer of balm two or three times a day. No swimming, baths, saunas or sunbeds for 2 weeks, and keep it out of the sun.

Q: Do you do cover-ups?
A: Yes, Dex does most of our cover-ups. Book a free consultation first so we can see the old tattoo; not every tattoo can be covered, and a cover-up usually needs to be darker and bigger than the old one.

Q: Can I get tattooed if I'm pregnant?
A: No. We don't tattoo anyone who is pregnant or breastfeeding.

Q: I have a medical condition, can I still get tattooed?
A: Please tell us when you book if you have diabetes, epilepsy, a heart condition or a blood disorder, or if you take blood thinners. We may ask for a note from your GP.

Q: Can I bring someone with me?
A: One friend can sit with you. The studio is small, so no children, please.`,
    },
  ],
  answers: [
    {
      question: 'Which payment methods do you accept?',
      answer: 'Cash or card. The deposit is paid online when you book, and the balance on the day.',
    },
    {
      question: 'Do you do piercings?',
      answer: 'No, we only tattoo. For piercing we recommend Pierced Cardiff on Castle Arcade.',
    },
    {
      question: 'Is the studio accessible?',
      answer:
        "We're on the first floor up a flight of stairs and there is no lift, so sadly the studio isn't wheelchair accessible.",
    },
    {
      question: 'Where can I park?',
      answer: 'There is no parking at the studio. The nearest car park is NCP Westgate Street, a 3-minute walk.',
    },
    {
      question: 'Do you tattoo hands, necks and faces?',
      answer: "We tattoo hands and necks on clients who already have other tattoos. We don't tattoo faces.",
    },
  ],
  uploads: [],
};
