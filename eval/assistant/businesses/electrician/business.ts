import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Brightwire Electrical, Manchester: domestic electricians with a 24-hour emergency line,
 * landlord EICRs, EV charger installs, areas listed by postcode district, NICEIC Part P
 * registration, free quotes and a deposit rule. Closed on the substitute bank holiday.
 */
export const ELECTRICIAN: OwnerSetup = {
  owner: { name: 'Dan Okafor' },
  business: {
    name: 'Brightwire Electrical',
    email: 'office@brightwire-electrical.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441614960582'],
    address: 'Unit 4, Hulme Hall Road, Manchester M15 4LY',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '08:00', end: '17:30' },
      { day: 'tuesday', open: true, start: '08:00', end: '17:30' },
      { day: 'wednesday', open: true, start: '08:00', end: '17:30' },
      { day: 'thursday', open: true, start: '08:00', end: '17:30' },
      { day: 'friday', open: true, start: '08:00', end: '17:30' },
      { day: 'saturday', open: true, start: '09:00', end: '12:00' },
      { day: 'sunday', open: false, start: '09:00', end: '12:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '08:00', '13:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      closedAllDay('ow-boxing-sub', '2026-12-28', 'Bank holiday (Boxing Day substitute)'),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Max', tone: 'professional', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Emergency call-out (24/7)',
      price: '£95 call-out incl. first hour, then £55/hr',
      description:
        'Power cuts affecting only your home, burning smells, sparking sockets, or an RCD that keeps tripping. An electrician with you within 90 minutes across our area, day or night.',
    },
    {
      name: 'EICR (Electrical Installation Condition Report)',
      price: 'From £150',
      description:
        'Landlord and homebuyer electrical safety inspection. £150 up to 2 bedrooms, £180 for 3-4 bedrooms. Takes 2-4 hours; the certificate is emailed within 48 hours and is valid for 5 years for rented homes.',
    },
    {
      name: 'EV charger installation',
      price: 'From £899 supplied & fitted',
      description:
        '7kW Zappi, Ohme or Hypervolt home charger with up to 10m of cable, fitted in about half a day. We are OZEV-approved installers.',
    },
    {
      name: 'Consumer unit (fuse box) replacement',
      price: 'From £650',
      description:
        '18th Edition consumer unit with RCBO protection on every circuit, fitted in one day. Includes the Electrical Installation Certificate and Building Control notification.',
    },
    {
      name: 'Full rewire',
      price: 'From £4,200 (3-bed house)',
      description:
        'Complete rewire with new sockets, switches and lighting circuits. A 3-bed house takes 5 to 7 working days. Free survey and written quote.',
    },
    {
      name: 'Smoke and heat alarms',
      price: '£75 per alarm fitted',
      description:
        'Mains-powered, interlinked smoke, heat and carbon monoxide alarms to the current fire safety standard (BS 5839-6).',
    },
    {
      name: 'Extra sockets',
      price: '£85 for the first double socket, £45 each after that',
      description: 'New double sockets, USB sockets and outdoor sockets.',
    },
    {
      name: 'Outdoor & garden lighting',
      price: 'From £120',
      description:
        'Security lights, PIR floodlights and garden lighting, including armoured cable runs to sheds and garages.',
    },
  ],
  products: [
    {
      title: 'Aico multi-sensor alarm (supply only)',
      content: 'Aico Ei3028 heat and CO multi-sensor alarm for customers with their own electrician: £48 each.',
    },
    { title: 'Ohme Home Pro charger', content: 'Ohme Home Pro 7kW tethered EV charger, supply only, £649.' },
  ],
  texts: [
    {
      title: 'Areas we cover',
      content: `## Areas we cover

We cover Manchester and Trafford from our base in Hulme:

- **City centre & south Manchester:** M1, M2, M3, M4, M8, M13, M14, M15, M16, M19, M20 (Didsbury), M21 (Chorlton)
- **Trafford:** M32 (Stretford), M33 (Sale), M41 (Urmston), WA14 and WA15 (Altrincham)
- **Stockport:** SK4 (Heaton Moor) and SK8 (Cheadle)

Outside these districts we can still do EV chargers and rewires – call us to check. Emergency call-outs are only for the districts above.`,
    },
    {
      title: 'About us, Part P and guarantees',
      content: `Brightwire Electrical is a family firm started by Dan Okafor in 2011. We have 6 qualified electricians, all with their 18th Edition qualification.

We are NICEIC Approved Contractors and registered under the Part P competent person scheme, so we self-certify notifiable work (new circuits, consumer units, work in bathrooms) and notify Building Control for you. You receive the Building Regulations compliance certificate by post within 30 days.

All our work carries a 2-year workmanship guarantee, and we hold £5 million public liability insurance.

Quotes: free written quotes for jobs over £300, after a survey visit. Smaller jobs are priced over the phone. Quotes are valid for 30 days.

EV grant: flat owners and renters may get the OZEV EV chargepoint grant, £350 off the installation. We check if you qualify and claim it for you.`,
    },
  ],
  answers: [
    {
      question: 'Which payment methods do you accept?',
      answer:
        'Card, bank transfer and cash, paid when the job is finished. For jobs over £1,000 we take a 25% deposit when you book. We do not accept cheques.',
    },
    {
      question: 'Do you do emergency call-outs?',
      answer:
        'Yes, 24 hours a day, 7 days a week, including bank holidays. Ring our main number and choose option 1; it costs £95 including the first hour.',
    },
    {
      question: 'How soon can you come out or fit me in?',
      answer:
        'Small jobs are usually booked within 3 to 5 working days; EICRs within a week. EV charger installs are currently about 2 weeks from the survey.',
    },
    {
      question: 'Do you give free quotes or estimates?',
      answer: 'Yes, free written quotes for jobs over £300 after a survey; small jobs can be priced over the phone.',
    },
    {
      question: 'Do you guarantee your work?',
      answer: 'Yes, 2 years on all workmanship. Parts carry the manufacturer’s warranty.',
    },
  ],
  uploads: [],
};
