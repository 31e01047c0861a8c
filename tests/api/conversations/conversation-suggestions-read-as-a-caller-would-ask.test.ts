import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createMemory } from '#tests/support/memories';
import { createService } from '#tests/support/services';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function suggestionsFor(
  business: { name: string },
  setUp: (b: string, token: string) => Promise<void>,
): Promise<string[]> {
  const owner = await h.signUpWithBusiness({ business });
  await setUp(owner.business._id, owner.token);
  const result = await h.call(`businesses/conversations/${owner.business._id}/suggestions`, undefined, owner.token);
  expect(result.status).toBe(200);
  return result.body.data.suggestions;
}

const page = (b: string, token: string, title: string) =>
  createMemory(h, b, token, {
    type: 'web_page',
    title,
    content: `${title}. Some words on the page.`,
    source_url: `https://example.com/${encodeURIComponent(title)}`,
  });

/** The same word twice in a row ("about about"), whatever its case. */
const doubledWord = /\b(\w+)\s+\1\b/i;

describe('suggested questions (onboarding step 6, the chat) read as a caller would ask them', () => {
  it('never doubles a word: an "About us" page is a question about the business, by its name as written', async () => {
    const suggestions = await suggestionsFor({ name: 'Bright Cleaners' }, async (b, token) => {
      await page(b, token, 'About us | Bright Cleaners');
      await page(b, token, 'About Our Team – Bright Cleaners');
    });
    for (const suggestion of suggestions) expect(suggestion).not.toMatch(doubledWord);
    expect(suggestions).not.toContain('What can you tell me about about us?');
    expect(suggestions).toContain('What can you tell me about Bright Cleaners?');
    expect(suggestions).toContain('What can you tell me about your team?');
  });

  it('keeps the case of names: the business, brands and capitalised words inside a title', async () => {
    const suggestions = await suggestionsFor({ name: 'Acme Plumbing' }, async (b, token) => {
      await page(b, token, 'Acme Plumbing - Home');
      await page(b, token, 'Worcester Bosch boilers | Acme Plumbing');
      await createService(h, b, token, { name: 'MOT testing', status: 'active', frequency: 0, price: '£54.85' });
      await createService(h, b, token, { name: 'Gas Safe certificates', status: 'active', frequency: 0, price: null });
    });
    expect(suggestions.join(' ')).not.toMatch(/acme plumbing|worcester|\bmot\b|gas safe/);
    expect(suggestions).toContain('How much does MOT testing cost?');
    expect(suggestions).toContain('Do you offer Gas Safe certificates?');
  });

  it('still lowers the first word of a plain name, as a caller says it', async () => {
    const suggestions = await suggestionsFor({ name: 'Sparkle Ltd' }, async (b, token) => {
      await createService(h, b, token, {
        name: 'Carpet cleaning',
        status: 'active',
        frequency: 0,
        price: '£80 per room',
      });
      await page(b, token, 'Gift vouchers | Sparkle Ltd');
    });
    expect(suggestions).toContain('How much does carpet cleaning cost?');
    expect(suggestions).toContain('What can you tell me about gift vouchers?');
  });
});
