import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, forwardingCodes, systemMessages } from '#contract/schemas/system';
import { messages } from '#contract/messages';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import { addSystem, randomSandboxNumber, randomUkMobile, systemsPath } from '#tests/support/system-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = systemsPath;
type Step = { key: string; status: string; required: boolean; data: Record<string, unknown> };
const progress = (steps: Step[]) => Object.fromEntries(steps.map((step) => [step.key, step.status]));

describe('settings/{system_id}/get and set', () => {
  it('answers data.configurations.data.settings (defaults merged) and the system', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await addSystem(h, b, owner.token, 'mobile');
    const result = await h.call(path(b, `settings/${system._id}/get`), undefined, owner.token);
    expect(result.status).toBe(200);
    expect(Object.keys(result.body.data).sort()).toEqual(['configurations', 'system']);
    expect(result.body.data.configurations).toEqual({ data: { settings: DEFAULT_SETTINGS.mobile } });
    expect(result.body.data.system._id).toBe(system._id);
    expect(result.body.messages).toEqual([]);
  });

  it('set changes only the keys sent, in each accepted shape, and ignores unknown keys', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await addSystem(h, b, owner.token, 'telephony');
    const set = (body: unknown) => h.call(path(b, `settings/${system._id}/set`), body, owner.token);

    const first = await set({
      configurations: { data: { settings: { missed_call_text_back: false, transfer_number: '+442079460123' } } },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.messages).toEqual([systemMessages.settingsSaved]);
    expect(first.body.data.configurations.data.settings).toEqual({
      ...DEFAULT_SETTINGS.telephony,
      missed_call_text_back: false,
      transfer_number: '+442079460123',
    });
    expect(first.body.data.system.configurations).toEqual(first.body.data.configurations);

    const second = await set({
      configurations: { settings: { text_back_template: 'Sorry {first_name}, call you soon.' } },
    });
    const third = await set({ configurations: { record_calls: 'off', voicemail_when_closed: false, password: 'x' } });
    expect(second.body.data.configurations.data.settings.text_back_template).toBe('Sorry {first_name}, call you soon.');
    expect(third.body.data.configurations.data.settings).toEqual({
      ...DEFAULT_SETTINGS.telephony,
      missed_call_text_back: false,
      transfer_number: '+442079460123',
      text_back_template: 'Sorry {first_name}, call you soon.',
      record_calls: false,
      voicemail_when_closed: false,
    });
    expect(third.body.data.configurations.data.settings).not.toHaveProperty('password');

    // Cleared with null or an empty string.
    const cleared = await set({ configurations: { data: { settings: { transfer_number: '' } } } });
    expect(cleared.body.data.configurations.data.settings.transfer_number).toBeNull();

    const stored = await h.call(path(b, `settings/${system._id}/get`), undefined, owner.token);
    expect(stored.body.data.configurations).toEqual(cleared.body.data.configurations);
  });

  it('validates against the kind with field messages, and changes nothing then', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const phone = await addSystem(h, b, owner.token, 'telephony');
    const leads = await addSystem(h, b, owner.token, 'leadcatcher');
    const set = (id: string, settings: Record<string, unknown>) =>
      h.call(path(b, `settings/${id}/set`), { configurations: { data: { settings } } }, owner.token);

    expectFieldError(
      await set(phone._id, { text_back_template: ' ' }),
      'text_back_template',
      systemMessages.templateRequired,
    );
    const badPhone = await set(phone._id, { transfer_number: '0207946' });
    expect(badPhone.status).toBe(422);
    expect(badPhone.body.field_errors?.transfer_number).toEqual([messages.phone.invalid]);
    expectFieldError(
      await set(leads._id, { allowed_origins: ['example.com'] }),
      'allowed_origins[0]',
      systemMessages.originInvalid,
    );
    expectFieldError(await set(leads._id, { redirect_url: 'thanks' }), 'redirect_url', systemMessages.urlInvalid);
    expectFieldError(await set(leads._id, { follow_up: 'fax' }), 'follow_up', 'Follow up must be none, sms or email.');

    const ok = await set(leads._id, {
      allowed_origins: 'https://shop.example.com/, http://localhost:5173',
      follow_up: 'email',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.configurations.data.settings).toMatchObject({
      allowed_origins: ['https://shop.example.com', 'http://localhost:5173'],
      follow_up: 'email',
    });
    expect(
      (await h.call(path(b, `settings/${phone._id}/get`), undefined, owner.token)).body.data.configurations.data
        .settings,
    ).toEqual(DEFAULT_SETTINGS.telephony);
  });
});

