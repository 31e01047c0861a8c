import { describe, expect, it } from 'vitest';
import { business, passage, run } from '#tests/support/builtin-assistant';

/**
 * Callers name their own thing ("a corn snake", "my dachshund", "mountain bikes"); owners write the
 * general kind ("we don't see reptiles", "dogs are welcome", "we service all bicycles"). A rule for
 * the whole kind covers the specific case (WordNet's kinds, most frequent sense only); never the
 * other way round, never a kind the owner narrowed ("small dogs") or has only some of ("we serve
 * coffee"), never a loose kind of an act.
 */
const reptileHouse = business('Scales & Tails Exotics', []);
const bikeShop = business('Spokes Cycle Works', []);
const cottage = business('Hollin Barn Cottages', []);

describe('a thing the caller names is met by its kind', () => {
  it('"can you treat my corn snake?" is answered by "reptiles are treated by…"', async () => {
    const hits = [
      passage('Animals we see', 'Reptiles are treated by Dr Okafor on Tuesdays. We do not see farm animals.'),
    ];
    const { text, kit } = await run(reptileHouse, 'Can you treat my corn snake?', { hits });
    expect(text).toContain('Dr Okafor');
    expect(kit.questions).toHaveLength(0);
  });

  it('a kind in a clause that says no covers the caller’s thing ("we do not treat … lizards")', async () => {
    const hits = [passage('Animals we see', 'We treat dogs and cats, but we do not treat birds, lizards or fish.')];
    const { text, kit } = await run(reptileHouse, 'Would you treat an iguana?', { hits });
    expect(text).toContain('do not treat');
    expect(kit.questions).toHaveLength(0);
  });

  it('"do you fix mountain bikes?" is answered by "we service and repair all bicycles"', async () => {
    const hits = [
      passage('Workshop', 'We service and repair all bicycles, whatever the make. A basic service is £45.'),
    ];
    const { text, kit } = await run(bikeShop, 'Do you fix mountain bikes?', { hits });
    expect(text).toContain('all bicycles');
    expect(kit.questions).toHaveLength(0);
  });

  it('"dogs are welcome" answers for a dachshund, not "bring your dog’s own bedding"', async () => {
    const hits = [
      passage(
        'Dogs',
        'Dogs are welcome in the two ground-floor cottages, at £12 per dog per stay. Please bring your dog’s own bedding.',
      ),
    ];
    const { text, kit } = await run(cottage, 'Can I bring my dachshund?', { hits });
    expect(text).toContain('£12 per dog');
    expect(kit.questions).toHaveLength(0);
  });
});

describe('a kind meets only the caller’s thing it covers', () => {
  it('a kind the owner narrowed ("small dogs") is not the caller’s great dane', async () => {
    const hits = [passage('Dogs', 'Small dogs are welcome in the courtyard cottage.')];
    const { kit } = await run(cottage, 'Can I bring my great dane?', { hits });
    expect(kit.questions).toHaveLength(1);
  });

  it('a kind the business has only some of ("we serve coffee") is not the caller’s cappuccino', async () => {
    const hits = [passage('Eating in', 'We have twelve seats at the back and serve coffee, tea and hot chocolate.')];
    const { kit } = await run(cottage, 'Can I get a cappuccino?', { hits });
    expect(kit.questions).toHaveLength(1);
  });

  it('a specific passage does not answer the caller’s general word', async () => {
    const hits = [passage('Animals we see', 'Our vets treat corn snakes and bearded dragons.')];
    const { kit } = await run(reptileHouse, 'Do you treat reptiles?', { hits });
    expect(kit.questions).toHaveLength(1);
  });

  it('a kind of an act is too loose: "routine care" says nothing of hydrotherapy', async () => {
    const hits = [passage('Health plan', 'The health plan spreads routine care over monthly payments of £12.')];
    const { kit } = await run(reptileHouse, 'Do you offer hydrotherapy?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});
