import { makeDocumentPdf, type PdfDocument } from '../../pdf';
import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Muddy Paws Dog Grooming, Cardiff: a one-room dog grooming salon with prices by the dog's
 * size, add-ons, walk-in nail clipping, a pet taxi by postcode, and a policies PDF (vaccines,
 * matted coats, fleas, a charges table, nervous dogs). Closed Wednesdays and Sundays, late
 * on Thursdays; open one Wednesday before Christmas. Added as a fifth, never-tuned business:
 * written and committed before any assistant change of that session.
 */
const POLICIES: PdfDocument = {
  footer:
    'Muddy Paws Dog Grooming · Unit 3, 41 Merthyr Road, Whitchurch, Cardiff CF14 1DB · Grooming policies (October 2026)',
  blocks: [
    { kind: 'title', text: 'Muddy Paws – Grooming Policies' },
    {
      kind: 'paragraph',
      text: 'We want every dog to enjoy coming to us. Please read these policies before your first appointment; by booking you agree to them.',
    },
    { kind: 'heading', text: 'Before the appointment' },
    {
      kind: 'paragraph',
      text: 'All dogs must be up to date with their vaccinations, including kennel cough, and puppies must have had their second vaccination before their first visit. Please walk your dog before drop-off so they have been to the toilet, and tell us about any health problems, lumps or sore spots when you arrive.',
    },
    { kind: 'heading', text: 'Matted coats' },
    {
      kind: 'paragraph',
      text: "Brushing out heavy matting is painful for a dog, so we won't do it. If your dog's coat is badly matted we clip it short underneath the mats (a shave-down) and the coat grows back healthy. Light dematting is charged at £12 per 15 minutes and we will always ask you first.",
    },
    { kind: 'heading', text: 'Fleas' },
    {
      kind: 'paragraph',
      text: 'If we find fleas we stop the groom and give your dog a flea bath, which costs £18, and the salon is deep-cleaned before the next dog comes in. Please treat your dog for fleas regularly.',
    },
    { kind: 'heading', text: 'Cancellations and late collection' },
    {
      kind: 'table',
      columns: [0, 300],
      rows: [
        ['What happens', 'Charge'],
        ["Cancelled with 48 hours' notice or more", 'Free'],
        ["Cancelled with less than 48 hours' notice", '50% of the groom'],
        ['No-show', 'Full price'],
        ['Collected more than 30 minutes late', '£7 per 30 minutes'],
      ],
    },
    { kind: 'page-break' },
    { kind: 'heading', text: 'Nervous and reactive dogs' },
    {
      kind: 'paragraph',
      text: 'Nervous or reactive dogs are welcome. We book them in as the first dog of the day when the salon is quiet, and we may use a muzzle for everyone’s safety. We never sedate dogs. If a dog becomes too stressed we stop, and you only pay for what was done.',
    },
    { kind: 'heading', text: 'Older dogs' },
    {
      kind: 'paragraph',
      text: 'Dogs over 10 years old get rest breaks during the groom and a non-slip mat on the table. Please let us know about arthritis or poor eyesight.',
    },
  ],
};