describe('setup/{system_id} and setup/{system_id}/submit', () => {
  it('telephony: buying the number makes it active; try_it is optional', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await addSystem(h, b, owner.token, 'telephony');
    const setup = await h.call(path(b, `setup/${system._id}`), undefined, owner.token);
    expect(setup.status).toBe(200);
    expect(Object.keys(setup.body.data).sort()).toEqual(['setup_steps', 'system']);
    expect(setup.body.data.setup_steps).toEqual(system.setup_steps);
    expect(setup.body.data.setup_steps.map((step: Step) => [step.key, step.required])).toEqual([
      ['number', true],
      ['try_it', false],
    ]);

    const phone = randomSandboxNumber();
    const bought = await h.call(
      path(b, `setup/${system._id}/submit`),
      { step: 'number', values: { phone_number: phone } },
      owner.token,
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.messages).toEqual([systemMessages.numberPurchased(phone)]);
    expect(bought.body.data.system).toMatchObject({ phone_number: phone, status: 'active' });
    expect(progress(bought.body.data.setup_steps)).toEqual({ number: 'done', try_it: 'todo' });

    const tried = await h.call(path(b, `setup/${system._id}/submit`), { step: 'try_it' }, owner.token);
    expect(tried.body.messages).toEqual([systemMessages.stepSaved]);
    expect(progress(tried.body.data.setup_steps)).toEqual({ number: 'done', try_it: 'done' });

    const events = await h.call(path(b, `list-events/${system._id}`), undefined, owner.token);
    const names = events.body.data.events.map((event: { name: string }) => event.name);
    expect(names).toEqual(expect.arrayContaining(['system.created', 'number.purchased', 'setup.submitted']));
    expect(names.filter((name: string) => name === 'setup.submitted')).toHaveLength(2);
  });

  it('leadcatcher: the website step saves the sites and form name and makes it active; follow-up and install follow', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await addSystem(h, b, owner.token, 'leadcatcher');
    expect(system.status).toBe('requires_setup');
    const submit = (body: Record<string, unknown>) => h.call(path(b, `setup/${system._id}/submit`), body, owner.token);

    expectFieldError(
      await submit({ step: 'website', values: { allowed_origins: ['nope'] } }),
      'allowed_origins[0]',
      systemMessages.originInvalid,
    );
    const website = await submit({
      step: 'website',
      values: { allowed_origins: ['https://www.example.com'], form_name: 'Quote request' },
    });
    expect(website.status).toBe(200);
    expect(website.body.messages).toEqual([systemMessages.stepSaved]);
    expect(website.body.data.system.status).toBe('active');
    expect(website.body.data.system.configurations.data.settings).toMatchObject({
      allowed_origins: ['https://www.example.com'],
      form_name: 'Quote request',
    });
    const install = website.body.data.setup_steps.find((step: Step) => step.key === 'install');
    expect(install.data).toMatchObject({
      form: `http://app.test/api/v1/leadcatcher/${system._id}/form`,
      script_tag: expect.stringContaining(`http://app.test/api/v1/leadcatcher/${system._id}/embed.js`),
      html_form: expect.stringContaining('aria-label="Quote request"'),
    });

    // Values may also be sent beside the step.
    const followUp = await submit({ step: 'follow_up', follow_up: 'sms', follow_up_template: 'Hi {first_name}!' });
    expect(followUp.body.data.system.configurations.data.settings).toMatchObject({
      follow_up: 'sms',
      follow_up_template: 'Hi {first_name}!',
    });
    const installed = await submit({ step: 'install', values: {} });
    expect(progress(installed.body.data.setup_steps)).toEqual({ website: 'done', follow_up: 'done', install: 'done' });
  });

  it('mobile: mobile, number, forwarding codes, then the test call comes back forwarded and it is active', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await addSystem(h, b, owner.token, 'mobile');
    const submit = (step: string, values: Record<string, unknown> = {}) =>
      h.call(path(b, `setup/${system._id}/submit`), { step, values }, owner.token);

    const early = await submit('verify');
    expectFailureEnvelope(early, 422);
    expect(early.body.errors).toEqual([systemMessages.stepNotReady]);
    expect((await submit('forwarding')).body.errors).toEqual([systemMessages.stepNotReady]);
    expectFieldError(await submit('mobile', {}), 'mobile_number', messages.required);

    const mobile = randomUkMobile();
    const first = await submit('mobile', { mobile_number: mobile });
    expect(first.body.data.system.configurations.data.settings.mobile_number).toBe(mobile);
    const phone = randomSandboxNumber();
    const second = await submit('number', { phone_number: phone });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const forwarding = second.body.data.setup_steps.find((step: Step) => step.key === 'forwarding');
    expect(forwarding.data.codes).toEqual(forwardingCodes(phone));
    expect(forwarding.data.codes.map((code: { code: string }) => code.code)).toEqual([
      `**61*${phone}#`,
      `**67*${phone}#`,
      `**62*${phone}#`,
    ]);
    const third = await submit('forwarding');
    expect(progress(third.body.data.setup_steps)).toEqual({
      mobile: 'done',
      number: 'done',
      forwarding: 'done',
      verify: 'todo',
    });
    expect(third.body.data.system.status).toBe('requires_setup');

    const verified = await submit('verify');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.messages).toEqual([systemMessages.testCallStarted]);
    const verify = verified.body.data.setup_steps.find((step: Step) => step.key === 'verify');
    expect(verify).toMatchObject({
      status: 'done',
      data: { test_call_started_at: expect.any(String), verified_at: expect.any(String) },
    });
    expect(verified.body.data.system).toMatchObject({ status: 'active', status_label: 'active' });
    const seen = h.events.filter((event) => event.payload.id === system._id);
    expect(seen.at(-1)).toMatchObject({ event: 'SystemUpdated', payload: { id: verified.body.data.system._id } });

    const events = await h.call(path(b, `list-events/${system._id}`), undefined, owner.token);
    expect(events.body.data.events.find((event: { name: string }) => event.name === 'setup.test_call')).toMatchObject({
      outcome: 'ok',
      details: { to: mobile, from: phone },
    });

    // A different mobile has to set up forwarding again.
    const moved = await h.call(
      path(b, `settings/${system._id}/set`),
      { configurations: { data: { settings: { mobile_number: randomUkMobile() } } } },
      owner.token,
    );
    expect(moved.body.data.system.status).toBe('requires_setup');
    expect(progress(moved.body.data.system.setup_steps)).toEqual({
      mobile: 'done',
      number: 'done',
      forwarding: 'todo',
      verify: 'todo',
    });
  });

  it('refuses a step the kind does not have, and a second number', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await addSystem(h, b, owner.token, 'telephony');
    expectFieldError(
      await h.call(path(b, `setup/${system._id}/submit`), { step: 'website' }, owner.token),
      'step',
      systemMessages.stepUnknown,
    );
    expectFieldError(
      await h.call(path(b, `setup/${system._id}/submit`), {}, owner.token),
      'step',
      systemMessages.stepUnknown,
    );
    expectFieldError(
      await h.call(path(b, `setup/${system._id}/submit`), { step: 'number', values: {} }, owner.token),
      'phone_number',
      systemMessages.numberRequired,
    );
    await h.call(
      path(b, `setup/${system._id}/submit`),
      { step: 'number', values: { phone_number: randomSandboxNumber() } },
      owner.token,
    );
    expectFieldError(
      await h.call(
        path(b, `setup/${system._id}/submit`),
        { step: 'number', values: { phone_number: randomSandboxNumber() } },
        owner.token,
      ),
      'phone_number',
      systemMessages.alreadyHasNumber,
    );
  });
});
