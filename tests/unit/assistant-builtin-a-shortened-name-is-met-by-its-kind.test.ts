import { describe, expect, it } from 'vitest';
import type { ApiKnowledgeHit } from '#contract/envelope';
import { kindsOf } from '#api/services/language/kinds';
import { business, passage, run, service, tools } from '#tests/support/builtin-assistant';

/**
 * Callers shorten a breed to its first word ("my springer", "two staffies", "our labradors"),
 * which WordNet has only inside the compound ("springer spaniel") or as another thing (Labrador,
 * the region): such a word is read as the compounds it starts, when it means what they are.
 * The kind then counts where the owner names it: a price "per dog" is the caller's dogs', not
 * another item's, and a second search asks for the kind when the first found nothing. Made-up
 * business, unlike the evaluation's.
 */
const cottages = business('Fellside Cottages', [
  service('Courtyard cottage', '£140 per night', 'A two-bedroom cottage round the courtyard, with a log burner.'),
]);

describe('a shortened name', () => {
  it('is read as the compound it starts, when it means what the compound is', () => {
    expect(kindsOf('springers')).toContain('dog');
    expect(kindsOf('labrador')).toContain('dog');
    // Not when the compounds disagree ("yorkshire terrier", "yorkshire pudding"), nor when the word is no such thing.
    expect(kindsOf('yorkshire')).toEqual([]);
    expect(kindsOf('dalmatian')).not.toContain('iris');
  });

  it('"we have two springers, what do you charge for them per night?" is answered by the price per dog', async () => {
    const hits = [
      passage(
        'Dogs',
        'Dogs are welcome in the Courtyard Cottage only, at most two per stay, at £10 per dog per night.',
      ),
    ];
    const { text, kit } = await run(cottages, 'we have two springers, how much extra is it per night', { hits });
    expect(text).toContain('£10 per dog');
    expect(kit.questions).toHaveLength(0);
  });

  it('a second search asks for the kind ("Can I bring my spaniel?" finds "Do you accept dogs?")', async () => {
    const dogs: ApiKnowledgeHit = passage(
      'Do you accept dogs?',
      'Dogs are welcome in every cottage, at £10 per dog per stay.',
    );
    const other: ApiKnowledgeHit = passage('Arrival', 'Cottages are ready from 4pm on the day you arrive.');
    const searches: string[] = [];
    const kit = {
      ...tools(),
      async searchKnowledge(query: string) {
        searches.push(query);
        return /\bdogs?\b/i.test(query) ? [dogs] : [other];
      },
    };
    const { text } = await run(cottages, 'Can I bring my cocker spaniel?', { kit });
    expect(text).toContain('Dogs are welcome');
    expect(searches).toHaveLength(2);
  });
});