export const GROOMER: OwnerSetup = {
  owner: { name: 'Rhian Evans' },
  business: {
    name: 'Muddy Paws Dog Grooming',
    email: 'woof@muddypawscardiff.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+442920615432'],
    address: 'Unit 3, 41 Merthyr Road, Whitchurch, Cardiff CF14 1DB',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '08:30', end: '17:30' },
      { day: 'tuesday', open: true, start: '08:30', end: '17:30' },
      { day: 'wednesday', open: false, start: '08:30', end: '17:30' },
      { day: 'thursday', open: true, start: '08:30', end: '19:00' },
      { day: 'friday', open: true, start: '08:30', end: '17:30' },
      { day: 'saturday', open: true, start: '09:00', end: '14:00' },
      { day: 'sunday', open: false, start: '10:00', end: '16:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-wednesday', '2026-12-23', '08:30', '17:30', 'Extra Christmas opening'),
      openBetween('ow-xmas-eve', '2026-12-24', '08:30', '13:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Bella', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Full groom – small dog',
      price: '£40',
      description:
        'For dogs up to 10kg such as a Shih Tzu, Cavapoo or Yorkshire Terrier: bath, blow-dry, breed-appropriate haircut, nails, ears and hygiene trim. About 2 hours.',
    },
    {
      name: 'Full groom – medium dog',
      price: '£50',
      description:
        'For dogs of 10 to 25kg such as a Cockapoo, Springer Spaniel or Schnauzer: bath, blow-dry, haircut, nails, ears and hygiene trim. About 2½ hours.',
    },
    {
      name: 'Full groom – large dog',
      price: 'From £65',
      description:
        'For dogs over 25kg such as a Labradoodle, Golden Retriever or Old English Sheepdog. About 3 hours; giant breeds are priced on the day.',
    },
    {
      name: 'Bath & brush',
      price: 'From £28',
      description:
        "A bath with a shampoo chosen for your dog's coat, blow-dry, brush-out, nails and ears. No haircut. About 1 hour.",
    },
    {
      name: 'Puppy introduction',
      price: '£20',
      description:
        'A gentle first visit for puppies from 12 weeks to 6 months old: a bath, a blow-dry, a tidy of the face and feet and lots of treats. 45 minutes, and you are welcome to stay.',
    },
    {
      name: 'Nail clipping',
      price: '£8',
      description:
        "Walk-in nail clipping while we're open, no appointment needed. Nail grinding (smoother edges) is £10.",
    },
    {
      name: 'Hand stripping',
      price: '£45 per hour',
      description:
        "For wire-coated breeds such as Border Terriers, Westies and Wire Fox Terriers, keeping the coat's texture and colour. Most terriers take 1½ to 2 hours.",
    },
    {
      name: 'De-shedding treatment',
      price: '£15',
      description:
        'An add-on to a groom or a bath for double-coated dogs (Husky, Labrador, German Shepherd): removes the loose undercoat and cuts shedding for up to 6 weeks.',
    },
    {
      name: 'Teeth brushing',
      price: '£5',
      description:
        'An add-on: brushing with dog toothpaste for fresher breath. It is not a dental clean; for tartar please see your vet.',
    },
  ],
  products: [
    { title: 'Oatmeal & aloe shampoo', content: 'Gentle shampoo for dogs with itchy or sensitive skin, 500ml. £14' },
    { title: 'Slicker brush', content: 'Soft-pin slicker brush for brushing between grooms, small or large – £11' },
    { title: 'Lavender calming spray', content: 'Dog-safe cologne and calming spray, 100ml. £9 each.' },
  ],
  texts: [
    {
      title: 'About Muddy Paws',
      content: `Muddy Paws is a small, cage-free grooming salon in Whitchurch. Dogs wait in a quiet room, never in a cage, and are hand-dried, never cage-dried. We groom dogs only – we don't groom cats or rabbits.

Rhian Evans – owner, City & Guilds Level 3 groomer with 12 years' experience.
Gareth Price – our hand-stripping specialist for terriers and spaniels.
Megan Hughes – looks after puppy introductions and nervous dogs.`,
    },
    {
      title: 'FAQ',
      content: `Q: How long will my dog be with you?
A: Most full grooms take 2 to 3 hours. We send you a text when your dog is ready to collect.

Q: Can I stay and watch?
A: Not usually – most dogs behave much better when their owner isn't there. For a puppy introduction you are welcome to stay.

Q: Do you collect dogs from home?
A: Yes, our pet taxi collects your dog and brings them home again within CF14, CF15 and CF23, for £6 each way.

Q: Is there parking?
A: There are two free parking spaces in front of the unit; otherwise Merthyr Road has pay-and-display bays.`,
    },
  ],
  answers: [
    {
      question: 'How do I book an appointment?',
      answer:
        "Book online at muddypawscardiff.co.uk/book or call us on 029 2061 5432. We don't take bookings through Facebook messages.",
    },
    {
      question: 'Which payment methods do you accept?',
      answer: 'Card, cash and bank transfer. We do not take cheques.',
    },
    {
      question: 'How often should my dog be groomed?',
      answer:
        'Every 6 to 8 weeks for long or curly coats (poodle crosses, Shih Tzus), every 8 to 12 weeks for short coats.',
    },
    {
      question: 'Do you do gift vouchers?',
      answer: 'Yes, gift vouchers from £20, bought in the salon, valid for 12 months.',
    },
  ],
  uploads: [
    { name: 'Muddy-Paws-grooming-policies.pdf', type: 'application/pdf', bytes: () => makeDocumentPdf(POLICIES) },
  ],
};
