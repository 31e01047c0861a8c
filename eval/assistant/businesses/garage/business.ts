import { makeDocumentPdf, type PdfDocument } from '../../pdf';
import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Ferris Lane Garage, Leicester: an independent car repair garage with MOTs, services priced
 * by kind, parts-and-labour repairs "from" a price, tyres sold fitted, collection and delivery
 * by postcode district, courtesy cars, and a terms-of-business PDF (warranty, customer's own
 * parts, deposits, cancellations, storage charges, a table of charges). Saturday mornings
 * only, closed Sundays, short days and closures over Christmas and New Year. Added as a sixth,
 * never-tuned business: written and committed before any assistant change of that session.
 */
const TERMS: PdfDocument = {
  footer:
    'Ferris Lane Garage Ltd · Unit 7, Ferris Lane Industrial Estate, Aylestone, Leicester LE2 8AB · Terms of business (2026)',
  blocks: [
    { kind: 'title', text: 'Ferris Lane Garage – Terms of Business' },
    {
      kind: 'paragraph',
      text: 'These terms apply to every repair, service and MOT we carry out. Please ask us if anything here is unclear before you book.',
    },
    { kind: 'heading', text: 'Quotes and extra work' },
    {
      kind: 'paragraph',
      text: 'Every repair starts with a free written quote. If we find anything else that needs doing while your car is with us, we phone you with a price first and never carry out extra work without your permission.',
    },
    { kind: 'heading', text: 'Warranty' },
    {
      kind: 'paragraph',
      text: 'All our repairs are guaranteed for 12 months or 12,000 miles, whichever comes first, covering both parts and labour. The warranty does not cover parts supplied by the customer.',
    },
    { kind: 'heading', text: 'Customer-supplied parts' },
    {
      kind: 'paragraph',
      text: "We are happy to fit parts you have bought yourself, charged at our standard labour rate. We can't guarantee those parts, and if a part turns out to be wrong or faulty the labour to fit it again is charged again.",
    },
    { kind: 'heading', text: 'Deposits and cancellations' },
    {
      kind: 'paragraph',
      text: "Parts we order specially for your car need a 50% deposit, which is not refundable once the parts have been ordered. You can cancel or move a booking free of charge with at least 24 hours' notice. If you miss an MOT appointment without telling us, we charge £20.",
    },
    { kind: 'heading', text: 'Payment and collection' },
    {
      kind: 'paragraph',
      text: 'Payment is due in full when you collect your car, and we keep the car and its keys until the bill is paid. Please collect your car within 3 working days of our call to say it is ready; after that we charge for storage.',
    },
    { kind: 'page-break' },
    { kind: 'heading', text: 'Our charges' },
    {
      kind: 'table',
      columns: [0, 300],
      rows: [
        ['Charge', 'Amount'],
        ['Standard labour rate', '£68 per hour'],
        ['Diagnostic check', '£60, refunded if we do the repair'],
        ['Collection and delivery (LE2, LE3, LE18)', '£15 return'],
        ['Storage after 3 working days', '£10 per day'],
        ['Missed MOT appointment', '£20'],
      ],
    },
  ],
};

