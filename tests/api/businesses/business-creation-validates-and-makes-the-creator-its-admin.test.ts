import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  E164_MESSAGE,
  expectFailureEnvelope,
  expectFieldError,
  expectFieldErrorStartingWith,
} from '#tests/support/expect-envelope';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await createHarness();
  token = (await h.signUp()).token;
});
afterAll(() => h.close());

const create = (body: Record<string, unknown>, as = token) => h.call('businesses/create', body, as);

describe('businesses/create', () => {
  it('answers data.business with its fields', async () => {
    const input = h.businessInput({ telephones: ['+442071234567', '+14155552671'], address: '1 High Street, London' });
    const result = await create(input);

    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual([`${input.name} has been created.`]);
    const business = result.body.data.business;
    expect(business).toMatchObject({
      name: input.name,
      email: input.email,
      country: 'GB',
      telephones: ['+442071234567', '+14155552671'],
      address: '1 High Street, London',
      timezone: 'Europe/London',
      wizard_finished: false,
      completed_test_at: null,
      onboarding: { business_created: true, data_loaded: false, training_done: false, test_completed: false },
    });
    expect(typeof business._id).toBe('string');
    expect(business._id.length).toBeGreaterThan(0);
  });

  it('makes the creator its admin: users/list-businesses returns it with permissions ["admin"]', async () => {
    const account = await h.signUp();
    expect((await h.call('users/list-businesses', undefined, account.token)).body.data.businesses).toEqual([]);
    const created = await create(h.businessInput(), account.token);

    const list = await h.call('users/list-businesses', undefined, account.token);
    expect(list.status).toBe(200);
    expect(list.body.data.businesses).toHaveLength(1);
    expect(list.body.data.businesses[0]).toMatchObject({
      _id: created.body.data.business._id,
      name: created.body.data.business.name,
      permissions: ['admin'],
    });
  });

  it("lists only the caller's own businesses", async () => {
    const alice = await h.signUpWithBusiness();
    const bob = await h.signUpWithBusiness();
    const list = await h.call('users/list-businesses', undefined, alice.token);
    const ids = list.body.data.businesses.map((b: { _id: string }) => b._id);
    expect(ids).toEqual([alice.business._id]);
    expect(ids).not.toContain(bob.business._id);
  });

  it('says every required message for an empty business', async () => {
    const result = await create({});
    expectFailureEnvelope(result, 422);
    expect(result.body.field_errors).toEqual({
      name: ['Business name is required.'],
      email: ['Business email is required.'],
      country: ['Country is required.'],
      telephones: ['At least one phone number is required.'],
    });
  });

  it('says "Business name is required." for a blank name', async () => {
    expectFieldError(await create(h.businessInput({ name: '  ' })), 'name', 'Business name is required.');
  });

  it('says "Business email is required." and "Business e-mail is not valid."', async () => {
    expectFieldError(await create(h.businessInput({ email: '' })), 'email', 'Business email is required.');
    expectFieldError(
      await create(h.businessInput({ email: 'shop at example.com' })),
      'email',
      'Business e-mail is not valid.',
    );
  });

  it('says "Country is required." for an empty country', async () => {
    expectFieldError(await create(h.businessInput({ country: '' })), 'country', 'Country is required.');
  });

  it('says "At least one phone number is required." for an empty list', async () => {
    expectFieldError(
      await create(h.businessInput({ telephones: [] })),
      'telephones',
      'At least one phone number is required.',
    );
  });

  it('says the E.164 message for each telephone not in international format', async () => {
    const first = await create(h.businessInput({ telephones: ['12345'] }));
    expectFieldErrorStartingWith(first, 'telephones[0]', E164_MESSAGE);
    const second = await create(h.businessInput({ telephones: ['+442071234567', '+44 12'] }));
    expectFieldErrorStartingWith(second, 'telephones[1]', E164_MESSAGE);
    expect(second.body.field_errors).not.toHaveProperty('telephones[0]');
  });

  it('defaults the timezone from the country', async () => {
    const gb = await create(h.businessInput({ country: 'GB' }));
    expect(gb.body.data.business.timezone).toBe('Europe/London');
    const fr = await create(h.businessInput({ country: 'fr' }));
    expect(fr.body.data.business).toMatchObject({ country: 'FR', timezone: 'Europe/Paris' });
  });

  it('keeps an explicit valid timezone, and refuses an invalid one', async () => {
    const kept = await create(h.businessInput({ country: 'GB', timezone: 'America/New_York' }));
    expect(kept.status).toBe(200);
    expect(kept.body.data.business.timezone).toBe('America/New_York');
    expectFieldError(
      await create(h.businessInput({ timezone: 'Mars/Olympus_Mons' })),
      'timezone',
      'Choose your timezone from the list: the city whose time you keep.',
    );
  });

  it('refuses an unknown country', async () => {
    expectFieldError(await create(h.businessInput({ country: 'ZZ' })), 'country', 'Country is not valid.');
  });

  it('answers 401 without a token', async () => {
    expectFailureEnvelope(await h.call('businesses/create', h.businessInput()), 401);
    expectFailureEnvelope(await h.call('users/list-businesses'), 401);
  });
});
