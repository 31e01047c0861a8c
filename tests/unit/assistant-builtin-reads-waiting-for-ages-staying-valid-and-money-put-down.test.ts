import { describe, expect, it } from 'vitest';
import { normaliseCallerText } from '#api/services/language/caller-text';
import { business, passage, run, service } from '#tests/support/builtin-assistant';

/**
 * Everyday British phrasing the owner never writes: "sat waiting for ages" is waiting a long
 * time, a price that "stays valid" is valid, money "put down to hold" a date is a deposit.
 * Made-up businesses, unlike the evaluation's.
 */
const hire = business('Castle Marquee Hire', [
  service('Marquee hire', 'From £900', 'A 6 x 12 metre marquee put up and taken down for a weekend.'),
]);

describe('phrases read as meant', () => {
  it('reads "sat waiting for ages", "stays valid" and "put down to hold" as meant', () => {
    expect(normaliseCallerText("what if we're sat waiting for ages")).toBe("what if we're waiting for a long time");
    expect(normaliseCallerText('how long does the quote stay valid')).toBe('how long does the quote valid');
    expect(normaliseCallerText('how much do I have to put down to hold a date?')).toBe(
      'how much do I have to pay as a deposit to secure a date?',
    );
    expect(normaliseCallerText('is a down payment needed')).toBe('is a deposit needed');
  });

  it('"what if we are stood waiting at the venue for ages, do you charge?" finds the waiting charge', async () => {
    const hits = [
      passage(
        'Terms',
        'The first hour of waiting at the venue is free. After that, waiting time is charged at £40 per hour.',
      ),
    ];
    const { text, kit } = await run(hire, 'what if we are stood waiting at the venue for ages, do you charge?', {
      hits,
    });
    expect(text).toContain('£40');
    expect(kit.questions).toHaveLength(0);
  });

  it('"how long does your quote stay valid for?" finds how long a quotation is valid', async () => {
    const hits = [passage('Terms', 'Every quotation is a fixed price. It is valid for 60 days from the date on it.')];
    const { text, kit } = await run(hire, 'how long does your quote stay valid for?', { hits });
    expect(text).toContain('60 days');
    expect(kit.questions).toHaveLength(0);
  });

  it('"how much do we put down to hold the date?" finds the deposit', async () => {
    const hits = [passage('Terms', 'A deposit of 30% of the price secures your date. The rest is due a week before.')];
    const { text, kit } = await run(hire, 'how much do we put down to hold the date?', { hits });
    expect(text).toContain('30%');
    expect(kit.questions).toHaveLength(0);
  });
});
