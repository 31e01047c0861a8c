import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Thistle & Bloom, a florist in Norwich: same-day delivery in the city and next-day delivery
 * to the villages around it, hand-tied bouquets in three sizes, roses, orchids, dried flowers,
 * funeral tributes delivered to the funeral directors, wedding flowers with a consultation, a
 * deposit and a final payment date, weekly flowers for offices, a flower subscription and
 * December wreath-making evenings; a pasted FAQ (the order cut-off, nobody at home, damaged
 * flowers, lilies and cats, substitutions, care) and five answered onboarding questions; no
 * document. Closed Sundays except the Sunday before Christmas; Christmas Eve until 2pm.
 * Added as a fifteenth business unlike the others (the caller is often buying for someone
 * else, for a date that matters, and delivery is half the question); its cases were written
 * and committed before the assistant was run on them.
 */
export const FLORIST: OwnerSetup = {
  owner: { name: 'Rosie Calder' },
  business: {
    name: 'Thistle & Bloom',
    email: 'orders@thistleandbloom.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441603555148'],
    address: '21 Pottergate, Norwich NR2 1DX',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '09:00', end: '17:30' },
      { day: 'tuesday', open: true, start: '09:00', end: '17:30' },
      { day: 'wednesday', open: true, start: '09:00', end: '17:30' },
      { day: 'thursday', open: true, start: '09:00', end: '17:30' },
      { day: 'friday', open: true, start: '09:00', end: '17:30' },
      { day: 'saturday', open: true, start: '08:30', end: '16:00' },
      { day: 'sunday', open: false, start: '10:00', end: '14:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-sunday', '2026-12-20', '10:00', '14:00', 'Open for Christmas wreaths and trees'),
      openBetween('ow-xmas-eve', '2026-12-24', '08:00', '14:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
    ],
    assistant: { name: 'Ivy', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Local delivery',
      price: '£6.50',
      description:
        'Delivery anywhere in Norwich (postcodes NR1 to NR7). Same day, Monday to Saturday, when you order by 1pm.',
    },
    {
      name: 'Village delivery',
      price: '£12',
      description:
        'Next-day delivery to villages and towns up to 15 miles from the shop, including Wymondham, Aylsham, Wroxham, Acle and Long Stratton.',
    },
    {
      name: 'Wedding consultation',
      price: 'Free',
      description:
        'A 45-minute meeting at the shop to plan your wedding flowers, with a written quote afterwards. Evenings and Saturdays by arrangement.',
    },
    {
      name: 'Bridal bouquet',
      price: 'From £120',
      description: 'A hand-tied bouquet for the bride in the colours and flowers of your choice.',
    },
    {
      name: 'Buttonhole',
      price: '£14 each',
      description: 'A single flower or small spray with foliage, for the groom, groomsmen and fathers.',
    },
    {
      name: 'Funeral wreath',
      price: 'From £75',
      description: 'A classic ring of fresh flowers for a funeral, in your choice of colours.',
    },
    {
      name: 'Funeral letter tribute',
      price: '£40 per letter',
      description: 'Letters in fresh flowers spelling a name or a word such as MUM, DAD or NAN.',
    },
    {
      name: 'Office flowers',
      price: 'From £42 a week',
      description: 'Fresh arrangements for your reception or meeting rooms, changed every week and invoiced monthly.',
    },
    {
      name: 'Flower subscription',
      price: '£32 a week or £36 a fortnight',
      description:
        'A seasonal bouquet delivered to your door every week or every other week. Pause or cancel any time before the next delivery.',
    },
    {
      name: 'Christmas wreath workshop',
      price: '£55',
      description:
        'Make your own door wreath on a Tuesday or Thursday evening in December, 7pm to 9pm. All materials, mince pies and mulled wine included.',
    },
  ],
  products: [
    {
      title: 'Seasonal hand-tied bouquet',
      content:
        'Our florists choose the best flowers of the week. Three sizes: classic £35, generous £50 and luxe £80. Arrives in water in a compostable gift bag.',
    },
    { title: 'A dozen red roses', content: 'Twelve long-stemmed red roses with eucalyptus, hand-tied. £65.' },
    { title: 'Potted orchid', content: 'A white or pink phalaenopsis orchid in a ceramic pot. £28.' },
    {
      title: 'Christmas door wreath',
      content: 'Ready-made wreath of spruce, pine cones and dried orange on a moss base. £45.',
    },
    { title: 'Jam jar posy', content: 'A little posy of seasonal flowers in a jam jar tied with twine. £18.' },
    {
      title: 'Dried flower bouquet',
      content: 'Dried and preserved flowers that last a year or more. From £30.',
    },
  ],
  texts: [
    {
      title: 'About us',
      content: `Thistle & Bloom started as a flower stall on Norwich market in 2011. Rosie Calder (RHS trained) opened the shop on Pottergate in 2016 and now works with two other florists, Hannah and Jo.

From May to October most of our flowers are British-grown, many from farms within 20 miles of Norwich. We have been foam-free since 2020: no floral foam in any of our arrangements, and all our wrapping is compostable or recyclable.`,
    },
    {
      title: 'FAQ',
      content: `Q: What time do I need to order for same-day delivery?
A: Order by 1pm, Monday to Saturday, for same-day delivery in Norwich. Orders after 1pm go out the next working day. We don't deliver on Sundays.

Q: What happens if nobody is home?
A: Our driver will leave the flowers with a neighbour or in a safe place you tell us about and put a card through the door. If there is nowhere safe, we bring them back to the shop and re-deliver the next day for another £6.50.

Q: Can I add a message?
A: Yes, every order comes with a free handwritten message card. Just tell us what to write.

Q: My flowers arrived damaged, what should I do?
A: Send us a photo within 24 hours of delivery and we will replace them free of charge.

Q: What if the flowers I want aren't available?
A: Flowers are seasonal. If something isn't available we substitute flowers of a similar style, colour and value.

Q: Are your flowers safe for cats?
A: Lilies are toxic to cats, including the pollen. We label every bouquet with lilies in it, and we can make a cat-safe bouquet on request. We remove lily pollen from all our arrangements so it doesn't stain.

Q: How do I make my flowers last?
A: Trim the stems at an angle, change the water every two days and keep them away from radiators, sunny windows and the fruit bowl.

Q: How far ahead should we book our wedding flowers?
A: Ideally 6 to 12 months before the day, especially for summer Saturdays. A 25% deposit secures your date; it is non-refundable. The final balance is due 4 weeks before the wedding.

Q: Do you do funeral flowers?
A: Yes. Please order at least 2 working days before the funeral. We deliver funeral flowers to any funeral director in Norwich free of charge.`,
    },
  ],
  answers: [
    {
      question: 'Which payment methods do you accept?',
      answer:
        'Card, contactless and cash in the shop; card over the phone. Wedding and event orders can also be paid by bank transfer.',
    },
    {
      question: 'Is there parking?',
      answer: 'Yes, two customer spaces behind the shop, reached from Pottergate. Collections only, 15 minutes.',
    },
    {
      question: 'Can I collect my order from the shop?',
      answer: 'Of course: order online or by phone and collect any time we are open. Collection is free.',
    },
    {
      question: 'Do you do flowers for events and venues?',
      answer:
        'Yes, we do flowers for parties, corporate events and venues across Norfolk. Every event starts with a free consultation and a written quote.',
    },
    {
      question: 'Do you offer discounts?',
      answer: '10% off every order for NHS staff and carers, in the shop or over the phone, with ID.',
    },
  ],
  uploads: [],
};
