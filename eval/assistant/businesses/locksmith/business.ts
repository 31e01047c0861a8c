import { makeDocumentPdf, type PdfDocument } from '../../pdf';
import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Bolt & Barrel Locksmiths, Norwich: a key-cutting shop on Magdalen Street and two vans for
 * lockouts (day and out-of-hours prices), lock changes, uPVC door mechanisms, British Standard
 * mortice locks for insurance, window locks and safe opening; two products (a key safe, a door
 * chain); no travel charge in Norwich (NR1 to NR7), a travel charge out to the market towns.
 * A pasted FAQ (how soon, damage to the door, proof of address, DBS checks, guarantee, MLA),
 * five answered onboarding questions and a call-out terms PDF (time on site, drilling, a
 * cancelled call-out, registered keys). Added as a nineteenth business unlike the others (the
 * caller is often standing outside in the cold, and the price depends on the clock); its cases
 * were written and committed before the assistant was run on them.
 */
const TERMS: PdfDocument = {
  footer: 'Bolt & Barrel Locksmiths · 27 Magdalen Street, Norwich NR3 1LQ · Call-out terms 2026',
  blocks: [
    { kind: 'title', text: 'Bolt & Barrel Locksmiths – Call-out Charges and Terms' },
    {
      kind: 'paragraph',
      text: 'These terms apply to every call-out by one of our locksmiths. The price we give you on the phone is the call-out charge; parts are extra and we tell you their price before we fit them.',
    },
    { kind: 'heading', text: 'Time on site' },
    {
      kind: 'paragraph',
      text: 'The call-out charge includes the first 30 minutes on site. Most lockouts take less. If a job takes longer, further time is charged at £15 for each 15 minutes.',
    },
    { kind: 'heading', text: 'If the lock has to be drilled' },
    {
      kind: 'paragraph',
      text: 'We always try non-destructive entry first. If a lock has to be drilled to get you in, we fit a new euro cylinder for £30 on top of the call-out charge, so your door locks again before we leave.',
    },
    { kind: 'heading', text: 'Cancelling a call-out' },
    {
      kind: 'paragraph',
      text: 'If you cancel after our locksmith has set off, for example because you found your keys, a cancellation charge of £35 applies to cover the journey.',
    },
    { kind: 'heading', text: 'Registered security keys' },
    {
      kind: 'paragraph',
      text: 'Keys for our Bolt & Barrel registered cylinders can only be copied by us, and only for the registered keyholder showing the key card that came with the lock. Lost the key card? Bring photo ID with the registered address and we will reissue it for £10.',
    },
    { kind: 'heading', text: 'Payment and guarantee' },
    {
      kind: 'paragraph',
      text: 'Payment is due when the job is finished. Every lock we supply and fit is guaranteed for 12 months, parts and labour.',
    },
    { kind: 'page-break' },
    { kind: 'heading', text: 'Charges at a glance' },
    {
      kind: 'table',
      columns: [0, 330],
      rows: [
        ['Item', 'Charge'],
        ['Extra time on site, per 15 minutes after the first 30', '£15'],
        ['New euro cylinder after drilling', '£30'],
        ['Call-out cancelled after we set off', '£35'],
        ['Replacement key card', '£10'],
      ],
    },
  ],
};

