import { describe, expect, it } from 'vitest';
import { chunkText } from '#api/services/knowledge-index';

/** What the PDF reader stored before it reflowed text: every line break of the page kept. */
const LINE_BROKEN_PDF_TEXT = [
  'Repair Policies',
  'Returns',
  'If you are not happy with a repair, bring the item back with your receipt on the same',
  'day and we will look at it again free of charge. We collect and deli-',
  'ver within five miles, and our workshop is wheelchair-',
  'friendly.',
  'Gift vouchers',
  'Vouchers are valid for twelve months from the date of purchase and can be used for any',
  'service in the shop.',
].join('\n');

const endsASentence = (text: string) => /[.!?]["')]*$/.test(text);

describe('chunkText keeps sentences whole within sections', () => {
  it('reads line-broken text (an upload stored before reflow) as sentences under their headings', () => {
    const chunks = chunkText(LINE_BROKEN_PDF_TEXT, { maxChars: 1200 });
    expect(chunks).toEqual([
      {
        heading: 'Returns',
        text: 'If you are not happy with a repair, bring the item back with your receipt on the same day and we will look at it again free of charge. We collect and deliver within five miles, and our workshop is wheelchair-friendly.',
      },
      {
        heading: 'Gift vouchers',
        text: 'Vouchers are valid for twelve months from the date of purchase and can be used for any service in the shop.',
      },
    ]);
  });

  it('never makes a heading line a chunk of its own, however small the chunks', () => {
    const chunks = chunkText(LINE_BROKEN_PDF_TEXT, { maxChars: 150 });
    for (const chunk of chunks) {
      expect(['Repair Policies', 'Returns', 'Gift vouchers']).not.toContain(chunk.text);
      expect(endsASentence(chunk.text), chunk.text).toBe(true);
    }
    expect(chunks.map((chunk) => chunk.heading)).toEqual(['Returns', 'Returns', 'Gift vouchers']);
  });

  it('splits a long section only at sentence ends, not at a price, a decimal or a title', () => {
    const sentences = [
      'We repair washing machines, dryers and dishwashers of every make.',
      'A standard service with a full safety check costs £49.50 and takes about an hour.',
      'Our engineer, Dr. Okafor, checks every appliance before it goes back to its owner.',
      'Parts are ordered the same day, and most arrive within 2.5 working days.',
      'We call you when the repair is ready to collect.',
    ];
    const chunks = chunkText(`## Repairs\n\n${sentences.join(' ')}`, { maxChars: 140 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.heading).toBe('Repairs');
      expect(endsASentence(chunk.text), chunk.text).toBe(true);
      expect(chunk.text, chunk.text).toMatch(/^[A-Z]/);
    }
    expect(chunks.map((chunk) => chunk.text).join(' ')).toBe(sentences.join(' '));
  });

  it('keeps a short section whole, and one section per chunk', () => {
    const chunks = chunkText(
      '## Deposits\n\nA deposit of £20 holds the date. It is returned if you cancel a week ahead.\n\n## Parking\n\nPark behind the shop.',
      { maxChars: 1200 },
    );
    expect(chunks).toEqual([
      { heading: 'Deposits', text: 'A deposit of £20 holds the date. It is returned if you cancel a week ahead.' },
      { heading: 'Parking', text: 'Park behind the shop.' },
    ]);
  });

  it('chunks a memory as large as a memory holds (200,000 characters) in well under a second', () => {
    const sentence = 'The engineer checks the boiler, the flue and the pressure. It is fine\n';
    const text = sentence.repeat(Math.ceil(200_000 / sentence.length)).slice(0, 200_000);
    const started = performance.now();
    const chunks = chunkText(text);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(chunks.length).toBeGreaterThan(100);
  });

  it('keeps list items and table rows as lines, and typed lines that end a sentence as they are', () => {
    const text =
      'Opening hours\nMonday to Friday: 9am to 5pm\nSaturday | 10am | 2pm\n- Closed on bank holidays\nWe answer the phone from 8am.\nCall us any time.';
    expect(chunkText(text)).toEqual([
      {
        heading: 'Opening hours',
        text: 'Monday to Friday: 9am to 5pm\nSaturday | 10am | 2pm\n- Closed on bank holidays\nWe answer the phone from 8am.\nCall us any time.',
      },
    ]);
  });
});
