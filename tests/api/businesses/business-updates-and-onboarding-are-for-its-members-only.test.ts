import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  E164_MESSAGE,
  expectFailureEnvelope,
  expectFieldError,
  expectFieldErrorStartingWith,
} from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function businessAsSeenBy(token: string, id: string) {
  const list = await h.call('users/list-businesses', undefined, token);
  return list.body.data.businesses.find((b: { _id: string }) => b._id === id);
}

describe('businesses/update/{business_id}', () => {
  it('lets the admin update the business', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(
      `businesses/update/${owner.business._id}`,
      { name: 'Renamed Ltd', telephones: ['+441632960000'], address: '2 Low Road', timezone: 'Europe/Dublin' },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['The business has been updated.']);
    expect(result.body.data.business).toMatchObject({
      _id: owner.business._id,
      name: 'Renamed Ltd',
      email: owner.business.email,
      telephones: ['+441632960000'],
      address: '2 Low Road',
      timezone: 'Europe/Dublin',
    });
    expect(await businessAsSeenBy(owner.token, owner.business._id)).toMatchObject({ name: 'Renamed Ltd' });
  });

  it('keeps the address when it is left out and clears it when it is sent empty', async () => {
    const owner = await h.signUpWithBusiness({ business: { address: '1 High Street' } });
    const id = owner.business._id;
    const kept = await h.call(`businesses/update/${id}`, { name: 'Still Here Ltd' }, owner.token);
    expect(kept.body.data.business.address).toBe('1 High Street');
    const cleared = await h.call(`businesses/update/${id}`, { address: '' }, owner.token);
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data.business.address).toBeNull();
  });

  it('validates what it is sent with the business messages', async () => {
    const owner = await h.signUpWithBusiness();
    const id = owner.business._id;
    expectFieldError(
      await h.call(`businesses/update/${id}`, { name: '' }, owner.token),
      'name',
      'Business name is required.',
    );
    expectFieldError(
      await h.call(`businesses/update/${id}`, { email: 'nope' }, owner.token),
      'email',
      'Business e-mail is not valid.',
    );
    expectFieldError(
      await h.call(`businesses/update/${id}`, { telephones: [] }, owner.token),
      'telephones',
      'At least one phone number is required.',
    );
    expectFieldErrorStartingWith(
      await h.call(`businesses/update/${id}`, { telephones: ['12345'] }, owner.token),
      'telephones[0]',
      E164_MESSAGE,
    );
    expectFieldError(
      await h.call(`businesses/update/${id}`, { timezone: 'Nowhere/Town' }, owner.token),
      'timezone',
      'Choose your timezone from the list: the city whose time you keep.',
    );
    expect(await businessAsSeenBy(owner.token, id)).toMatchObject({
      name: owner.business.name,
      email: owner.business.email,
    });
  });

  it('answers 404 to a user of another business, and the data stays unchanged', async () => {
    const owner = await h.signUpWithBusiness();
    const outsider = await h.signUpWithBusiness();
    const result = await h.call(`businesses/update/${owner.business._id}`, { name: 'Hijacked' }, outsider.token);
    expectFailureEnvelope(result, 404);
    expect(await businessAsSeenBy(owner.token, owner.business._id)).toMatchObject({ name: owner.business.name });
    // The outsider's own business is untouched too.
    expect(await businessAsSeenBy(outsider.token, outsider.business._id)).toMatchObject({
      name: outsider.business.name,
    });
  });

  it('answers 403 to a member without the edit permission', async () => {
    const owner = await h.signUpWithBusiness();
    const member = await h.signUp();
    await h.addMember(owner.business._id, member.user.id, ['customers/view']);
    const result = await h.call(`businesses/update/${owner.business._id}`, { name: 'Not allowed' }, member.token);
    expectFailureEnvelope(result, 403);
    expect(result.body.errors).toEqual(['You do not have permission to edit this business']);
    expect(await businessAsSeenBy(owner.token, owner.business._id)).toMatchObject({ name: owner.business.name });
  });

  it('answers 404 for a business that does not exist, and 401 without a token', async () => {
    const owner = await h.signUpWithBusiness();
    expectFailureEnvelope(await h.call('businesses/update/no-such-business', { name: 'x' }, owner.token), 404);
    expectFailureEnvelope(await h.call(`businesses/update/${owner.business._id}`, { name: 'x' }), 401);
  });
});

