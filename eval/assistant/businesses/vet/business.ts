import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Millbrook Vets, Exeter: consultations, vaccinations for dogs, cats and rabbits, neutering,
 * microchipping, dental care and nurse clinics with prices, flea, worm and diet products, the
 * species seen and not seen, emergencies out of hours sent to another practice, registering a
 * new pet, a monthly health plan and spread payments, insurance claims made directly, a team
 * page, a pasted FAQ and answered questions; no document. Evenings until 7pm on weekdays,
 * Saturday mornings, closed Sundays and over Christmas. Added as a twelfth business, unlike
 * the others (the customer speaks for an animal, often worried, often out of hours); its cases
 * were written and committed before any assistant change of the session that added it.
 */
export const VET: OwnerSetup = {
  owner: { name: 'Sam Okoye' },
  business: {
    name: 'Millbrook Vets',
    email: 'reception@millbrookvets.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441392496870'],
    address: '7 Millbrook Lane, Exeter EX2 8QT',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '08:00', end: '19:00' },
      { day: 'tuesday', open: true, start: '08:00', end: '19:00' },
      { day: 'wednesday', open: true, start: '08:00', end: '19:00' },
      { day: 'thursday', open: true, start: '08:00', end: '19:00' },
      { day: 'friday', open: true, start: '08:00', end: '19:00' },
      { day: 'saturday', open: true, start: '09:00', end: '13:00' },
      { day: 'sunday', open: false, start: '09:00', end: '13:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '08:00', '14:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      openBetween('ow-nye', '2026-12-31', '08:00', '16:00', "New Year's Eve"),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Poppy', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Vet consultation',
      price: '£52',
      description:
        'A 15-minute appointment with a vet for any illness, injury or worry, including a full health check. A repeat consultation for the same problem within 10 days is £30.',
    },
    {
      name: 'Dog annual vaccination',
      price: '£62',
      description:
        'The yearly booster against distemper, parvovirus, hepatitis and leptospirosis, with a health check.',
    },
    {
      name: 'Cat annual vaccination',
      price: '£55',
      description: 'The yearly booster against cat flu and enteritis, with a health check.',
    },
    {
      name: 'Puppy and kitten first vaccinations',
      price: '£85',
      description:
        'The first course of two injections, 2 to 4 weeks apart, from 8 weeks of age, with a health check and advice on worming, fleas and feeding.',
    },
    {
      name: 'Rabbit vaccination',
      price: '£48',
      description: 'The yearly combined vaccine against myxomatosis and both strains of RVHD.',
    },
    {
      name: 'Cat neutering',
      price: 'From £95',
      description:
        'Castration £95, spaying £125. Day surgery: drop your cat off between 8 and 8:30am and collect the same afternoon.',
    },
    {
      name: 'Microchipping',
      price: '£20',
      description: 'A microchip implanted in a nurse appointment, with registration on the national database.',
    },
    {
      name: 'Dental scale and polish',
      price: 'From £280',
      description: 'Cleaning and polishing under general anaesthetic, with extractions charged on top if needed.',
    },
    {
      name: 'Nail clip',
      price: '£12',
      description: 'Claws trimmed by a veterinary nurse, for dogs, cats, rabbits and guinea pigs.',
    },
  ],
  products: [
    {
      title: 'Flea and tick spot-on for dogs',
      content: 'One pipette protects your dog for a month. £11 a pipette, sized by weight.',
    },
    { title: 'Worming tablets', content: 'Broad-spectrum wormer for dogs and cats, dosed by weight. £5 a tablet.' },
    {
      title: 'Prescription kidney diet for cats',
      content: 'Dry food for cats with kidney disease, 2 kg bag. £28. Needs a vet check in the last 6 months.',
    },
  ],
  texts: [
    {
      title: 'About us',
      content: `Millbrook Vets is an independent small-animal practice in Exeter, open since 2004, with a separate cat waiting room and a Cat Friendly Clinic gold award.

Dr Sam Okoye – clinical director and surgeon.
Dr Ruth Ellis – vet with a special interest in cats and dentistry.
Dr Tom Reyes – vet with a special interest in rabbits and small pets.
Megan Hart – head veterinary nurse, runs the nurse clinics.`,
    },
    {
      title: 'FAQ',
      content: `Q: Which animals do you treat?
A: Dogs, cats, rabbits, guinea pigs, ferrets, rats and hamsters. We do not treat horses, farm animals, birds or reptiles.

Q: What if my pet needs a vet when you are closed?
A: Outside our opening hours, emergencies are seen by Vets Now Exeter, 12 Marsh Green Road, on 01392 555 019. Please ring them before you set off. They charge their own out-of-hours fees.

Q: How do I register a new pet?
A: Registration is free: fill in the form on our website or at reception, and bring any vaccination records from your previous vet. Every newly registered pet gets a free nurse check.

Q: Can I order a repeat prescription?
A: Yes, by phone or on our website, with 48 hours' notice. Each prescription is £16, and your pet must have seen a vet in the last 6 months.

Q: Is there parking?
A: Yes, 10 free spaces in front of the practice, including a disabled bay.`,
    },
  ],
  answers: [
    {
      question: 'Do you offer payment plans?',
      answer:
        'Yes: the Millbrook Health Club spreads routine care over monthly payments, £14.50 a month for dogs and £11 a month for cats, covering the yearly vaccination, flea and worm treatment, two health checks and 10% off everything else. For treatment costing over £500 you can pay in 3 monthly instalments after a first payment of a quarter.',
    },
    {
      question: 'Do you claim from pet insurance directly?',
      answer:
        'Yes, for bills over £300 we claim directly from most insurers, including Petplan, ManyPets and Animal Friends: you pay only the excess on the day. Under £300 you pay us and claim back, and we fill in the vet part of the claim form free of charge.',
    },
    {
      question: 'Which payment methods do you accept?',
      answer: 'Card, contactless and cash, paid at the end of each appointment.',
    },
    {
      question: 'Can I see the same vet every time?',
      answer: 'We try to: ask for your vet by name when you book and we will find you a time with them.',
    },
    {
      question: 'Do I need to book or can I walk in?',
      answer:
        'Please book: appointments are by phone or online. If your pet is badly hurt, come straight in during opening hours and ring us on the way.',
    },
  ],
  uploads: [],
};
