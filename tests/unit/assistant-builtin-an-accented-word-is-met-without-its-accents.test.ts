import { describe, expect, it } from 'vitest';
import { business, passage, run } from '#tests/support/builtin-assistant';
import { words } from '#api/services/assistant/builtin/text';

/**
 * Owners write "café", "crêpes", "purée"; callers type "cafe", "crepes": the accent is no part
 * of the word (a word cut at its accent, "caf", met nothing). Made-up business.
 */
describe('an accented word is met without its accents', () => {
  it('reads "café" and "crêpes" as "cafe" and "crepes"', () => {
    expect(words('Our café makes crêpes')).toEqual(['our', 'cafe', 'makes', 'crepes']);
  });

  it('"how much are your crepes?" is answered from "crêpes"', async () => {
    const hits = [passage('Menu', 'Our crêpes come with lemon and sugar, £4 each.')];
    const { text } = await run(business('Little Griddle', []), 'how much are your crepes?', { hits });
    expect(text).toContain('£4');
  });
});