describe('businesses/onboard/{business_id}', () => {
  it('answers data.business with the onboarding state', async () => {
    const owner = await h.signUpWithBusiness({ finished: false });
    const result = await h.call(`businesses/onboard/${owner.business._id}`, undefined, owner.token);
    expect(result.status).toBe(200);
    expect(result.body.data.business).toMatchObject({
      _id: owner.business._id,
      wizard_finished: false,
      onboarding: { business_created: true, data_loaded: false, training_done: false, test_completed: false },
    });
  });

  it("records step 4 with { step: 'data-loader' } and step 5 with { step: 'training-questions' }", async () => {
    const owner = await h.signUpWithBusiness({ finished: false });
    const loaded = await h.call(`businesses/onboard/${owner.business._id}`, { step: 'data-loader' }, owner.token);
    expect(loaded.status).toBe(200);
    expect(loaded.body.data.business.onboarding).toMatchObject({ data_loaded: true, training_done: false });
    const trained = await h.call(
      `businesses/onboard/${owner.business._id}`,
      { step: 'training-questions' },
      owner.token,
    );
    expect(trained.body.data.business.onboarding).toMatchObject({ data_loaded: true, training_done: true });
    const again = await h.call(`businesses/onboard/${owner.business._id}`, {}, owner.token);
    expect(again.body.data.business.onboarding).toMatchObject({ data_loaded: true, training_done: true });
  });

  it('refuses an unknown step', async () => {
    const owner = await h.signUpWithBusiness({ finished: false });
    const result = await h.call(`businesses/onboard/${owner.business._id}`, { step: 'test-ella' }, owner.token);
    expectFailureEnvelope(result, 422);
    expect(result.body.field_errors).toHaveProperty('step');
  });

  it('answers 403 to a member without businesses/edit and records nothing', async () => {
    const owner = await h.signUpWithBusiness({ finished: false });
    const viewer = await h.signUp();
    await h.addMember(owner.business._id, viewer.user.id, ['customers/view', 'business_users/view', 'memories/edit']);
    for (const body of [{ step: 'data-loader' }, { step: 'training-questions' }, undefined]) {
      const result = await h.call(`businesses/onboard/${owner.business._id}`, body, viewer.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors).toEqual(['You do not have permission to edit this business']);
    }
    const state = await h.call(`businesses/onboard/${owner.business._id}`, undefined, owner.token);
    expect(state.body.data.business.onboarding).toMatchObject({ data_loaded: false, training_done: false });
  });

  it('answers 404 to an outsider and records nothing', async () => {
    const owner = await h.signUpWithBusiness({ finished: false });
    const outsider = await h.signUpWithBusiness();
    expectFailureEnvelope(
      await h.call(`businesses/onboard/${owner.business._id}`, { step: 'data-loader' }, outsider.token),
      404,
    );
    const state = await h.call(`businesses/onboard/${owner.business._id}`, undefined, owner.token);
    expect(state.body.data.business.onboarding.data_loaded).toBe(false);
  });
});

describe('businesses/completed-test/{business_id}', () => {
  it('finishes the wizard: wizard_finished becomes true', async () => {
    const owner = await h.signUpWithBusiness({ finished: false });
    const result = await h.call(`businesses/completed-test/${owner.business._id}`, undefined, owner.token);
    expect(result.status).toBe(200);
    expect(result.body.messages).toEqual(['Your assistant is ready.']);
    expect(result.body.data.business).toMatchObject({ wizard_finished: true, onboarding: { test_completed: true } });
    expect(typeof result.body.data.business.completed_test_at).toBe('string');
    expect(await businessAsSeenBy(owner.token, owner.business._id)).toMatchObject({ wizard_finished: true });

    const again = await h.call(`businesses/completed-test/${owner.business._id}`, undefined, owner.token);
    expect(again.body.data.business.completed_test_at).toBe(result.body.data.business.completed_test_at);
  });

  it('answers 403 to a member without businesses/edit and leaves the wizard unfinished', async () => {
    const owner = await h.signUpWithBusiness({ finished: false });
    const viewer = await h.signUp();
    await h.addMember(owner.business._id, viewer.user.id, ['customers/view', 'customers/edit']);
    const result = await h.call(`businesses/completed-test/${owner.business._id}`, undefined, viewer.token);
    expectFailureEnvelope(result, 403);
    expect(result.body.errors).toEqual(['You do not have permission to edit this business']);
    expect(await businessAsSeenBy(owner.token, owner.business._id)).toMatchObject({
      wizard_finished: false,
      completed_test_at: null,
    });
  });

  it('lets a member with businesses/edit finish the wizard', async () => {
    const owner = await h.signUpWithBusiness({ finished: false });
    const editor = await h.signUp();
    await h.addMember(owner.business._id, editor.user.id, ['businesses/edit']);
    expect(
      (await h.call(`businesses/onboard/${owner.business._id}`, { step: 'data-loader' }, editor.token)).status,
    ).toBe(200);
    expect((await h.call(`businesses/completed-test/${owner.business._id}`, undefined, editor.token)).status).toBe(200);
  });

  it('answers 404 to an outsider and leaves the wizard unfinished', async () => {
    const owner = await h.signUpWithBusiness({ finished: false });
    const outsider = await h.signUpWithBusiness();
    expectFailureEnvelope(
      await h.call(`businesses/completed-test/${owner.business._id}`, undefined, outsider.token),
      404,
    );
    expect(await businessAsSeenBy(owner.token, owner.business._id)).toMatchObject({ wizard_finished: false });
  });
});
