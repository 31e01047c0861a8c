import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createMemory, makeStyledDocx, makeStyledPdf, upload, type PdfLine } from '#tests/support/memories';

let h: Harness;
let filesDir: string;
beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-reflow-'));
  h = await createHarness({ filesDir });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** A locksmith's terms, two pages, each sentence wrapped at the margin as a word processor wraps it. */
const TERMS: PdfLine[][] = [
  [
    { text: 'Terms of Service', font: 'bold', size: 18 },
    { text: 'Call-out charges', font: 'bold', size: 13, gapBefore: 10 },
    { text: 'A call-out within the ring road costs £65 during the day and £95 after', gapBefore: 4 },
    { text: '8pm, which includes the first half hour of work. Further time is charged' },
    { text: 'at £30 for each quarter of an hour.' },
    { text: 'Lock-outs', font: 'bold', size: 13, gapBefore: 10 },
    { text: 'If you are locked out, we will ask to see proof of address before we open', gapBefore: 4 },
    { text: 'the door, such as a bank statement or a driving licence with the same' },
  ],
  [
    { text: 'address on it. We never force a lock without the owner’s permission.' },
    { text: 'Guarantee', font: 'bold', size: 13, gapBefore: 10 },
    { text: 'Every lock we fit is guaranteed for twelve months, parts and labour.', gapBefore: 4 },
  ],
];
const footer = (page: number) => `Keyworth Locksmiths · Terms, page ${page}`;

const search = async (businessId: string, token: string, query: string) =>
  (await h.call(`businesses/memories/${businessId}/search`, { query }, token)).body.data.results;

describe('an uploaded document is searched as whole sentences under its headings', () => {
  it('finds a sentence that a PDF broke across lines (and a page) whole, under its heading', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const result = await upload(h, b, owner.token, {
      bytes: makeStyledPdf(TERMS, { footer }),
      name: 'terms.pdf',
      type: 'application/pdf',
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const { content } = result.body.data.memory;
    expect(content).toContain('## Call-out charges');
    expect(content).not.toContain('Keyworth Locksmiths · Terms');

    const [evening] = await search(b, owner.token, 'call-out after 8pm');
    expect(evening.heading).toBe('Call-out charges');
    expect(evening.text).toContain(
      'A call-out within the ring road costs £65 during the day and £95 after 8pm, which includes the first half hour of work.',
    );

    const [lockedOut] = await search(b, owner.token, 'proof of address locked out');
    expect(lockedOut.heading).toBe('Lock-outs');
    expect(lockedOut.text).toBe(
      'If you are locked out, we will ask to see proof of address before we open the door, such as a bank statement or a driving licence with the same address on it. We never force a lock without the owner’s permission.',
    );
  });

  it('never answers a heading alone: a search for a heading finds its section’s text', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    await upload(h, b, owner.token, {
      bytes: makeStyledPdf(TERMS, { footer }),
      name: 'terms.pdf',
      type: 'application/pdf',
    });
    const results = await search(b, owner.token, 'guarantee');
    expect(results.length).toBeGreaterThan(0);
    for (const hit of results)
      expect(['Terms of Service', 'Call-out charges', 'Lock-outs', 'Guarantee']).not.toContain(hit.text);
    expect(results[0]).toMatchObject({
      heading: 'Guarantee',
      text: 'Every lock we fit is guaranteed for twelve months, parts and labour.',
    });
  });

  it('files a Word document’s paragraphs and table rows under its headings', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const docx = makeStyledDocx([
      { heading: 'Keyworth Locksmiths' },
      { heading: 'Prices', level: 2 },
      {
        table: [
          ['Job', 'Price'],
          ['Replace a euro cylinder', '£85'],
          ['Fit a window lock', '£25'],
        ],
      },
      { heading: 'Areas we cover', level: 2 },
      { paragraph: 'We cover Leeds, Bradford and Wakefield, and anywhere within 15 miles of Leeds city centre.' },
    ]);
    const result = await upload(h, b, owner.token, {
      bytes: docx,
      name: 'prices.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const [cylinder] = await search(b, owner.token, 'euro cylinder');
    expect(cylinder).toMatchObject({
      heading: 'Prices',
      text: 'Replace a euro cylinder: price £85.\nFit a window lock: price £25.',
    });
    const [areas] = await search(b, owner.token, 'Wakefield');
    expect(areas).toMatchObject({
      heading: 'Areas we cover',
      text: 'We cover Leeds, Bradford and Wakefield, and anywhere within 15 miles of Leeds city centre.',
    });
  });

  it('re-indexes text stored with the line breaks of its PDF (an upload read before reflow) into whole sentences', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    // What the reader stored before: every line of the page, the heading among them.
    const stored = [
      'Lock-outs',
      'If you are locked out, we will ask to see proof of address before we open',
      'the door, such as a bank statement or a driving licence with the same',
      'address on it.',
    ].join('\n');
    const memory = await createMemory(h, b, owner.token, { type: 'pdf', title: 'terms', content: stored });
    const [hit] = await search(b, owner.token, 'proof of address');
    expect(hit.source._id).toBe(memory._id);
    expect(hit).toMatchObject({
      heading: 'Lock-outs',
      text: 'If you are locked out, we will ask to see proof of address before we open the door, such as a bank statement or a driving licence with the same address on it.',
    });
  });
});
