import { makeDocumentPdf, type PdfDocument } from '../../pdf';
import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Latrigg View, a guest house (bed and breakfast) in Keswick in the Lake District: six rooms
 * priced per night with breakfast, a few extras sold (packed lunches, a bottle in the room),
 * reception hours as its opening hours and closed over Christmas, a pasted breakfast note
 * and FAQ, five answered onboarding questions and a house-rules PDF uploaded on the
 * knowledge page (deposits, cancellations, arrival and departure, quiet hours, smoking,
 * dogs, a table of charges). Unlike the shops and clinics: the caller stays the night, and
 * most questions are about rooms, times of day, who may come (children, dogs) and what a
 * change of plan costs. Its cases were written and committed before any assistant change of
 * the session that added it.
 */
const HOUSE_RULES: PdfDocument = {
  footer: 'Latrigg View Guest House · 27 Eskin Street, Keswick CA12 4DQ · House rules and booking terms (2026)',
  blocks: [
    { kind: 'title', text: 'Latrigg View Guest House – House Rules and Booking Terms' },
    {
      kind: 'paragraph',
      text: 'Thank you for choosing to stay with us. These terms apply to every booking, however it was made. Please read them before you arrive and ask us if anything is unclear.',
    },
    { kind: 'heading', text: 'Booking and deposits' },
    {
      kind: 'paragraph',
      text: 'A deposit of 25% of the total price secures your booking. The balance is paid on arrival by card or bank transfer. We do not accept American Express.',
    },
    { kind: 'heading', text: 'Cancellations' },
    {
      kind: 'paragraph',
      text: 'If you cancel 14 days or more before your arrival date, we refund your deposit in full. If you cancel between 13 days and 48 hours before arrival, the deposit is kept. If you cancel less than 48 hours before arrival, or do not arrive, we charge the first night in full. We strongly recommend travel insurance.',
    },
    { kind: 'heading', text: 'Arrival and departure' },
    {
      kind: 'paragraph',
      text: 'Rooms are ready from 3pm and check-in is between 3pm and 8pm. If you expect to arrive after 8pm, please ring us on the day and we will leave your key in the key safe by the front door. Please vacate your room by 10:30am on the day you leave. A late check-out until 12 noon costs £20 and is possible only when the room is not needed that day.',
    },
    { kind: 'heading', text: 'Quiet hours and keys' },
    {
      kind: 'paragraph',
      text: 'Please keep noise to a minimum between 10:30pm and 7am, as other guests will be sleeping. The front door is locked at 11pm, but every room has its own front-door key, so you can come and go as you please. A lost key costs £25 to replace.',
    },
    { kind: 'heading', text: 'Smoking' },
    {
      kind: 'paragraph',
      text: 'The house and garden are entirely non-smoking, and this includes e-cigarettes and vaping. We charge £150 for the deep cleaning of a room that has been smoked in.',
    },
    { kind: 'heading', text: 'Dogs' },
    {
      kind: 'paragraph',
      text: 'Dogs are welcome in the Garden Room only, at most two per room, at £15 per dog per night. Please bring your dog’s own bed and towels; dogs must not be left alone in the room, must stay off the beds and furniture, and are not allowed in the dining room.',
    },
    { kind: 'page-break' },
    { kind: 'heading', text: 'Charges' },
    {
      kind: 'table',
      columns: [0, 300],
      rows: [
        ['Item', 'Charge'],
        ['Deposit when booking', '25% of the total'],
        ['Dog (Garden Room only)', '£15 per dog per night'],
        ['Late check-out until 12 noon', '£20'],
        ['Replacement key', '£25'],
        ['Cleaning after smoking in a room', '£150'],
      ],
    },
  ],
};

