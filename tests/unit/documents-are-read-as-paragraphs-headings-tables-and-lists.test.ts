import { describe, expect, it } from 'vitest';
import { extractInThisThread } from '#api/services/extract/extractors';
import { makePdf, makeStyledDocx, makeStyledPdf, type PdfLine } from '#tests/support/memories';

/**
 * A groomer's policy document as a word processor lays it out: a title and section headings
 * in bigger bold type, ragged-right paragraphs wrapped at the margin (one broken word
 * hyphenated by the typesetter, one real compound broken at its hyphen), a price table, a
 * bulleted list whose second item wraps under its text, a heading in the body font, a sentence
 * running over the page break, and a running footer and page number on every page.
 */
const TABLE_XS = [72, 250, 380];
const page1: PdfLine[] = [
  { text: 'Grooming Policies', font: 'bold', size: 18 },
  { text: 'Appointments', font: 'bold', size: 13, gapBefore: 10 },
  { text: 'Please arrive five minutes before your appointment so we can check', gapBefore: 4 },
  { text: 'your dog’s coat and talk about the style you would like. If you need to' },
  { text: 'cancel, tell us at least 24 hours ahead, or the £10 deposit is not' },
  { text: 'refunded. We offer collection and deli-' },
  { text: 'very within three miles of the salon, and our waiting room is dog-' },
  { text: 'friendly all day long, with water bowls and treats for every visitor.' },
  { text: 'Prices', font: 'bold', size: 13, gapBefore: 10 },
  { cells: ['Service', 'Small dog', 'Large dog'], cellXs: TABLE_XS, gapBefore: 4 },
  { cells: ['Full groom', '£35', '£50'], cellXs: TABLE_XS },
  { cells: ['Bath and brush', '£20', '£30'], cellXs: TABLE_XS },
  { text: 'What to bring', font: 'bold', size: 13, gapBefore: 10 },
  { text: '• Your dog’s vaccination card', gapBefore: 4 },
  { text: '• A lead, and a favourite toy if your dog gets anxious around' },
  { text: 'strangers or loud noises', x: 84 },
  { text: 'Parking', gapBefore: 10 },
  { text: 'There is free parking behind the salon. Dogs must be kept on a lead in', gapBefore: 4 },
  { text: 'the car park and in the waiting area, where they are welcome to sit and' },
];
const page2: PdfLine[] = [
  { text: 'wait with their owners until the groomer calls them in for their turn.' },
  { text: 'We are closed on bank holidays.', gapBefore: 14 },
];
const footer = (page: number) => `Happy Paws Grooming, Leeds - page ${page} of 2`;

async function textOf(bytes: Uint8Array, name: string) {
  const mime = name.endsWith('.pdf')
    ? 'application/pdf'
    : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  return (await extractInThisThread(bytes, mime, name, 200_000)).text;
}

