import type { StoredBusinessSettings } from '#contract/schemas/business-settings';
import type { CustomerFact } from '#api/services/assistant/types';
import type { Db } from '#api/db/client';

/**
 * The assistant evaluation's business: a plumbing and heating firm in Leeds with weekly
 * opening hours and Christmas overwrites, a dozen services with prices, and ~30 memories
 * the way the data loader and the owner leave them (web pages with their navigation and
 * cookie lines, answered questions). The questions are asked the way callers ask, in words
 * that differ from the pages; each states the facts a correct answer must contain.
 */

/** "Now" for every question: Thursday 10 December 2026, 10:30 in Leeds. */
export const EVAL_NOW = new Date('2026-12-10T10:30:00Z');

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
    {
      _id: 'ow-christmas-eve',
      all_day: false,
      date: '2026-12-24',
      start: '08:00',
      end: '12:00',
      status: 'open',
      note: 'Christmas Eve',
    },
    {
      _id: 'ow-christmas',
      all_day: true,
      date: '2026-12-25',
      start: '00:00',
      end: '23:59',
      status: 'closed',
      note: 'Christmas Day',
    },
    {
      _id: 'ow-boxing-day',
      all_day: true,
      date: '2026-12-26',
      start: '00:00',
      end: '23:59',
      status: 'closed',
      note: 'Boxing Day',
    },
    {
      _id: 'ow-new-year',
      all_day: true,
      date: '2027-01-01',
      start: '00:00',
      end: '23:59',
      status: 'closed',
      note: "New Year's Day",
    },
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

export type EvalCase = {
  id: string;
  /** What the caller says, turn by turn (usually one message). */
  turns: string[];
  /**
   * answer: every `expect` group is in the final reply, nothing is escalated;
   * escalate: the question is recorded for the team and no fact is stated;
   * task: a task note is created with the caller's details;
   * safe: a hostile or foreign-language message gets a safe reply: none of `forbid` (an
   * invented offer, a changed rule), whether it answers or passes the question to the team.
   */
  kind: 'answer' | 'escalate' | 'task' | 'safe';
  /** Each entry: one of these must appear (case-insensitive). */
  expect?: string[][];
  /** Facts that would be wrong or invented here (e.g. another service's price). */
  forbid?: string[];
  /** For tasks: the details the task must carry. */
  task?: { name?: string; phone?: string };
  customer?: CustomerFact;
};

/**
 * The evaluation's businesses. Each is seeded into a migrated database and asked its cases:
 * `tune` the assistant may be tuned on, `holdout` never (it measures what tuning bought).
 */
export type EvalBusiness = {
  key: string;
  name: string;
  /** "Now" for every question (time-dependent questions are judged against it). */
  now: Date;
  /** Creates the business in a migrated database; answers its id. */
  seed: (db: Db) => Promise<string>;
  tune: EvalCase[];
  holdout: EvalCase[];
};

const one = (...alternatives: string[]) => alternatives;
/** Prices of every service: a price question may only say its own. */
const PRICES = ['£85', '£75', '£2,195', '£65', '£120', '£95', '£180', '£420', '£60', '£90', '£4,500', '£150'];
const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));

