import { describe, expect, it } from 'vitest';
import { business, passage, run } from '#tests/support/builtin-assistant';

/**
 * "How many people will a one tier cake feed?": after "will / can / does + a / the …" the last
 * word is what the thing does, not the second half of a compound ("cake feed"), so a passage
 * that says "a one-tier cake serves 12" is not ruled out for lacking "cake feed" side by side.
 * Compounds elsewhere stay compounds. Made-up business.
 */
const pies = business('Crust & Crumb', []);

describe('the verb that ends a question is no half of a compound', () => {
  it('"…will a large pie feed?"', async () => {
    const hits = [passage('Sizes', 'A large family pie serves 6 to 8 people; a small one serves 2.')];
    const { text, kit } = await run(pies, 'How many people will a large family pie feed?', { hits });
    expect(text).toContain('6 to 8');
    expect(kit.questions).toHaveLength(0);
  });

  it('a compound at the end of a question is still one ("do you sell pie dishes?")', async () => {
    const hits = [passage('Lunch', 'Our dish of the day is always a pie, served from noon.')];
    const { text, kit } = await run(pies, 'Do you sell pie dishes?', { hits });
    expect(text).toMatch(/not sure/i);
    expect(kit.questions).toHaveLength(1);
  });
});
