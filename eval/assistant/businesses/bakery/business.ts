import { makeDocumentPdf, type PdfDocument } from '../../pdf';
import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Rossi's Bakery, Bristol: a small craft bakery with a shop, celebration and wedding cakes,
 * catering, classes and local delivery. Closed on Mondays; open one Monday before Christmas
 * for order collections. Its policies are an uploaded two-page PDF.
 */
const POLICIES: PdfDocument = {
  footer: "Rossi's Bakery Ltd · 27 North Street, Bristol BS3 1EN · Customer policies, version 3 (September 2026)",
  blocks: [
    { kind: 'title', text: "Rossi's Bakery – Customer Policies" },
    {
      kind: 'paragraph',
      text: 'These policies apply to every order placed in the shop, by phone, by email or through our website. If anything here is unclear, please ask a member of the team before you order.',
    },
    { kind: 'heading', text: 'Custom cake orders' },
    {
      kind: 'paragraph',
      text: 'Every celebration cake is made to order by our decorating team, so we need notice before the collection date. The minimum notice depends on the kind of cake:',
    },
    {
      kind: 'table',
      columns: [0, 210, 330],
      rows: [
        ['Cake', 'Minimum notice', 'Deposit'],
        ['Celebration cake (one tier)', '5 days', '£20'],
        ['Celebration cake (two tiers)', '10 days', '£40'],
        ['Wedding cake', '8 weeks', '50%'],
        ['Cupcake boxes (12 or more)', '3 days', 'None'],
      ],
    },
    {
      kind: 'paragraph',
      text: 'Orders are confirmed once the deposit has been paid. The balance is due when you collect the cake, or three days before the delivery date for cakes we deliver.',
    },
    { kind: 'heading', text: 'Cancellations and refunds' },
    {
      kind: 'paragraph',
      text: "Celebration cakes can be cancelled free of charge up to 72 hours before collection and the deposit is refunded in full. After that the deposit is kept, because the decorations will already have been made. Wedding cakes can be cancelled with a full refund of the deposit up to 28 days before the wedding; with less than 28 days' notice the deposit is non-refundable but can be moved to another date within 12 months. Refunds go back to the card you paid with within 5 working days.",
    },
    { kind: 'heading', text: 'Allergens and dietary requirements' },
    {
      kind: 'paragraph',
      text: 'All our products are made in a kitchen that handles wheat, gluten, eggs, milk, nuts, sesame and soya. Our gluten-free bread and cakes are baked on separate days with separate equipment and tested below 20 parts per million, but we cannot guarantee they are free from traces, so they are not suitable for people with coeliac disease who are extremely sensitive. Our sourdough and rye loaves contain no milk or eggs and are suitable for vegans. Allergen information for every product is kept in the allergen folder at the counter; please ask the team before you buy.',
    },
    { kind: 'page-break' },
    { kind: 'heading', text: 'Delivery' },
    {
      kind: 'paragraph',
      text: 'We deliver cakes and catering orders from Tuesday to Saturday to addresses in the Bristol postcode districts BS1 to BS9. Delivery costs £4.95 and is free on orders over £40. Deliveries arrive between 9am and 1pm; we cannot promise an exact time. Wedding cakes are delivered and set up at the venue by our decorator, anywhere within 20 miles of the shop, for £35.',
    },
    { kind: 'heading', text: 'Dogs in the shop' },
    {
      kind: 'paragraph',
      text: 'Well-behaved dogs on a lead are welcome in the shop, and there is a water bowl by the door. Only assistance dogs may come into the seating area at the back.',
    },
    { kind: 'heading', text: 'Returns' },
    {
      kind: 'paragraph',
      text: 'If you are not happy with bread or pastries bought in the shop, bring them back with your receipt on the same day and we will replace them or give you a refund. Because cakes are made to order, we cannot refund a custom cake once it has been collected unless it was not made to the agreed design.',
    },
    { kind: 'heading', text: 'Payment' },
    {
      kind: 'bullets',
      items: [
        'We accept cash, all major debit and credit cards, Apple Pay and Google Pay.',
        'Deposits for custom and wedding cakes can be paid by bank transfer; our bank details are on your order confirmation.',
      ],
    },
  ],
};