describe('a PDF is read as a person reads it', () => {
  it('joins wrapped lines into paragraphs, undoes hyphenation at line ends and keeps real hyphens', async () => {
    const text = await textOf(makeStyledPdf([page1, page2], { footer }), 'policies.pdf');
    const paragraphs = text.split('\n\n');
    expect(paragraphs).toContain(
      'Please arrive five minutes before your appointment so we can check your dog’s coat and talk about the style you would like. If you need to cancel, tell us at least 24 hours ahead, or the £10 deposit is not refunded. We offer collection and delivery within three miles of the salon, and our waiting room is dog-friendly all day long, with water bowls and treats for every visitor.',
    );
  });

  it('writes headings as Markdown headings, by their bigger or bolder font or by standing alone before a paragraph', async () => {
    const text = await textOf(makeStyledPdf([page1, page2], { footer }), 'policies.pdf');
    const headings = text.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual([
      '# Grooming Policies',
      '## Appointments',
      '## Prices',
      '## What to bring',
      '### Parking',
    ]);
  });

  it('keeps a table as one labelled sentence per row under its header row and a list as items, a wrapped item whole', async () => {
    const text = await textOf(makeStyledPdf([page1, page2], { footer }), 'policies.pdf');
    expect(text).toContain(
      '## Prices\n\nFull groom: small dog £35; large dog £50.\nBath and brush: small dog £20; large dog £30.',
    );
    expect(text).toContain(
      '- Your dog’s vaccination card\n- A lead, and a favourite toy if your dog gets anxious around strangers or loud noises',
    );
  });

  it('drops the running footer and page numbers and joins a sentence across the page break', async () => {
    const text = await textOf(
      makeStyledPdf([page1, page2], { footer, header: (page) => String(page) }),
      'policies.pdf',
    );
    expect(text).not.toMatch(/Happy Paws Grooming|page \d/i);
    expect(text).not.toMatch(/^\d+$/m);
    expect(text).toContain(
      'There is free parking behind the salon. Dogs must be kept on a lead in the car park and in the waiting area, where they are welcome to sit and wait with their owners until the groomer calls them in for their turn.',
    );
    expect(text.split('\n\n')).toContain('We are closed on bank holidays.');
  });

  it('keeps a heading that opens two pages (a running header is never bigger than the body)', async () => {
    const page = (text: string): PdfLine[] => [
      { text: 'Weekly specials', font: 'bold', size: 14 },
      { text, gapBefore: 4 },
    ];
    const text = await textOf(
      makeStyledPdf([page('Monday: soup of the day with bread, £6.'), page('Tuesday: pie and mash with gravy, £9.')]),
      'specials.pdf',
    );
    expect(text).toBe(
      '## Weekly specials\n\nMonday: soup of the day with bread, £6.\n\n## Weekly specials\n\nTuesday: pie and mash with gravy, £9.',
    );
  });

  it('keeps a clause after a semicolon at a line end in its paragraph', async () => {
    const text = await textOf(
      makeStyledPdf([
        [
          { text: 'Bookings can be moved free of charge up to a week before the day, and a' },
          { text: 'second move costs £15. Group bookings follow the same rules;' },
          { text: 'with less notice the deposit is kept but can be used for another date.' },
        ],
      ]),
      'bookings.pdf',
    );
    expect(text).toBe(
      'Bookings can be moved free of charge up to a week before the day, and a second move costs £15. Group bookings follow the same rules; with less notice the deposit is kept but can be used for another date.',
    );
  });

  it('takes a numbered heading in a bigger font for a heading, and never a line of a fixed-width listing', async () => {
    const text = await textOf(
      makeStyledPdf([
        [
          { text: '2. Booking online', font: 'bold', size: 14 },
          { text: 'Book on our website and you will get a confirmation email with this code:', gapBefore: 4 },
          { text: 'BOOKING-REF 2291', font: 'mono' },
          { text: '# keep this email', font: 'mono' },
          { text: 'Show it at the desk when you arrive.' },
        ],
      ]),
      'booking.pdf',
    );
    expect(text.split('\n').filter((line) => line.startsWith('#'))).toEqual(['## 2. Booking online']);
    expect(text).toContain('BOOKING-REF 2291');
  });

  it('keeps a one-font list of short lines as lines (an address is not a paragraph)', async () => {
    const text = await textOf(
      makePdf([['Find us', '14 Mill Lane', 'Leeds LS1 4AB', 'Open Monday to Saturday, 9am to 5pm.']]),
      'card.pdf',
    );
    expect(text).toContain('14 Mill Lane\nLeeds LS1 4AB');
  });
});

describe('a Word document is read with its structure', () => {
  it('keeps heading styles as headings, bullets as items and table rows as labelled rows, each paragraph on one line', async () => {
    const docx = makeStyledDocx([
      { heading: 'Salon guide', level: 1 },
      { heading: 'Cancellations', level: 2 },
      { paragraph: 'Cancel at least 24 hours before your appointment and your deposit is returned in full.' },
      { heading: 'Price list', level: 2 },
      {
        table: [
          ['Service', 'Price'],
          ['Cut and blow-dry', '£42'],
          ['Colour', 'from £60'],
        ],
      },
      { bullet: 'Free consultation before any colour' },
      { bullet: 'Patch test 48 hours ahead' },
    ]);
    const text = await textOf(docx, 'guide.docx');
    expect(text.split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '# Salon guide',
      '## Cancellations',
      '## Price list',
    ]);
    expect(text).toContain('Cancel at least 24 hours before your appointment and your deposit is returned in full.');
    expect(text).toContain('Cut and blow-dry: price £42.\nColour: price from £60.');
    expect(text).not.toContain('Service | Price');
    expect(text).toContain('- Free consultation before any colour\n- Patch test 48 hours ahead');
  });

  it("takes Word's Title style and a short paragraph set wholly in bold for headings, not a bold sentence", async () => {
    const docx = makeStyledDocx([
      { title: 'Studio handbook' },
      { paragraph: 'Late arrivals:', bold: true },
      { paragraph: 'If you are more than 15 minutes late we may need to shorten your appointment.' },
      { paragraph: 'Bring your own towel.', bold: true },
    ]);
    const text = await textOf(docx, 'handbook.docx');
    expect(text).toBe(
      '# Studio handbook\n\n### Late arrivals\n\nIf you are more than 15 minutes late we may need to shorten your appointment.\n\nBring your own towel.',
    );
  });
});