export const LOCKSMITH: OwnerSetup = {
  owner: { name: 'Gareth Pell' },
  business: {
    name: 'Bolt & Barrel Locksmiths',
    email: 'help@boltandbarrel.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441603496118'],
    address: '27 Magdalen Street, Norwich NR3 1LQ',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '08:30', end: '17:30' },
      { day: 'tuesday', open: true, start: '08:30', end: '17:30' },
      { day: 'wednesday', open: true, start: '08:30', end: '17:30' },
      { day: 'thursday', open: true, start: '08:30', end: '17:30' },
      { day: 'friday', open: true, start: '08:30', end: '17:30' },
      { day: 'saturday', open: true, start: '09:00', end: '13:00' },
      { day: 'sunday', open: false, start: '10:00', end: '14:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '08:30', '12:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Jo', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Emergency lockout',
      price: '£85',
      description:
        'We get you back into your home or business, Monday to Saturday between 8am and 6pm, anywhere in Norwich (NR1 to NR7). Non-destructive entry first wherever possible.',
    },
    {
      name: 'Out-of-hours lockout',
      price: '£120',
      description: 'Lockouts in the evening after 6pm, overnight, on Sundays and on bank holidays, 24 hours a day.',
    },
    {
      name: 'Lock change',
      price: 'From £75',
      description:
        'A new anti-snap euro cylinder (3-star, TS007) fitted to your front or back door, with three keys. The usual choice after lost keys, a break-in or moving house.',
    },
    {
      name: 'uPVC door mechanism repair',
      price: 'From £140',
      description:
        'A new multipoint locking mechanism or gearbox for uPVC and composite doors whose handle has gone floppy or will not lift to lock.',
    },
    {
      name: 'British Standard mortice lock',
      price: '£110',
      description:
        'A 5-lever BS3621 mortice deadlock fitted to a wooden door, the lock most home insurance policies ask for.',
    },
    {
      name: 'Landlord lock change',
      price: '£65 per door',
      description:
        'Locks changed between tenants for landlords and letting agents; we can collect keys from and return them to the letting agent.',
    },
    {
      name: 'Key cutting',
      price: 'From £4',
      description:
        'Standard house keys (Yale and cylinder keys) from £4 each, cut while you wait in the shop. Security and dimple keys from £12.',
    },
    {
      name: 'Window locks',
      price: '£25 per window',
      description: 'Locking handles or window locks fitted to uPVC or wooden windows.',
    },
    {
      name: 'Safe opening',
      price: 'From £150',
      description: 'Home and office safes opened when the key or combination is lost, and the lock reset.',
    },
    {
      name: 'Travel outside Norwich',
      price: '£20',
      description:
        'Travel charge outside NR1 to NR7, up to 20 miles from Norwich, including Wymondham, Aylsham, Acle, Loddon and Dereham.',
    },
  ],
  products: [
    {
      title: 'Police-approved key safe',
      content: 'Supra C500 key safe, police approved, for carers and holiday lets. £55, or £85 fitted.',
    },
    { title: 'Door chain', content: 'Heavy-duty brass door chain with screws. £14.' },
  ],
  texts: [
    {
      title: 'About us',
      content: `Bolt & Barrel Locksmiths is run by Gareth Pell, a locksmith since 2004, with his son Owen. We have a key-cutting shop on Magdalen Street and two vans on the road.

We are an MLA approved company: members of the Master Locksmiths Association, inspected and vetted.`,
    },
    {
      title: 'FAQ',
      content: `Q: How quickly can you get to me?
A: In Norwich we are usually with you within 45 minutes, day or night. Further out it can take up to an hour and a half.

Q: Will you damage my door getting in?
A: Almost never. We use non-destructive entry first (picking or bypassing the lock) and only drill as a last resort.

Q: Do I need to prove I live there?
A: Yes. Before we open a door we ask for proof of address once you're inside, such as a driving licence or a utility bill with the address on it. For a rented home the landlord or letting agent can confirm it.

Q: Are your locksmiths checked?
A: Yes, both our locksmiths hold an enhanced DBS check and carry ID cards.

Q: Do you guarantee your work?
A: Every lock we supply and fit is guaranteed for 12 months, parts and labour.

Q: Do you work on bank holidays?
A: The shop is closed on bank holidays but our emergency lockout line runs every day of the year, at the out-of-hours price.`,
    },
  ],
  answers: [
    {
      question: 'Which payment methods do you accept?',
      answer: 'Card or cash when the job is done. We do not take cheques.',
    },
    {
      question: 'Do you offer discounts?',
      answer: 'NHS staff and Blue Light Card holders get 10% off lock changes.',
    },
    {
      question: 'Is there parking?',
      answer: 'Two 20-minute bays right outside the shop on Magdalen Street.',
    },
    {
      question: 'Do you give prices over the phone?',
      answer: 'Yes, the call-out prices are fixed. Parts are extra and we tell you the price before fitting anything.',
    },
    {
      question: 'Do you work for businesses?',
      answer:
        'Yes: shops, offices and schools, including master key systems and fire exit hardware, quoted after a visit.',
    },
  ],
  uploads: [
    { name: 'Bolt-and-Barrel-call-out-terms.pdf', type: 'application/pdf', bytes: () => makeDocumentPdf(TERMS) },
  ],
};