export const GUESTHOUSE: OwnerSetup = {
  owner: { name: 'Helen Dawson' },
  business: {
    name: 'Latrigg View Guest House',
    email: 'stay@latriggview.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441768555014'],
    address: '27 Eskin Street, Keswick CA12 4DQ',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '08:00', end: '20:00' },
      { day: 'tuesday', open: true, start: '08:00', end: '20:00' },
      { day: 'wednesday', open: true, start: '08:00', end: '20:00' },
      { day: 'thursday', open: true, start: '08:00', end: '20:00' },
      { day: 'friday', open: true, start: '08:00', end: '20:00' },
      { day: 'saturday', open: true, start: '08:00', end: '20:00' },
      { day: 'sunday', open: true, start: '08:00', end: '18:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '08:00', '14:00', 'Christmas Eve'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-boxing', '2026-12-26', 'Boxing Day'),
    ],
    assistant: { name: 'Bryony', tone: 'friendly', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Standard double room',
      price: '£98 per night',
      description:
        'A double bed and an en-suite shower room, for two people sharing, breakfast included. £80 a night for one person on their own.',
    },
    {
      name: 'Twin room',
      price: '£98 per night',
      description: 'Two single beds and an en-suite shower room, breakfast for two included.',
    },
    {
      name: 'Superior king room',
      price: '£125 per night',
      description:
        'Our biggest room, at the front of the house with views of Skiddaw: a king-size bed, a sofa, and an en-suite bathroom with a roll-top bath and a separate shower. Breakfast for two included.',
    },
    {
      name: 'Family room',
      price: '£140 per night',
      description:
        'A double bed and two single beds for two adults and up to two children, with an en-suite shower room. Breakfast for everyone included.',
    },
    {
      name: 'Single room',
      price: '£65 per night',
      description:
        'A small room with a single bed and its own private bathroom across the landing, breakfast included.',
    },
    {
      name: 'Garden Room',
      price: '£110 per night',
      description:
        'A ground-floor double with its own door onto the garden and step-free access from the car park; the only room where dogs may stay. Breakfast for two included.',
    },
  ],
  products: [
    {
      title: 'Packed lunch',
      content:
        'A sandwich made to order, fruit, crisps, a homemade flapjack and a bottle of water, for a day out on the fells. £9.50 each. Order by 8pm the evening before.',
    },
    {
      title: 'Bottle of prosecco in your room',
      content:
        'Chilled and waiting in your room when you arrive, with two glasses, for a birthday or anniversary. £28.',
    },
    {
      title: 'Ordnance Survey map of the North Lakes',
      content: 'The OS Explorer OL4 map of the north-western fells, for sale at reception. £10.99.',
    },
  ],
  texts: [
    {
      title: 'Breakfast',
      content: `Breakfast is served in the dining room from 8:00 to 9:30 on weekdays and from 8:00 to 10:00 on Saturdays and Sundays.

Choose from a full Cumberland breakfast with local sausage and dry-cured bacon, a vegetarian breakfast, kippers, or porridge with Lakeland honey. Vegan and gluten-free breakfasts are made on request: please tell us when you book.`,
    },
    {
      title: 'FAQ',
      content: `Q: What time is check-in?
A: Check-in is from 3pm to 8pm. If you are arriving later, ring us and we will leave your key in the key safe. Check-out is by 10:30am, and we are happy to look after your luggage until 4pm on the day you leave.

Q: Is there parking?
A: There are four free parking spaces behind the house, first come first served. If they are full, parking on Eskin Street is free after 6pm, and the Central car park (pay and display) is a 5-minute walk.

Q: Do you have wifi?
A: Yes, free wifi throughout the house.

Q: Where can we keep our bikes?
A: In the locked bike shed in the garden. There is also a drying room for wet boots and coats.

Q: How far is it into town?
A: The Market Square is a 5-minute walk and Derwentwater lake about 10 minutes on foot.

Q: Do you serve evening meals?
A: No, we only serve breakfast, but there are a dozen pubs and restaurants within a 10-minute walk, and we keep their menus in the guest lounge.`,
    },
  ],
  answers: [
    {
      question: 'Do you accept dogs?',
      answer:
        'Yes, in the Garden Room only: up to two well-behaved dogs, £15 per dog per night. Dogs cannot be left alone in the room and are not allowed in the dining room.',
    },
    {
      question: 'Are children welcome?',
      answer:
        'Children aged 5 and over are welcome. The family room sleeps two adults and two children; we do not have cots or high chairs.',
    },
    {
      question: 'Which payment methods do you accept?',
      answer:
        'Visa, Mastercard and bank transfer, but not American Express. We take a 25% deposit when you book and the rest when you arrive.',
    },
    {
      question: 'Is there a minimum stay?',
      answer:
        'From Easter to the end of October we only take weekend bookings (Friday and Saturday nights) for two nights or more. The rest of the time, one night is fine.',
    },
    {
      question: 'Is the guest house suitable for wheelchair users?',
      answer:
        'The Garden Room is on the ground floor with step-free access from the car park and a walk-in shower. All other rooms are up the stairs, and there is no lift.',
    },
  ],
  uploads: [
    {
      name: 'Latrigg-View-house-rules.pdf',
      type: 'application/pdf',
      bytes: () => makeDocumentPdf(HOUSE_RULES),
    },
  ],
};
