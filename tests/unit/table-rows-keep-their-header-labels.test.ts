import { describe, expect, it } from 'vitest';
import { extractInThisThread } from '#api/services/extract/extractors';
import { extractHtml } from '#api/services/extract/html';
import { makeStyledDocx, makeStyledPdf, type PdfLine } from '#tests/support/memories';

/**
 * A table under a header row is written one sentence per row, carrying the header's labels, so
 * a question in the header's words finds the row and an answer read from it stands alone; the
 * header's own line is not written. Without a header row (or with one column) rows stay cells.
 */
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const textOf = async (bytes: Uint8Array, mime: string, name: string) =>
  (await extractInThisThread(bytes, mime, name, 200_000)).text;

const XS = [72, 220, 340, 450];
const intro: PdfLine = { text: 'Our cars are serviced by appointment. Please read the terms below before you book.' };

describe('a PDF table with a header row', () => {
  it('writes each row with the labels of a bold header row, units kept, acronyms kept in capitals', async () => {
    const pdf = makeStyledPdf([
      [
        intro,
        { cells: ['Service', 'Lead time', 'Deposit', 'VAT'], cellXs: XS, font: 'bold', gapBefore: 6 },
        { cells: ['Full service', '3 days', '£40', '20%'], cellXs: XS },
        { cells: ['MOT test', 'Same day', 'None', 'Exempt'], cellXs: XS },
      ],
    ]);
    const text = await textOf(pdf, PDF, 'terms.pdf');
    expect(text).toContain(
      'Full service: lead time 3 days; deposit £40; VAT 20%.\nMOT test: lead time Same day; deposit None; VAT Exempt.',
    );
    expect(text).not.toMatch(/Service \| Lead time|^Service/m);
  });

  it('takes a first row without figures above rows with figures for the header, in the body font', async () => {
    const pdf = makeStyledPdf([
      [
        intro,
        { cells: ['Room', 'Capacity', 'Hourly rate'], cellXs: XS, gapBefore: 6 },
        { cells: ['Studio A', '12 people', '£25'], cellXs: XS },
        { cells: ['Loft', '30 people', '£60'], cellXs: XS },
      ],
    ]);
    const text = await textOf(pdf, PDF, 'rooms.pdf');
    expect(text).toContain(
      'Studio A: capacity 12 people; hourly rate £25.\nLoft: capacity 30 people; hourly rate £60.',
    );
  });

  it('leaves a table without a header row as rows of cells', async () => {
    const pdf = makeStyledPdf([
      [
        intro,
        { cells: ['Monday', '8am to 6pm'], cellXs: XS, gapBefore: 6 },
        { cells: ['Saturday', '9am to 1pm'], cellXs: XS },
      ],
    ]);
    const text = await textOf(pdf, PDF, 'hours.pdf');
    expect(text).toContain('Monday | 8am to 6pm\nSaturday | 9am to 1pm');
  });
});

describe('a Word table with a header row', () => {
  it('writes each body row as a labelled sentence, the header row left out', async () => {
    const docx = makeStyledDocx([
      { heading: 'Lessons', level: 2 },
      {
        table: [
          ['Lesson', 'Length', 'Price'],
          ['Beginner group', '60 minutes', '£18'],
          ['Private lesson', '45 minutes', '£35'],
        ],
      },
    ]);
    const text = await textOf(docx, DOCX, 'lessons.docx');
    expect(text).toContain(
      'Beginner group: length 60 minutes; price £18.\nPrivate lesson: length 45 minutes; price £35.',
    );
    expect(text).not.toContain('Lesson | Length | Price');
  });

  it('leaves a table whose first row is data as rows of cells', async () => {
    const docx = makeStyledDocx([
      {
        table: [
          ['Tuesday', '10:00–16:00'],
          ['Thursday', '12:00–20:00'],
        ],
      },
    ]);
    const text = await textOf(docx, DOCX, 'hours.docx');
    expect(text).toContain('Tuesday | 10:00–16:00\nThursday | 12:00–20:00');
  });
});

describe('a web page table with a header row', () => {
  it('labels each row from th cells, skipping an empty cell, and keeps names capitalised', () => {
    const html =
      '<table><thead><tr><th>Class</th><th>Day</th><th>Start time</th><th>Drop-in price</th></tr></thead><tbody>' +
      '<tr><td>Pilates</td><td>Monday</td><td>7pm</td><td>£9</td></tr>' +
      '<tr><td>Yoga</td><td>Wednesday</td><td></td><td>£8.50</td></tr></tbody></table>';
    expect(extractHtml(html).text).toBe(
      'Pilates: day Monday; start time 7pm; drop-in price £9.\nYoga: day Wednesday; drop-in price £8.50.',
    );
  });

  it('takes a first row set wholly in bold for the header, and lower-cases a header written in capitals', () => {
    const html =
      '<table><tr><td><b>ITEM</b></td><td><b>PRICE</b></td></tr><tr><td>Oil change</td><td>£45</td></tr></table>';
    expect(extractHtml(html).text).toBe('Oil change: price £45.');
  });

  it('leaves a table without a header row, a row-header table and a one-column table as they are', () => {
    expect(
      extractHtml(
        '<table><tr><td>Ring us</td><td>0117 496 0000</td></tr><tr><td>Email</td><td>hello@example.com</td></tr></table>',
      ).text,
    ).toBe('Ring us | 0117 496 0000\nEmail | hello@example.com');
    expect(
      extractHtml('<table><tr><th>Monday</th><td>9–5</td></tr><tr><th>Friday</th><td>9–4</td></tr></table>').text,
    ).toBe('Monday | 9–5\nFriday | 9–4');
    expect(
      extractHtml('<table><tr><th>Flavours</th></tr><tr><td>Lemon</td></tr><tr><td>Vanilla</td></tr></table>').text,
    ).toBe('Flavours\nLemon\nVanilla');
  });
});
