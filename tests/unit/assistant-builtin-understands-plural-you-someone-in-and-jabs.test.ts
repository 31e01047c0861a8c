import { describe, expect, it } from 'vitest';
import { termKey } from '#api/services/assistant/builtin/text';
import { normaliseCallerText } from '#api/services/language/caller-text';
import { business, run, service } from '#tests/support/builtin-assistant';

/**
 * Everyday ways of speaking the owner never writes: "you lot", "you guys", "y'all" for "you";
 * "will anyone be in?" for "will you be open?"; a "jab" for a vaccination and "yearly" for
 * annual. Made-up businesses, unlike the evaluation's.
 */
const kennels = business('Oakfield Kennels', [
  service('Dog annual vaccination', '£58', 'The annual booster for dogs, with a health check.'),
  service('Day care', '£25 a day', 'A day of walks and play while you are at work.'),
]);
const christmas = {
  settings: {
    overwrites: [
      {
        _id: 'ow-xmas',
        all_day: true,
        date: '2026-12-25',
        start: '00:00',
        end: '23:59',
        status: 'closed' as const,
        note: 'Christmas Day',
      },
    ],
  },
};

describe('plural "you" is you', () => {
  it('"you lot", "you guys", "y\'all" and "yall" read as "you"', () => {
    expect(normaliseCallerText('what time do you lot close on a saturday')).toBe(
      'what time do you close on a saturday',
    );
    expect(normaliseCallerText('Are you guys open tomorrow?')).toBe('Are you open tomorrow?');
    expect(normaliseCallerText("when do y'all open")).toBe('when do you open');
    expect(normaliseCallerText('do yall do day care')).toBe('do you do day care');
  });

  it('"what time do you guys close on a saturday" gets Saturday\'s hours', async () => {
    const { text, kit } = await run(kennels, 'what time do you guys close on a saturday');
    expect(text).toMatch(/5pm/);
    expect(kit.questions).toHaveLength(0);
  });
});

describe('someone being in is being open', () => {
  it('"will anyone be in (the office)" and "is anybody there" read as being open', () => {
    expect(normaliseCallerText('will anyone be in the office on the 25th of december?')).toBe(
      'will you be open on the 25th of december?',
    );
    expect(normaliseCallerText('is anybody there on saturday')).toBe('are you open on saturday');
    expect(normaliseCallerText('will someone be around tomorrow morning')).toBe('will you be open tomorrow morning');
  });

  it('"Will anybody be in on Christmas Day?" says the day is closed', async () => {
    const biz = business('Oakfield Kennels', kennels.services, [], { settings: christmas.settings });
    const { text, kit } = await run(biz, 'Will anybody be in on Christmas Day?');
    expect(text).toMatch(/closed/);
    expect(kit.questions).toHaveLength(0);
  });
});

describe('a jab is a vaccination, yearly is annual', () => {
  it('jab, jabs, vaccine, vaccinations and boosters are one key; yearly and annually are annual', () => {
    for (const word of ['jab', 'jabs', 'vaccine', 'vaccinations', 'vaccinated', 'booster', 'boosters'])
      expect(termKey(word)).toBe(termKey('vaccination'));
    for (const word of ['yearly', 'annually']) expect(termKey(word)).toBe(termKey('annual'));
  });

  it('"how much is my dogs yearly jab" is the annual vaccination', async () => {
    const { text, kit } = await run(kennels, 'how much is my dogs yearly jab');
    expect(text).toContain('£58');
    expect(kit.questions).toHaveLength(0);
  });
});
