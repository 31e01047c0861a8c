import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemMessages } from '#contract/schemas/system';
import { TelephonyError } from '#api/services/telephony/provider';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import { addSystem, buyNumber, randomSandboxNumber, systemsPath, withProvider } from '#tests/support/system-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = systemsPath;

describe('settings/{system_id}/list-available-numbers', () => {
  it("searches the business's country by default, and by country, area code and digits", async () => {
    const owner = await h.signUpWithBusiness({ business: { country: 'GB' } });
    const b = owner.business._id;
    const system = await addSystem(h, b, owner.token, 'telephony');

    const byDefault = await h.call(path(b, `settings/${system._id}/list-available-numbers`), undefined, owner.token);
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.messages).toEqual([]);
    const numbers = byDefault.body.data.available_numbers;
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers[0]).toEqual({
      phone_number: expect.stringMatching(/^\+44/),
      friendly_name: expect.any(String),
      locality: null,
      region: 'Mobile',
      country: 'GB',
      capabilities: { voice: true, sms: true },
    });

    const london = await h.call(
      path(b, `settings/${system._id}/list-available-numbers`),
      { country: 'gb', area_code: '020' },
      owner.token,
    );
    expect(
      london.body.data.available_numbers.every(
        (number: { phone_number: string; locality: string }) =>
          number.phone_number.startsWith('+44207946') && number.locality === 'London',
      ),
    ).toBe(true);

    const us = await h.call(
      path(b, `settings/${system._id}/list-available-numbers`),
      { country: 'US', area_code: 512, contains: '5550142' },
      owner.token,
    );
    expect(us.body.data.available_numbers.map((number: { phone_number: string }) => number.phone_number)).toEqual([
      '+15125550142',
    ]);
  });

  it('answers an empty list with a hint when there are none, and validates the search', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await addSystem(h, b, owner.token, 'mobile');
    const none = await h.call(
      path(b, `settings/${system._id}/list-available-numbers`),
      { country: 'GB', area_code: '999' },
      owner.token,
    );
    expect(none.status).toBe(200);
    expect(none.body.data.available_numbers).toEqual([]);
    expect(none.body.messages).toEqual([systemMessages.noNumbers]);

    expectFieldError(
      await h.call(
        path(b, `settings/${system._id}/list-available-numbers`),
        { country: 'GB', area_code: '20a' },
        owner.token,
      ),
      'area_code',
      systemMessages.areaCodeInvalid,
    );
    expectFieldError(
      await h.call(path(b, `settings/${system._id}/list-available-numbers`), { country: 'Britain' }, owner.token),
      'country',
      systemMessages.countryRequired,
    );

    const leadcatcher = await addSystem(h, b, owner.token, 'leadcatcher');
    const refused = await h.call(path(b, `settings/${leadcatcher._id}/list-available-numbers`), undefined, owner.token);
    expectFailureEnvelope(refused, 422);
    expect(refused.body.errors).toEqual([systemMessages.notAPhoneSystem]);
  });

  it('leaves out numbers a live system already has', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const bought = await buyNumber(h, b, owner.token);
    const system = await addSystem(h, b, owner.token, 'telephony');
    const search = (contains: string) =>
      h.call(
        path(b, `settings/${system._id}/list-available-numbers`),
        { country: 'US', area_code: bought.phone_number!.slice(2, 5), contains },
        owner.token,
      );
    const gone = await search(bought.phone_number!.slice(2));
    expect(gone.body.data.available_numbers).toEqual([]);
    expect(gone.body.messages).toEqual([systemMessages.noNumbers]);
    const area = await search(bought.phone_number!.slice(1, 9));
    expect(area.body.data.available_numbers.length).toBeGreaterThan(0);
    expect(
      area.body.data.available_numbers.map((number: { phone_number: string }) => number.phone_number),
    ).not.toContain(bought.phone_number);
  });
});