export const GARAGE: OwnerSetup = {
  owner: { name: 'Dave Ferris' },
  business: {
    name: 'Ferris Lane Garage',
    email: 'service@ferrislanegarage.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441164960123'],
    address: 'Unit 7, Ferris Lane Industrial Estate, Aylestone, Leicester LE2 8AB',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '08:00', end: '18:00' },
      { day: 'tuesday', open: true, start: '08:00', end: '18:00' },
      { day: 'wednesday', open: true, start: '08:00', end: '18:00' },
      { day: 'thursday', open: true, start: '08:00', end: '18:00' },
      { day: 'friday', open: true, start: '08:00', end: '17:00' },
      { day: 'saturday', open: true, start: '08:30', end: '12:30' },
      { day: 'sunday', open: false, start: '09:00', end: '13:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '08:00', '13:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      closedAllDay('ow-bank-holiday', '2026-12-28', 'Bank holiday'),
      openBetween('ow-nye', '2026-12-31', '08:00', '14:00', "New Year's Eve"),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Sam', tone: 'professional', when_unsure: 'offer_callback', capture_bookings: true },
  },
  services: [
    {
      name: 'MOT test',
      price: '£54.85',
      description:
        'Class 4 MOT for cars and small vans up to 3,000kg. Takes about 45 minutes and you are welcome to wait. A free partial retest within 10 working days if we carry out the repairs.',
    },
    {
      name: 'Interim service',
      price: '£129',
      description:
        'Every 6,000 miles or 6 months: engine oil and oil filter change, fluid top-ups and a 30-point safety check. About 1½ hours.',
    },
    {
      name: 'Full service',
      price: '£219',
      description:
        'Every 12,000 miles or once a year: oil, oil filter, air filter, fuel filter (diesel) and spark plugs (petrol), brake check and a 60-point check. About 3 hours. We stamp your service book, so your manufacturer warranty stays valid.',
    },
    {
      name: 'Front brake pads',
      price: 'From £110',
      description:
        'New front brake pads, parts and labour, for most cars. Discs are extra if they are worn. About 1 hour.',
    },
    {
      name: 'Engine diagnostic check',
      price: '£60',
      description:
        'Warning light on the dashboard? We read the fault codes with our diagnostic computer and find the cause. The £60 is taken off the bill if we do the repair.',
    },
    {
      name: 'Air conditioning regas',
      price: '£75',
      description:
        'Re-gas and leak check for cars using R134a gas (most cars before 2017). Newer cars with R1234yf gas are £120.',
    },
    {
      name: 'Clutch replacement',
      price: 'From £450',
      description: 'New clutch kit fitted, parts and labour, for most front-wheel-drive cars. Usually a one-day job.',
    },
    {
      name: 'Cambelt replacement',
      price: 'From £320',
      description:
        'Timing belt and tensioner replaced; we fit a new water pump at the same time if it is driven by the belt.',
    },
  ],
  products: [
    {
      title: 'Budget tyre 205/55 R16',
      content: 'Our budget tyre in the most common size, fitted, balanced and with a new valve – £65 each.',
    },
    {
      title: 'Michelin Primacy 4 205/55 R16',
      content: 'Premium tyre, quiet and long-lasting, fitted and balanced. £115 each.',
    },
    { title: 'Wiper blades', content: 'Front wiper blades, fitted free while you wait. £18 a pair.' },
    { title: 'Screenwash 5 litres', content: 'Ready-mixed, good to -10°C. £6' },
  ],
  texts: [
    {
      title: 'About us',
      content: `Ferris Lane Garage is a family-run independent garage in Aylestone, servicing and repairing cars and small vans of every make since 1998. We are an approved MOT test centre.

Dave Ferris – owner and master technician.
Priya Shah – service advisor: bookings, quotes and invoices.
Tom Walsh – MOT tester and tyre specialist.`,
    },
    {
      title: 'Frequently asked questions',
      content: `Q: Do you offer courtesy cars?
A: We have two courtesy cars, free of charge when your car stays with us overnight. Drivers must be 25 or over; please ask for one when you book, they go quickly.

Q: Can you collect my car?
A: Yes – we collect your car from home or work and bring it back when it's done, within LE2, LE3 and LE18, for £15 return.

Q: Do you work on hybrid and electric cars?
A: We service hybrids (Toyota, Honda, Kia and others). On fully electric cars we do tyres, brakes, suspension and the MOT, but not the high-voltage battery or motor.

Q: Is there somewhere to wait?
A: Yes, a waiting room with free wifi, coffee and a TV.`,
    },
  ],
  answers: [
    {
      question: 'How do I book my car in?',
      answer:
        'Book online at ferrislanegarage.co.uk/book or phone us on 0116 496 0123. Bring your car in by 8:30am on the day.',
    },
    {
      question: 'Which payment methods do you accept?',
      answer:
        'Card, cash and bank transfer. For bills over £300 you can spread the cost over 3 months with Klarna. We do not take cheques.',
    },
    {
      question: 'Can I drop my car off before you open?',
      answer:
        'Yes – park in one of the marked bays and post your keys, in an envelope with your name, registration and phone number, through the key drop box by the office door.',
    },
    {
      question: 'Do you service vans?',
      answer: 'Yes, vans up to 3.5 tonnes, but our MOT bay takes vans only up to 3,000kg.',
    },
  ],
  uploads: [
    { name: 'Ferris-Lane-Garage-terms-of-business.pdf', type: 'application/pdf', bytes: () => makeDocumentPdf(TERMS) },
  ],
};
