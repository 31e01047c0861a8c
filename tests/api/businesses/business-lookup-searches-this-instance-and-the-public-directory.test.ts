import { faker } from '@faker-js/faker';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDirectory, type Directory, type Listing } from '#api/services/directory';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

/** The app's directory delegates to whichever one a test puts here; by default none is configured. */
let directory: Directory = createDirectory(undefined);
const searches: string[] = [];

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await createHarness({
    directory: {
      search: (query) => {
        searches.push(query);
        return directory.search(query);
      },
    },
  });
  token = (await h.signUp()).token;
});
afterEach(() => {
  directory = createDirectory(undefined);
  searches.length = 0;
});
afterAll(() => h.close());

const lookup = (business_name: unknown, as = token) => h.call('helpers/business-lookup', { business_name }, as);

describe('helpers/business-lookup', () => {
  it('says "You have not entered any search criteria." for an empty or missing search', async () => {
    expectFieldError(await lookup(''), 'business_name', 'You have not entered any search criteria.');
    expectFieldError(await lookup('   '), 'business_name', 'You have not entered any search criteria.');
    expectFieldError(
      await h.call('helpers/business-lookup', {}, token),
      'business_name',
      'You have not entered any search criteria.',
    );
  });

  it('says "Search criteria must be less than 100 characters." above 100 characters', async () => {
    expectFieldError(
      await lookup('s'.repeat(101)),
      'business_name',
      'Search criteria must be less than 100 characters.',
    );
    expect((await lookup('s'.repeat(100))).status).toBe(200);
  });

  it('finds a business on this instance by its whole name (any case and spacing), with its name and country only', async () => {
    const marker = faker.string.alpha(10).toLowerCase();
    await h.signUpWithBusiness({ business: { name: `The ${marker} Bakery`, country: 'FR' } });
    const stranger = await h.signUp();

    for (const typed of [`The ${marker} Bakery`, `  the ${marker.toUpperCase()}   BAKERY `]) {
      const result = await lookup(typed, stranger.token);
      expect(result.status).toBe(200);
      // What a staff member needs to ask for an invitation: no id, no email, no telephones.
      expect(result.body.data.businesses).toEqual([{ name: `The ${marker} Bakery`, country: 'FR' }]);
    }
  });

  it('does not list other tenants by part of their name', async () => {
    const marker = faker.string.alpha(10).toLowerCase();
    await h.signUpWithBusiness({ business: { name: `The ${marker} Bakery`, country: 'FR' } });
    for (const partial of [marker, marker.slice(1, 8), `The ${marker}`, `${marker} Bakery`, 'The', 'a', 'e']) {
      const result = await lookup(partial);
      expect(result.status).toBe(200);
      expect(result.body.data.businesses.map((b: { name: string }) => b.name)).not.toContain(`The ${marker} Bakery`);
    }
    // No call answers a business id to a stranger.
    const exact = await lookup(`The ${marker} Bakery`);
    expect(JSON.stringify(exact.body)).not.toMatch(/_id|"id"/);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const result = await lookup('%_%');
    expect(result.status).toBe(200);
    for (const business of result.body.data.businesses) expect(business.name).toContain('%_%');
  });

  it('with no directory configured: no listings and no error', async () => {
    const result = await lookup(`nothing-${faker.string.alphanumeric(12)}`);
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ businesses: [], listings: [] });
  });

  it('returns public listings from the directory to prefill the business form', async () => {
    const listings: Listing[] = [
      { name: 'Corner Café', country: 'GB', telephone: '+442071234567', address: '1 Corner St, London' },
      { name: 'Corner Shop', country: null, telephone: null, address: null },
    ];
    directory = { search: async () => listings };
    const result = await lookup('Corner');
    expect(result.status).toBe(200);
    expect(result.body.data.listings).toEqual(listings);
    expect(searches).toEqual(['Corner']);
  });

  it('passes the trimmed search text to the directory', async () => {
    directory = { search: async () => [] };
    await lookup("  Joe's Pizza  ");
    expect(searches).toEqual(["Joe's Pizza"]);
  });

  it('answers 401 without a token', async () => {
    expectFailureEnvelope(await h.call('helpers/business-lookup', { business_name: 'anything' }), 401);
  });
});
