import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Nightjar Pest Control, Leicester: a family firm with three vans treating wasps, mice, rats,
 * bed bugs, fleas, cockroaches and moles, proofing against pigeons, selling two things for
 * DIY use, and monthly contracts for food businesses; free travel in Leicester (LE1 to LE5), a
 * travel charge out to the county towns; Sunday and evening emergency call-outs at a
 * surcharge. A pasted FAQ (children and pets, how soon, guarantees, being at home, the nest
 * left in place, bees, qualifications, no poison), an about text and five answered onboarding
 * questions; no document. Added as an eighteenth business unlike the others (the caller is
 * often frightened or disgusted, names the animal not the service, and asks about safety);
 * its cases were written and committed before the assistant was run on them.
 */
export const PEST: OwnerSetup = {
  owner: { name: 'Dean Marsh' },
  business: {
    name: 'Nightjar Pest Control',
    email: 'jobs@nightjarpest.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441164960731'],
    address: 'Unit 4, Freemens Common Trade Park, Leicester LE2 7SQ',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '08:00', end: '18:00' },
      { day: 'tuesday', open: true, start: '08:00', end: '18:00' },
      { day: 'wednesday', open: true, start: '08:00', end: '18:00' },
      { day: 'thursday', open: true, start: '08:00', end: '18:00' },
      { day: 'friday', open: true, start: '08:00', end: '18:00' },
      { day: 'saturday', open: true, start: '08:00', end: '13:00' },
      { day: 'sunday', open: false, start: '10:00', end: '16:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '08:00', '12:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Kelly', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Wasp nest treatment',
      price: '£65',
      description:
        'One nest treated with insecticide powder, usually the same day. Each extra nest treated on the same visit is £20. Free travel within Leicester postcodes LE1 to LE5.',
    },
    {
      name: 'Mouse treatment',
      price: '£150',
      description:
        'Three visits over two to three weeks: lockable bait boxes put down, checked and collected, and advice on blocking the holes they get in through.',
    },
    {
      name: 'Rat treatment',
      price: '£180',
      description:
        'Three visits with tamper-proof bait stations, a search for where the rats get in, and a check of the drains.',
    },
    {
      name: 'Bed bug treatment',
      price: 'From £250',
      description:
        'Two spray treatments 14 days apart. Before the first visit, wash all bedding and clothes at 60°C and vacuum the mattress and carpets.',
    },
    {
      name: 'Flea treatment',
      price: '£110',
      description:
        'The whole house sprayed in one visit. Treat your pets with a vet flea product the same week, or the fleas come back.',
    },
    {
      name: 'Cockroach treatment',
      price: '£195',
      description: 'Gel bait treatment with a follow-up visit two weeks later, for homes and commercial kitchens.',
    },
    {
      name: 'Mole trapping',
      price: '£120',
      description: 'Traps set in your lawn or field and checked every two days until the moles are caught.',
    },
    {
      name: 'Bird proofing',
      price: 'From £350',
      description:
        'Netting, spikes or solar panel mesh to stop pigeons nesting, priced after a free survey of your property.',
    },
    {
      name: 'Emergency call-out',
      price: '£50 surcharge',
      description:
        'Evening call-outs after 6pm and Sunday call-outs, on top of the treatment price, for wasp nests and rats.',
    },
    {
      name: 'Commercial pest control contract',
      price: 'From £45 a month',
      description:
        'For restaurants, cafés, shops and warehouses: 8 routine visits a year, call-outs between visits at no extra cost, and the reports your food hygiene inspector asks for.',
    },
    {
      name: 'Travel outside Leicester',
      price: '£15',
      description:
        'Travel charge outside LE1 to LE5, anywhere in Leicestershire up to 20 miles from Leicester, including Loughborough, Hinckley, Market Harborough, Melton Mowbray and Coalville.',
    },
  ],
  products: [
    {
      title: 'Lockable bait station',
      content: 'Tamper-proof black bait box for mice and rats, child and pet resistant, with a key. £18.',
    },
    {
      title: 'Electric fly killer',
      content: 'Wall-mounted UV fly killer for kitchens and food areas, with a spare tube. £95.',
    },
  ],
  texts: [
    {
      title: 'About us',
      content: `Nightjar Pest Control is a family firm started by Dean Marsh in 2009. Dean now runs it with his daughter Kelly and three technicians, with three vans covering Leicester and Leicestershire.

We know nobody wants the neighbours to see a pest control van outside, so we will come in an unmarked van if you ask when you book.`,
    },
    {
      title: 'FAQ',
      content: `Q: Are your treatments safe for children and pets?
A: Yes, when used the way we use them. Bait is always inside locked boxes that children and pets can't open. After a flea or bed bug spray, keep everyone, pets included, out of the treated rooms for 3 hours until it has dried. Cover fish tanks and switch off the pump while we spray.

Q: How quickly can you come out?
A: Usually the same or the next working day. Ring before 2pm and we normally treat a wasp nest the same day.

Q: Do you guarantee your work?
A: Yes. If a wasp nest is still active 7 days after treatment we come back free. Mouse and rat treatments include three visits, and if they come back within 3 months of the last visit we return free of charge.

Q: Do I need to be at home?
A: An adult over 18 needs to be at home for the first visit. For the follow-up bait checks we can collect a key or use a key safe.

Q: Do you take the wasp nest away?
A: No. The wasps die within 24 hours of the treatment and an old nest is never used again, so it is safe to leave it where it is.

Q: Do you deal with bees?
A: We never kill honey bees: we put you in touch with a local beekeeper who will collect the swarm. Bumblebees are best left alone; the nest dies off on its own within a few weeks.

Q: Are your technicians qualified?
A: Every technician holds the RSPH Level 2 Award in Pest Management, and we are members of the British Pest Control Association (BPCA). We are fully insured.

Q: Can you get rid of mice without poison?
A: Yes. On request we use humane traps and proofing instead of poison, for the same price.`,
    },
  ],
  answers: [
    {
      question: 'Which payment methods do you accept?',
      answer: 'Card or cash to the technician on the day, or bank transfer. Commercial customers are invoiced monthly.',
    },
    {
      question: 'Do you offer discounts?',
      answer: '10% off any home treatment for customers over 65.',
    },
    {
      question: 'Do you give prices over the phone?',
      answer: 'Yes, our home treatments are fixed prices. Bird proofing is priced after a free survey.',
    },
    {
      question: 'Do you work weekends?',
      answer: 'Saturday mornings as normal. On Sundays we only do emergency call-outs, with the £50 surcharge.',
    },
    {
      question: 'Do you work for landlords and letting agents?',
      answer:
        'Yes. We can invoice the landlord or letting agent directly and send them a treatment report for the tenancy file.',
    },
  ],
  uploads: [],
};