describe('businesses/purchase-number/{business_id}', () => {
  it('without system_id buys for a new telephony system, which is active at once', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const phone = randomSandboxNumber();
    const result = await h.call(`businesses/purchase-number/${b}`, { phone_number: phone }, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual([systemMessages.numberPurchased(phone)]);
    expect(result.body.data.phone_number).toBe(phone);
    expect(result.body.data.system).toMatchObject({
      name: 'telephony',
      phone_number: phone,
      provider: 'sandbox',
      status: 'active',
      status_label: 'active',
    });
    expect(result.body.data.system.setup_steps[0]).toMatchObject({
      key: 'number',
      status: 'done',
      data: { phone_number: phone },
    });
    const created = h.events.filter((event) => event.payload.id === result.body.data.system._id);
    expect(created.map((event) => event.event)).toEqual(['SystemCreated']);
    expect(created[0].payload).toEqual({ id: result.body.data.system._id });
    const events = await h.call(path(b, `list-events/${result.body.data.system._id}`), undefined, owner.token);
    const purchase = events.body.data.events.find((event: { name: string }) => event.name === 'number.purchased');
    expect(purchase).toMatchObject({
      kind: 'action',
      outcome: 'ok',
      details: { phone_number: phone, provider: 'sandbox', provider_ref: expect.stringMatching(/^PN-sandbox-/) },
    });
  });

  it('takes the number as people type it, spaced or with the 00 prefix, and buys it in E.164', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const first = randomSandboxNumber();
    const spaced = `+1 (${first.slice(2, 5)}) ${first.slice(5, 8)}-${first.slice(8)}`;
    const bought = await h.call(`businesses/purchase-number/${b}`, { phone_number: spaced }, owner.token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.data.phone_number).toBe(first);
    // The business is in GB, where 00 starts an international number.
    const second = randomSandboxNumber();
    const prefixed = `00 1 ${second.slice(2, 5)} ${second.slice(5, 8)} ${second.slice(8)}`;
    const again = await h.call(`businesses/purchase-number/${b}`, { phone_number: prefixed }, owner.token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.phone_number).toBe(second);
  });

  it('uses a telephony system still without a number, or the system named', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const waiting = await addSystem(h, b, owner.token, 'telephony');
    const first = await h.call(`businesses/purchase-number/${b}`, { phone_number: randomSandboxNumber() }, owner.token);
    expect(first.body.data.system._id).toBe(waiting._id);
    expect(h.events.filter((event) => event.payload.id === waiting._id).map((event) => event.event)).toEqual([
      'SystemCreated',
      'SystemUpdated',
    ]);

    const mobile = await addSystem(h, b, owner.token, 'mobile');
    const phone = randomSandboxNumber();
    const second = await h.call(
      `businesses/purchase-number/${b}`,
      { phone_number: phone, system_id: mobile._id },
      owner.token,
    );
    expect(second.status).toBe(200);
    expect(second.body.data.system).toMatchObject({ _id: mobile._id, phone_number: phone, status: 'requires_setup' });
    expect((await h.call(path(b, 'list'), undefined, owner.token)).body.data.total).toBe(2);
  });

  it('sells a number once: another system of any business gets numberTaken, and nothing is created', async () => {
    const owner = await h.signUpWithBusiness();
    const bought = await buyNumber(h, owner.business._id, owner.token);
    const other = await h.signUpWithBusiness();
    const o = other.business._id;
    expectFieldError(
      await h.call(`businesses/purchase-number/${o}`, { phone_number: bought.phone_number }, other.token),
      'phone_number',
      systemMessages.numberTaken,
    );
    expect((await h.call(path(o, 'list'), undefined, other.token)).body.data.total).toBe(0);
    const system = await addSystem(h, o, other.token, 'telephony');
    const taken = await h.call(
      path(o, `setup/${system._id}/submit`),
      { step: 'number', values: { phone_number: bought.phone_number } },
      other.token,
    );
    expectFieldError(taken, 'phone_number', systemMessages.numberTaken);
    expect(
      (await h.call(path(o, `get/${system._id}`), undefined, other.token)).body.data.system.phone_number,
    ).toBeNull();
  });

  it('the database index keeps a number unique even when the provider sold it twice', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const first = await buyNumber(h, b, owner.token);
    const system = await addSystem(h, b, owner.token, 'telephony');
    // A provider that "sells" whatever is asked (the pre-check is skipped by racing it).
    let released: string | null = null;
    const result = await withProvider(
      h,
      {
        purchaseNumber: async () => ({ phoneNumber: first.phone_number!, providerRef: 'PN-race' }),
        releaseNumber: async (ref) => void (released = ref),
      },
      () =>
        h.call(
          `businesses/purchase-number/${b}`,
          { phone_number: randomSandboxNumber(), system_id: system._id },
          owner.token,
        ),
    );
    expectFieldError(result, 'phone_number', systemMessages.numberTaken);
    expect(released).toBe('PN-race');
    expect(
      (await h.call(path(b, `get/${system._id}`), undefined, owner.token)).body.data.system.phone_number,
    ).toBeNull();
  });

  it('maps provider refusals: a number gone is 422 numberTaken, any other failure 502 with its message', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    // Not in the sandbox's fictional ranges: the sandbox says it is unavailable.
    expectFieldError(
      await h.call(`businesses/purchase-number/${b}`, { phone_number: '+442071234567' }, owner.token),
      'phone_number',
      systemMessages.numberTaken,
    );
    const system = await addSystem(h, b, owner.token, 'telephony');
    const failed = await withProvider(
      h,
      { purchaseNumber: async () => Promise.reject(new TelephonyError('Twilio could not be reached.')) },
      () =>
        h.call(
          `businesses/purchase-number/${b}`,
          { phone_number: randomSandboxNumber(), system_id: system._id },
          owner.token,
        ),
    );
    expectFailureEnvelope(failed, 502);
    expect(failed.body.errors).toEqual(['Twilio could not be reached.']);
    const events = await h.call(path(b, `list-events/${system._id}`), undefined, owner.token);
    expect(events.body.data.events.find((event: { outcome: string }) => event.outcome === 'failed')).toMatchObject({
      name: 'number.purchased',
      error: 'Twilio could not be reached.',
    });
  });

  it('validates the number and refuses lead catchers and systems that already have one', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    expectFieldError(
      await h.call(`businesses/purchase-number/${b}`, {}, owner.token),
      'phone_number',
      systemMessages.numberRequired,
    );
    const invalid = await h.call(`businesses/purchase-number/${b}`, { phone_number: '0207 123' }, owner.token);
    expect(invalid.status).toBe(422);
    expect(invalid.body.field_errors?.phone_number?.[0]).toMatch(
      /^Phone numbers must be in international format, E.164 format/,
    );

    const leadcatcher = await addSystem(h, b, owner.token, 'leadcatcher');
    expectFieldError(
      await h.call(
        `businesses/purchase-number/${b}`,
        { phone_number: randomSandboxNumber(), system_id: leadcatcher._id },
        owner.token,
      ),
      'phone_number',
      systemMessages.notAPhoneSystem,
    );
    const bought = await buyNumber(h, b, owner.token);
    expectFieldError(
      await h.call(
        `businesses/purchase-number/${b}`,
        { phone_number: randomSandboxNumber(), system_id: bought._id },
        owner.token,
      ),
      'phone_number',
      systemMessages.alreadyHasNumber,
    );
    expectFailureEnvelope(
      await h.call(
        `businesses/purchase-number/${b}`,
        { phone_number: randomSandboxNumber(), system_id: 'nope' },
        owner.token,
      ),
      404,
    );
  });

  it('a deleted system keeps its number; restored after someone else took it, it comes back without one', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await buyNumber(h, b, owner.token);
    await h.call(path(b, `delete/${system._id}`), undefined, owner.token);
    const other = await h.signUpWithBusiness();
    const taken = await h.call(
      `businesses/purchase-number/${other.business._id}`,
      { phone_number: system.phone_number },
      other.token,
    );
    expect(taken.status).toBe(200);
    const restored = await h.call(path(b, `restore/${system._id}`), undefined, owner.token);
    expect(restored.status).toBe(200);
    expect(restored.body.data.system).toMatchObject({ phone_number: null, status: 'requires_setup', deleted_at: null });
    const events = await h.call(path(b, `list-events/${system._id}`), undefined, owner.token);
    expect(events.body.data.events.find((event: { name: string }) => event.name === 'system.restored')).toMatchObject({
      details: { lost_number: system.phone_number },
    });
  });
});
