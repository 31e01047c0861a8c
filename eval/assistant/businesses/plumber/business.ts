import type { StoredBusinessSettings } from '#contract/schemas/business-settings';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * The assistant evaluation's business: a plumbing and heating firm in Leeds with weekly
 * opening hours and Christmas overwrites, a dozen services with prices, and ~30 memories
 * the way the data loader and the owner leave them (web pages with their navigation and
 * cookie lines, answered questions). The questions are asked the way callers ask, in words
 * that differ from the pages; each states the facts a correct answer must contain.
 */

export const BUSINESS = {
  name: 'Hartley Plumbing & Heating',
  email: 'hello@hartleyplumbing.co.uk',
  country: 'GB',
  timezone: 'Europe/London',
  telephones: ['+441134960321'],
  address: '14 Kirkstall Road, Leeds LS3 1HA',
};

export const SETTINGS: StoredBusinessSettings = {
  opening_hours: [
    { day: 'monday', open: true, start: '08:00', end: '18:00' },
    { day: 'tuesday', open: true, start: '08:00', end: '18:00' },
    { day: 'wednesday', open: true, start: '08:00', end: '18:00' },
    { day: 'thursday', open: true, start: '08:00', end: '18:00' },
    { day: 'friday', open: true, start: '08:00', end: '18:00' },
    { day: 'saturday', open: true, start: '09:00', end: '13:00' },
    { day: 'sunday', open: false, start: '09:00', end: '17:00' },
  ],
  overwrites: [
    openBetween('ow-christmas-eve', '2026-12-24', '08:00', '12:00', 'Christmas Eve'),
    closedAllDay('ow-christmas', '2026-12-25', 'Christmas Day'),
    closedAllDay('ow-boxing-day', '2026-12-26', 'Boxing Day'),
    closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
  ],
  assistant: { name: 'Ella', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
};

export type FixtureService = { name: string; price: string; description: string; frequency: number };

export const SERVICES: FixtureService[] = [
  {
    name: 'Boiler service',
    price: '£85',
    frequency: 365,
    description:
      'Annual service of your gas boiler by a Gas Safe registered engineer, including a flue gas analysis and a written service report.',
  },
  {
    name: 'Boiler repair',
    price: '£75 for the first hour, then £45 per hour',
    frequency: 0,
    description: 'Diagnosis and repair of gas boiler faults. Parts are charged separately at cost.',
  },
  {
    name: 'Boiler installation',
    price: 'from £2,195',
    frequency: 0,
    description:
      'Supply and fitting of a new A-rated combi or system boiler, including a magnetic system filter and a chemical clean of the system.',
  },
  {
    name: 'Landlord gas safety certificate',
    price: '£65',
    frequency: 365,
    description: 'The annual CP12 gas safety check for rented properties, covering up to three gas appliances.',
  },
  {
    name: 'Emergency call-out',
    price: '£120 including the first hour',
    frequency: 0,
    description:
      'Out-of-hours visits for burst pipes, major leaks and total loss of heating, any time of day or night.',
  },
  {
    name: 'Leak detection',
    price: '£95',
    frequency: 0,
    description:
      'Finding hidden leaks with thermal imaging and acoustic equipment, lifting as little flooring as possible.',
  },
  {
    name: 'Radiator installation',
    price: '£180 per radiator',
    frequency: 0,
    description: 'Supply and fitting of a new radiator with thermostatic radiator valves.',
  },
  {
    name: 'Power flush',
    price: '£420',
    frequency: 0,
    description: 'Cleaning sludge and rust out of your central heating system so your radiators warm up evenly again.',
  },
  {
    name: 'Tap repair and replacement',
    price: '£60',
    frequency: 0,
    description: 'Fixing dripping taps or fitting new ones, whether you supply the taps or we do.',
  },
  {
    name: 'Blocked drain clearance',
    price: '£90',
    frequency: 0,
    description: 'Clearing blocked sinks, toilets and outside drains with rods or a high-pressure jetter.',
  },
  {
    name: 'Bathroom installation',
    price: 'from £4,500',
    frequency: 0,
    description: 'Complete bathroom refits: design, plumbing, tiling and fitting of your new suite.',
  },
  {
    name: 'Smart thermostat fitting',
    price: '£150',
    frequency: 0,
    description: 'Fitting a Hive, Nest or tado smart thermostat, including setting it up on your phone.',
  },
];

export type FixtureMemory = {
  type: 'web_page' | 'answered_question';
  title: string;
  content: string;
  answer?: string;
  source_url?: string;
};

const NAV = 'Home | Boilers | Heating | Bathrooms | Emergencies | Areas | About | Contact';
const FOOTER =
  '© 2026 Hartley Plumbing & Heating Ltd. Registered in England No. 05123456. All rights reserved.\n\nWe use cookies to improve your experience. Accept all cookies | Manage cookies';
const page = (title: string, url: string, body: string): FixtureMemory => ({
  type: 'web_page',
  title,
  source_url: `https://www.hartleyplumbing.co.uk${url}`,
  content: `${NAV}\n\n# ${title}\n\n${body.trim()}\n\n${FOOTER}`,
});
const qa = (question: string, answer: string): FixtureMemory => ({
  type: 'answered_question',
  title: question,
  content: question,
  answer,
});

export const MEMORIES: FixtureMemory[] = [
  page(
    'Plumbers and heating engineers in Leeds',
    '/',
    `Family-run plumbers in Leeds since 1998. We look after boilers, central heating and bathrooms for homes across West Yorkshire.

All our engineers are Gas Safe registered and fully insured, and every job is backed by our workmanship guarantee.

Call 0113 496 0321 or book online. Rated Excellent on Google.`,
  ),
  page(
    'About Hartley Plumbing & Heating',
    '/about',
    `Dave Hartley started the business from his garage in Armley in 1998. Today his daughter Emma runs the company and we have a team of nine engineers and two office staff.

Our engineers wear ID badges and drive white vans with our logo on the side.

We are Which? Trusted Traders and members of the Chartered Institute of Plumbing and Heating Engineering.`,
  ),
  page(
    'Areas we cover',
    '/areas',
    `We cover Leeds and the surrounding areas, including Headingley, Horsforth, Otley, Pudsey, Morley, Wetherby and Garforth.

For boiler installations we also travel to Harrogate and Bradford.

Outside these areas, please call to check. A travel charge of £25 may apply to visits more than 15 miles from our Kirkstall office.`,
  ),
  page(
    'Boiler servicing',
    '/boilers/servicing',
    `An annual boiler service keeps your boiler safe and efficient, and most manufacturers need one every year to keep the warranty valid.

A standard service takes about 45 minutes to an hour. The engineer checks the burner, the seals, the flue and the gas pressure, and leaves you a written report.

We service all major brands, including Worcester Bosch, Vaillant, Baxi, Ideal and Viessmann.

We'll send you a reminder by text when your next service is due.`,
  ),
  page(
    'Emergency plumber in Leeds',
    '/emergencies',
    `Our emergency line is answered 24 hours a day, 7 days a week, including bank holidays.

We aim to have an engineer with you within two hours anywhere in Leeds.

What counts as an emergency? Burst pipes, major leaks, no heating or hot water for elderly or vulnerable people, and blocked toilets when you have only one.

If you smell gas, call the National Gas Emergency Service on 0800 111 999 first.`,
  ),
  page(
    'New boilers',
    '/boilers/new',
    `We fit Worcester Bosch and Vaillant boilers, chosen for their reliability and long guarantees.

A straight swap of a combi boiler is usually done in one day; moving the boiler or converting from a system boiler takes two to three days.

All new boilers come with a manufacturer's guarantee of up to 12 years when we fit them.

Finance is available: spread the cost of a new boiler over 2 to 10 years, with 0% APR for the first 12 months, subject to status.`,
  ),
  page(
    'Payments',
    '/payments',
    `We accept all major credit and debit cards, contactless payments, bank transfer and cash.

Payment is due when the work is finished. For boiler installations and bathrooms we take a 20% deposit when you book.

We do not accept cheques.`,
  ),
  page(
    'Our guarantee',
    '/guarantee',
    `All our workmanship is guaranteed for 12 months from the day the job is finished.

Parts carry the manufacturer's warranty, which we register for you.

If something we fixed goes wrong again within the guarantee, we come back and put it right free of charge.`,
  ),
  page(
    'Landlords and letting agents',
    '/landlords',
    `Landlords must have the gas appliances in their properties checked every 12 months and give tenants a copy of the gas safety record (CP12).

We keep your records and send you a reminder 30 days before each certificate runs out.

We can arrange access with your tenants directly, so you don't need to be there.`,
  ),
  page(
    'Power flushing',
    '/heating/power-flush',
    `Cold spots at the bottom of your radiators, a noisy boiler or slow-to-warm rooms usually mean sludge in the system.

A power flush uses a powerful pump to push cleaning chemicals through your heating system and then flushes the sludge out.

A power flush usually takes a full day for an average three-bedroom house.`,
  ),
  page(
    'Bathrooms',
    '/bathrooms',
    `We design and fit complete bathrooms, from the first drawings to the last tile.

A typical bathroom refit takes 7 to 10 working days.

We can supply the suite, or fit one you have bought yourself. We also fit showers, shower screens and walk-in wet rooms.

Every bathroom starts with a free design visit at your home.`,
  ),
  page(
    'How to bleed a radiator',
    '/blog/bleed-a-radiator',
    `Posted by Emma Hartley, 3 November 2025

If the top of a radiator stays cold while the bottom is warm, there is air trapped inside.

Turn the heating off and let the radiators cool. Put a radiator key on the bleed valve at the top corner and turn it anticlockwise a quarter turn until you hear hissing. Close the valve as soon as water appears.

Then check the boiler pressure: it should be between 1 and 1.5 bar when the heating is off.

Share this post: Facebook | Twitter | Email`,
  ),
  page(
    'Frozen condensate pipe? What to do',
    '/blog/frozen-condensate-pipe',
    `Posted by Emma Hartley, 12 January 2026

In a cold snap, the plastic condensate pipe that runs outside from a combi boiler can freeze, and the boiler locks out.

Pour warm water (not boiling) along the pipe, starting at the end furthest from the house, then reset the boiler.

If the pipe keeps freezing, we can reroute or insulate it.`,
  ),
  page(
    'Where is my stopcock?',
    '/blog/stopcock',
    `Posted by Dave Hartley, 8 February 2025

Knowing where your stopcock is can save you thousands when a pipe bursts.

In most houses the stopcock is under the kitchen sink. In older houses it can be in the cellar, under the stairs or under the floorboards by the front door.

Turn it clockwise to shut off the water.`,
  ),
  page(
    'Reviews',
    '/reviews',
    `We are rated 4.9 out of 5 from more than 600 reviews on Google and Checkatrade.

"Dan turned up on time, fixed our boiler in an hour and left everything spotless." Claire, Headingley

"Brilliant bathroom, finished a day early." Mark, Horsforth`,
  ),
  page(
    'Privacy policy',
    '/privacy',
    `We collect your name, address, phone number and email address so we can carry out the work you ask for and send you service reminders.

We never sell your data. You can ask us to delete it at any time by emailing hello@hartleyplumbing.co.uk.`,
  ),
  page(
    'Careers',
    '/careers',
    `We are always keen to hear from qualified, Gas Safe registered engineers who want to work for a friendly local company.

We also take on one apprentice every September through Leeds City College.`,
  ),
  page(
    'Contact us',
    '/contact',
    `Visit us at 14 Kirkstall Road, Leeds LS3 1HA.

Free customer parking is available behind the building, off Abbey Street.

Call 0113 496 0321 or email hello@hartleyplumbing.co.uk.`,
  ),
  page(
    'Discounts',
    '/discounts',
    `We offer 10% off labour for customers over 65 and for NHS staff. Just mention it when you book.

The discount cannot be combined with other offers and does not apply to parts.`,
  ),
  page(
    'Booking a visit',
    '/booking',
    `You can book online, by phone or by email. We confirm every appointment by text the day before and send the engineer's name and photo on the morning of the visit.

Most jobs can be booked within three working days; boiler breakdowns for elderly customers are seen the same day.`,
  ),
  qa(
    'Are you Gas Safe registered?',
    'Yes. Every engineer we send is Gas Safe registered, and our company registration number is 204518. You can check it on the Gas Safe Register website.',
  ),
  qa(
    'Do you charge for quotes?',
    'No, quotes for new boilers and bathrooms are free and there is no obligation. We can usually visit within three working days.',
  ),
  qa(
    'Do you work on oil boilers?',
    'No, we only work on gas and LPG boilers. For oil boilers we recommend an OFTEC registered engineer.',
  ),
  qa(
    'Do I need to be at home during the service?',
    "Someone over 18 needs to be at the property to let the engineer in and out, but you don't need to stay in the same room.",
  ),
  qa(
    'Can I cancel or move my appointment?',
    "Yes, just let us know at least 24 hours before. Cancellations with less than 24 hours' notice may be charged a £35 fee.",
  ),
  qa(
    'Do you take away the old boiler?',
    'Yes, we remove and recycle your old boiler and any old radiators at no extra cost.',
  ),
  qa(
    'Are your engineers DBS checked?',
    'Yes, all our engineers have an enhanced DBS check, renewed every three years.',
  ),
  qa(
    'How soon can you fit a new boiler?',
    'We can usually fit a new boiler within a week of you accepting the quote. In winter we keep boilers in stock for next-day fitting when your old one has broken down.',
  ),
  qa(
    'Do you have a boiler cover plan?',
    'Yes, our Boiler Care plan costs £12 a month and includes the annual service, priority call-outs and free labour on repairs.',
  ),
  qa(
    'Do you do commercial work?',
    'We mainly work in homes, but we also look after small offices, shops and restaurants across Leeds.',
  ),
  qa(
    'What should I do if I smell gas?',
    'Leave the property and call the National Gas Emergency Service on 0800 111 999 straight away. Once they have made it safe, we can repair the appliance.',
  ),
  qa('Do you have a minimum charge?', 'Our minimum charge is one hour of labour, which is £75 on weekdays.'),
];
