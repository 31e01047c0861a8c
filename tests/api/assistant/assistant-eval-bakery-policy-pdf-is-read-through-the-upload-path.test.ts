import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories } from '#api/db/schema';
import { bakery } from '../../../eval/assistant/businesses';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * The evaluation's bakery uploads its policy PDF through the real upload call, so the
 * assistant is measured on what production extracts from such a document: the memory is a
 * readable, active `pdf` with the document's two pages of policy text.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe("the evaluation bakery's policy PDF", () => {
  it('is stored as an active pdf memory whose content is the text of both pages', async () => {
    const businessId = await bakery.seed(h.deps.db);
    const [pdf] = await h.deps.db
      .select()
      .from(memories)
      .where(and(eq(memories.businessId, businessId), eq(memories.type, 'pdf')));
    expect(pdf).toBeDefined();
    expect(pdf.status).toBe('active');
    expect(pdf.fileName).toBe('Rossi-Bakery-policies-2026.pdf');
    expect(pdf.mimeType).toBe('application/pdf');
    expect(pdf.meta).toMatchObject({ pages: 2, kind: 'pdf' });
    // Whitespace and line breaks are the extraction's business; the words are the document's.
    const text = pdf.content.replace(/\s+/g, ' ');
    for (const phrase of [
      'Custom cake orders',
      'Wedding cake',
      '8 weeks',
      '72 hours',
      'non-refundable',
      'BS1 to BS9',
      '£4.95',
      'Dogs in the shop',
      'on a lead are welcome',
      'with your receipt on the same day',
      'Apple Pay',
    ]) {
      expect(text).toContain(phrase);
    }
  }, 60_000);
});