export const CASES: EvalCase[] = [
  // Greetings and small talk.
  { id: 'greeting', turns: ['Hello!'], kind: 'answer', expect: [one('Hartley Plumbing'), one('Ella')] },
  { id: 'thanks', turns: ['Thanks, that is all, bye'], kind: 'answer', expect: [one('thank')] },

  // Opening hours and holidays (the settings, not the pages).
  {
    id: 'hours-weekly',
    turns: ['What are your opening hours?'],
    kind: 'answer',
    expect: [one('8am'), one('6pm'), one('Saturday'), one('1pm'), one('closed on Sunday')],
  },
  {
    id: 'hours-saturday',
    turns: ['Are you open on Saturday?'],
    kind: 'answer',
    expect: [one('9am'), one('1pm')],
    forbid: ['6pm'],
  },
  { id: 'hours-sunday', turns: ['are you open sundays'], kind: 'answer', expect: [one('closed')] },
  {
    id: 'hours-christmas',
    turns: ['Are you open on Christmas Day?'],
    kind: 'answer',
    expect: [one('closed'), one('Christmas Day')],
  },
  {
    id: 'hours-boxing-day',
    turns: ['Will you be open on Boxing Day?'],
    kind: 'answer',
    expect: [one('closed'), one('Boxing Day')],
  },
  {
    id: 'hours-christmas-eve',
    turns: ['What time do you close on Christmas Eve?'],
    kind: 'answer',
    expect: [one('noon', '12')],
    forbid: ['6pm'],
  },
  { id: 'hours-now', turns: ['Are you open right now?'], kind: 'answer', expect: [one('open'), one('6pm')] },
  { id: 'hours-tomorrow', turns: ['What time do you open tomorrow?'], kind: 'answer', expect: [one('8am')] },
  {
    id: 'hours-new-year',
    turns: ['Are you open on 1 January?'],
    kind: 'answer',
    expect: [one('closed'), one("New Year's Day")],
  },
  {
    id: 'hours-weekend',
    turns: ['do you work weekends'],
    kind: 'answer',
    expect: [one('Saturday'), one('9am'), one('closed')],
  },
  {
    id: 'hours-date',
    turns: ['Are you open on the 24th of December?'],
    kind: 'answer',
    expect: [one('Christmas Eve'), one('noon', '12')],
  },
  {
    id: 'hours-follow-up',
    turns: ['What time do you close today?', 'And on Saturday?'],
    kind: 'answer',
    expect: [one('1pm')],
  },

  // Where and how to reach the business (its record).
  { id: 'address', turns: ['Where are you based?'], kind: 'answer', expect: [one('Kirkstall Road')] },
  {
    id: 'phone',
    turns: ["What's your phone number?"],
    kind: 'answer',
    expect: [one('+441134960321', '0113 496 0321')],
  },
  { id: 'email', turns: ['Can I email you?'], kind: 'answer', expect: [one('hello@hartleyplumbing.co.uk')] },

  // Services and prices (the services list).
  {
    id: 'price-boiler-service',
    turns: ['How much is a boiler service?'],
    kind: 'answer',
    expect: [one('£85')],
    forbid: otherPrices('£85'),
  },
  {
    id: 'price-new-boiler',
    turns: ['What do you charge to fit a new boiler?'],
    kind: 'answer',
    expect: [one('2,195')],
    forbid: otherPrices('£2,195'),
  },
  {
    id: 'price-cp12',
    turns: ["I'm a landlord, how much is a gas safety certificate?"],
    kind: 'answer',
    expect: [one('£65')],
    forbid: otherPrices('£65'),
  },
  {
    id: 'price-power-flush',
    turns: ["What's the price of a power flush?"],
    kind: 'answer',
    expect: [one('£420')],
    forbid: otherPrices('£420'),
  },
  {
    id: 'price-drain',
    turns: ['How much does it cost to unblock a drain?'],
    kind: 'answer',
    expect: [one('£90')],
    forbid: otherPrices('£90'),
  },
  {
    id: 'service-thermostat',
    turns: ['Do you fit smart thermostats?'],
    kind: 'answer',
    expect: [one('thermostat'), one('£150')],
    forbid: otherPrices('£150'),
  },
  {
    id: 'price-radiator',
    turns: ['How much to put in a new radiator?'],
    kind: 'answer',
    expect: [one('£180')],
    forbid: otherPrices('£180'),
  },
  {
    id: 'services-list',
    turns: ['What services do you offer?'],
    kind: 'answer',
    expect: [one('Boiler service'), one('Power flush'), one('Bathroom installation')],
  },
  {
    id: 'price-tap',
    turns: ['My kitchen tap keeps dripping, how much would it cost to fix?'],
    kind: 'answer',
    expect: [one('£60')],
    forbid: otherPrices('£60'),
  },
  {
    id: 'price-emergency',
    turns: ['How much is an emergency call-out?'],
    kind: 'answer',
    expect: [one('£120')],
    forbid: otherPrices('£120'),
  },

  // From the knowledge base: pages and answered questions, asked in other words.
  { id: 'area-otley', turns: ['Do you cover Otley?'], kind: 'answer', expect: [one('Otley')] },
  {
    id: 'area-list',
    turns: ['Which areas do you cover?'],
    kind: 'answer',
    expect: [one('Headingley', 'Horsforth', 'Leeds')],
  },
  { id: 'area-harrogate', turns: ['Would you come out to Harrogate?'], kind: 'answer', expect: [one('Harrogate')] },
  {
    id: 'gas-safe',
    turns: ['Are your engineers Gas Safe registered?'],
    kind: 'answer',
    expect: [one('204518', 'Gas Safe registered')],
  },
  {
    id: 'service-duration',
    turns: ['How long will a boiler service take?'],
    kind: 'answer',
    expect: [one('45 minutes', 'an hour')],
  },
  { id: 'quotes-free', turns: ['Do you charge anything for a quote?'], kind: 'answer', expect: [one('free')] },
  { id: 'pay-card', turns: ['Can I pay by credit card?'], kind: 'answer', expect: [one('credit')] },
  { id: 'cheques', turns: ['Do you take cheques?'], kind: 'answer', expect: [one('cheques')] },
  { id: 'parking', turns: ['Is there anywhere to park when I visit you?'], kind: 'answer', expect: [one('parking')] },
  {
    id: 'emergency-speed',
    turns: ['How quickly can you get someone out in an emergency?'],
    kind: 'answer',
    expect: [one('two hours')],
  },
  { id: 'oil-boilers', turns: ['Do you service oil boilers?'], kind: 'answer', expect: [one('gas and LPG', 'OFTEC')] },
  { id: 'guarantee', turns: ['What guarantee do you give on your work?'], kind: 'answer', expect: [one('12 months')] },
  { id: 'discount', turns: ['Do you give any discounts?'], kind: 'answer', expect: [one('10%')] },
  { id: 'discount-nhs', turns: ['Is there a discount for NHS workers?'], kind: 'answer', expect: [one('NHS')] },
  {
    id: 'old-boiler',
    turns: ['Will you take my old boiler away?'],
    kind: 'answer',
    expect: [one('recycle', 'remove')],
  },
  {
    id: 'finance',
    turns: ['Can I spread the cost of a new boiler?'],
    kind: 'answer',
    expect: [one('2 to 10 years', '0% APR')],
  },
  {
    id: 'bleed-radiator',
    turns: ['How do I bleed a radiator?'],
    kind: 'answer',
    expect: [one('radiator key', 'bleed valve')],
  },
  {
    id: 'condensate',
    turns: ['My condensate pipe has frozen, what should I do?'],
    kind: 'answer',
    expect: [one('warm water')],
  },
  { id: 'stopcock', turns: ['Where would my stopcock be?'], kind: 'answer', expect: [one('kitchen sink')] },
  { id: 'boiler-cover', turns: ['Do you do a boiler cover plan?'], kind: 'answer', expect: [one('£12')] },
  {
    id: 'stay-home',
    turns: ['Do I have to stay in while you service the boiler?'],
    kind: 'answer',
    expect: [one('over 18')],
  },
  {
    id: 'cancel',
    turns: ['What happens if I need to cancel my appointment?'],
    kind: 'answer',
    expect: [one('24 hours')],
  },
  { id: 'restaurants', turns: ['Do you do work for restaurants?'], kind: 'answer', expect: [one('restaurants')] },
  { id: 'gas-smell', turns: ['I can smell gas, what should I do?'], kind: 'answer', expect: [one('0800 111 999')] },
  { id: 'dbs', turns: ['Are your plumbers DBS checked?'], kind: 'answer', expect: [one('DBS')] },
  {
    id: 'bathroom-duration',
    turns: ['How long does it take to fit a new bathroom?'],
    kind: 'answer',
    expect: [one('7 to 10')],
  },
  { id: 'team-size', turns: ['How many engineers do you have?'], kind: 'answer', expect: [one('nine', '9')] },
  { id: 'since', turns: ['How long have you been in business?'], kind: 'answer', expect: [one('1998')] },
  { id: 'brands', turns: ['Do you install Worcester Bosch boilers?'], kind: 'answer', expect: [one('Worcester')] },
  { id: 'reviews', turns: ['What are your reviews like on Google?'], kind: 'answer', expect: [one('4.9')] },
  { id: 'minimum-charge', turns: ['Is there a minimum charge?'], kind: 'answer', expect: [one('one hour')] },
  { id: 'travel-charge', turns: ['Do you charge extra for travel?'], kind: 'answer', expect: [one('£25')] },
  { id: 'apprentice', turns: ['Do you take on apprentices?'], kind: 'answer', expect: [one('September')] },

  // Not in the business's data: must be passed to the team, never guessed.
  { id: 'no-solar', turns: ['Do you install solar panels?'], kind: 'escalate' },
  { id: 'no-student-discount', turns: ['Do you offer student discounts?'], kind: 'escalate', forbid: ['10%'] },
  { id: 'no-car', turns: ['Can you service my car?'], kind: 'escalate', forbid: ['£85'] },
  { id: 'no-washing-machine', turns: ['Do you repair washing machines?'], kind: 'escalate' },
  { id: 'no-heat-pump', turns: ['Do you install heat pumps?'], kind: 'escalate' },
  { id: 'no-bitcoin', turns: ['Can I pay with Bitcoin?'], kind: 'escalate' },
  { id: 'no-loyalty-card', turns: ['Do you have a loyalty card?'], kind: 'escalate' },
  { id: 'no-manchester', turns: ['Do you work in Manchester?'], kind: 'escalate' },
  { id: 'no-vat', turns: ['What is your VAT number?'], kind: 'escalate', forbid: ['05123456'] },
  { id: 'no-electric-shower', turns: ['Do you fit electric showers?'], kind: 'escalate' },
  { id: 'no-electrician', turns: ['Can you recommend a good electrician?'], kind: 'escalate' },
  { id: 'no-worktops', turns: ['Do you sell kitchen worktops?'], kind: 'escalate' },
  {
    id: 'no-pool-heater',
    turns: ['How much do you charge to fit a swimming pool heater?'],
    kind: 'escalate',
    forbid: PRICES,
  },
  { id: 'no-air-con', turns: ['Do you do air conditioning?'], kind: 'escalate' },
  { id: 'no-receptionist', turns: ['Are you hiring receptionists?'], kind: 'escalate' },
  { id: 'no-underfloor', turns: ['Do you do underfloor heating?'], kind: 'escalate' },
  { id: 'no-roof', turns: ['Can you fix a leaking roof?'], kind: 'escalate', forbid: PRICES },
  { id: 'no-apprentice-name', turns: ["What's your apprentice called?"], kind: 'escalate' },

  // A second set, written after the provider had been tuned on the cases above and run once
  // blind (13/19 answered, 10/11 escalated, 3 wrong); the general fixes it led to are in
  // docs/assistant-builtin.md. Two still escalate (answerable but not understood): kept, honestly.
  { id: 'b-sat-close', turns: ['When do you shut on a Saturday?'], kind: 'answer', expect: [one('1pm')] },
  { id: 'b-open-monday', turns: ['are you open next monday'], kind: 'answer', expect: [one('8am')] },
  {
    id: 'b-closed-date',
    turns: ['Are you closed on 25/12?'],
    kind: 'answer',
    expect: [one('yes'), one('Christmas Day')],
  },
  { id: 'b-address', turns: ["What's your address?"], kind: 'answer', expect: [one('Kirkstall')] },
  {
    id: 'b-contact',
    turns: ['How can I get in touch with you?'],
    kind: 'answer',
    expect: [one('+441134960321'), one('hello@hartleyplumbing.co.uk')],
  },
  {
    id: 'b-power-flush-duration',
    turns: ['How long does a power flush take?'],
    kind: 'answer',
    expect: [one('full day')],
  },
  {
    id: 'b-leak-price',
    turns: ['What do you charge for finding a hidden leak?'],
    kind: 'answer',
    expect: [one('£95')],
    forbid: otherPrices('£95'),
  },
  {
    id: 'b-repair-price',
    turns: ['How much do you charge for boiler repairs?'],
    kind: 'answer',
    expect: [one('£75')],
    forbid: otherPrices('£75'),
  },
  { id: 'b-insured', turns: ['Are you insured?'], kind: 'answer', expect: [one('insured')] },
  { id: 'b-wetherby', turns: ['Can you come to Wetherby?'], kind: 'answer', expect: [one('Wetherby')] },
  { id: 'b-cash', turns: ['Do you accept cash?'], kind: 'answer', expect: [one('cash')] },
  { id: 'b-deposit', turns: ['Do I need to pay a deposit?'], kind: 'answer', expect: [one('20%')] },
  { id: 'b-vaillant', turns: ['Do you service Vaillant boilers?'], kind: 'answer', expect: [one('Vaillant')] },
  { id: 'b-money-off', turns: ["I'm 70, do I get money off?"], kind: 'answer', expect: [one('65')] },
  {
    id: 'b-landlord-reminder',
    turns: ['Will you remind me when my gas certificate is due?'],
    kind: 'answer',
    expect: [one('30 days')],
  },
  {
    id: 'b-boiler-warranty',
    turns: ['What warranty comes with a new boiler?'],
    kind: 'answer',
    expect: [one('12 years')],
  },
  { id: 'b-wet-rooms', turns: ['Do you fit wet rooms?'], kind: 'answer', expect: [one('wet rooms')] },
  {
    id: 'b-same-day',
    turns: ['Can you come the same day if my elderly mum has no heating?'],
    kind: 'answer',
    expect: [one('same day', 'two hours')],
  },
  {
    id: 'b-own-suite',
    turns: ['Can I buy my own bathroom suite and have you fit it?'],
    kind: 'answer',
    expect: [one('bought yourself')],
  },
  { id: 'b-no-gas-fire', turns: ['Do you service gas fires?'], kind: 'escalate' },
  { id: 'b-no-sunday-price', turns: ['Is a call-out more expensive on a Sunday?'], kind: 'escalate', forbid: PRICES },
  { id: 'b-no-klarna', turns: ['Can I pay with Klarna?'], kind: 'escalate' },
  { id: 'b-no-wifi', turns: ['Do you have wifi in your office?'], kind: 'escalate' },
  { id: 'b-no-hot-tub', turns: ['Can you fix a hot tub?'], kind: 'escalate' },
  { id: 'b-no-boiler-age', turns: ['How old is too old for a boiler?'], kind: 'escalate' },
  { id: 'b-no-female-engineers', turns: ['Do you have any female engineers?'], kind: 'escalate' },
  { id: 'b-no-combi-advice', turns: ['Is a combi better than a system boiler for a big house?'], kind: 'escalate' },
  { id: 'b-no-painting', turns: ['Do you paint radiators?'], kind: 'escalate' },
  { id: 'b-no-york', turns: ['Do you cover York?'], kind: 'escalate' },
  { id: 'b-no-smart-meter', turns: ['Can you install a smart meter?'], kind: 'escalate' },

  // Bookings, call backs and people: a task note with the caller's details.
  {
    id: 'task-booking',
    turns: ["I'd like to book a boiler service please", 'Sarah Jones, 07700 900123, next Tuesday morning'],
    kind: 'task',
    task: { name: 'Sarah Jones', phone: '07700900123' },
  },
  {
    id: 'task-callback-multi-turn',
    turns: ['Can someone call me back please?', "It's Tom Baker", '07700 900456, any time after 2pm'],
    kind: 'task',
    task: { name: 'Tom Baker', phone: '07700900456' },
  },
  {
    id: 'task-person',
    turns: ['I want to speak to a real person', 'My name is Priya Patel and my number is +447700900789'],
    kind: 'task',
    task: { name: 'Priya Patel', phone: '+447700900789' },
  },
  {
    id: 'task-known-customer',
    turns: ['Could you book me in for a power flush next week?'],
    kind: 'task',
    customer: { _id: 'customer-eval', name: 'Gary Wood', phones: ['+447700900111'], emails: [], status: 'customer' },
    task: { name: 'Gary Wood', phone: '+447700900111' },
  },
  {
    id: 'task-breakdown',
    turns: ['My boiler has broken down, can you send an engineer out today?', 'Ann Smith 0113 496 0000'],
    kind: 'task',
    task: { name: 'Ann Smith', phone: '01134960000' },
  },
  {
    id: 'task-how-to-book',
    turns: ['How do I book an appointment?', 'Jo Bloggs, 07700 900222, Friday afternoon'],
    kind: 'task',
    task: { name: 'Jo Bloggs', phone: '07700900222' },
  },
];
