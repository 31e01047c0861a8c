import { describe, expect, it } from 'vitest';
import { business, run, service } from '#tests/support/builtin-assistant';

/**
 * "When's the beginners' yoga on?": a service that runs at set times says them in its
 * description; that sentence answers, not its price and not the team. Made-up business.
 */
const studio = business('Lotus Room', [
  service('Beginners yoga', '£12 a class', 'A gentle class on Tuesday evenings from 7pm to 8pm. Mats are provided.'),
  service('Private session', '£45', 'One to one, at a time that suits you.'),
]);

describe('when a service runs', () => {
  it.each(["When's the beginners yoga on?", 'What days is the beginners yoga?', 'what time does beginners yoga start'])(
    '%s',
    async (message) => {
      const { text, kit } = await run(studio, message);
      expect(text).toContain('Tuesday evenings');
      expect(text).not.toContain('£45');
      expect(kit.questions).toHaveLength(0);
    },
  );

  it('with its price when both are asked', async () => {
    const { text, kit } = await run(studio, "When's the beginners yoga on and how much is it?");
    expect(text).toContain('Tuesday evenings');
    expect(text).toContain('£12');
    expect(kit.questions).toHaveLength(0);
  });

  it('a service with no set times is not given one', async () => {
    const { text } = await run(studio, 'When is the private session on?');
    expect(text).not.toMatch(/Tuesday|7pm/);
  });
});