export const BAKERY: OwnerSetup = {
  owner: { name: 'Giulia Rossi' },
  business: {
    name: "Rossi's Bakery",
    email: 'hello@rossisbakery.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441179460715'],
    address: '27 North Street, Bedminster, Bristol BS3 1EN',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: false, start: '08:00', end: '16:00' },
      { day: 'tuesday', open: true, start: '07:30', end: '16:00' },
      { day: 'wednesday', open: true, start: '07:30', end: '16:00' },
      { day: 'thursday', open: true, start: '07:30', end: '16:00' },
      { day: 'friday', open: true, start: '07:30', end: '16:00' },
      { day: 'saturday', open: true, start: '08:00', end: '15:00' },
      { day: 'sunday', open: true, start: '09:00', end: '13:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-orders', '2026-12-21', '08:00', '14:00', 'Christmas order collections'),
      openBetween('ow-xmas-eve', '2026-12-24', '07:00', '13:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Bella', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Custom celebration cakes',
      price: 'From £45',
      description:
        'Birthday, anniversary and christening cakes made to your design. A one-tier cake serves 12 to 15 people. Order at least 5 days ahead.',
    },
    {
      name: 'Wedding cakes',
      price: 'From £350 (three tiers)',
      description:
        'Tiered wedding cakes with a free tasting consultation of four flavours. Please book 8 weeks before the wedding.',
    },
    {
      name: 'Afternoon tea catering',
      price: '£18.50 per person, minimum 10 guests',
      description:
        'Finger sandwiches, scones with clotted cream and jam, and a selection of mini cakes, delivered ready to serve for parties and offices.',
    },
    {
      name: 'Sourdough baking class',
      price: '£65 per person',
      description:
        'A three-hour hands-on class on Saturday afternoons from 3pm to 6pm, at most 8 people. You take home your own loaf and a jar of our 20-year-old starter.',
    },
    {
      name: 'Local delivery',
      price: '£4.95, free over £40',
      description: 'Cakes and catering delivered Tuesday to Saturday across Bristol postcodes BS1 to BS9.',
    },
  ],
  products: [
    {
      title: 'Sourdough loaf',
      content: 'Our slow-proved white sourdough, 800g, baked fresh every morning. £4.50 a loaf.',
    },
    {
      title: 'Gluten-free loaf',
      content: 'Seeded brown loaf made with buckwheat and rice flour, baked on Tuesdays and Fridays. £5.50 a loaf.',
    },
    { title: 'Cardamom buns', content: 'Swedish-style cardamom and cinnamon bun. £2.80 each.' },
    { title: 'Butter croissant', content: 'All-butter croissant laminated over three days. £2.20 each, or £12 for 6.' },
    { title: 'Vegan rye', content: 'Dark 100% rye loaf with sunflower seeds, no milk or eggs. £4.80 a loaf.' },
  ],
  texts: [
    {
      title: 'FAQ',
      content: `## Frequently asked questions

**Q: Do I need to order bread in advance?**
A: Not usually – the shop is full from opening. If you want more than 5 loaves, ring us the day before and we'll put them aside.

**Q: What time is the bread ready?**
A: The first sourdough comes out of the oven at 7am, so there's plenty when we open. Croissants and buns are ready from 8am.

**Q: Can I eat in?**
A: Yes! We have 12 seats at the back and serve coffee from Clifton Coffee Roasters, tea and hot chocolate.

**Q: Do you do wholesale?**
A: We supply bread to cafés and restaurants in south Bristol. Email hello@rossisbakery.co.uk for our wholesale price list (minimum order £60 a day).

**Q: What happens to the bread you don't sell?**
A: Anything left at closing goes to the Bedminster food bank or on Too Good To Go.

**Q: Is there parking?**
A: There's no car park, but there are free 1-hour spaces on North Street and a pay-and-display car park on Dean Lane, 3 minutes' walk away.`,
    },
  ],
  answers: [
    {
      question: 'Do you do gift vouchers?',
      answer:
        'Yes – gift vouchers from £10 to £100 are sold in the shop and can be spent on anything, including baking classes. They are valid for 12 months.',
    },
    {
      question: 'Which payment methods do you accept?',
      answer: 'Cash, all major cards, Apple Pay and Google Pay. Cake deposits can also be paid by bank transfer.',
    },
    {
      question: 'How do I book an appointment?',
      answer:
        'For cake consultations and baking classes, call us on 0117 946 0715 or pop into the shop. Wedding cake tastings are on Wednesday afternoons.',
    },
    {
      question: 'Do you have seating for wheelchair users?',
      answer: 'Yes, the shop and the seating area are step-free and we have an accessible toilet.',
    },
    {
      question: 'Who runs the bakery?',
      answer: 'Giulia Rossi opened the bakery in 2014 with her brother Marco, who is our head baker.',
    },
  ],
  uploads: [
    { name: 'Rossi-Bakery-policies-2026.pdf', type: 'application/pdf', bytes: () => makeDocumentPdf(POLICIES) },
  ],
};
