import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, systemMessages } from '#contract/schemas/system';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import { addSystem, systemsPath, telephonySystem } from '#tests/support/system-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = systemsPath;
const eventsFor = (id: string) => h.events.filter((event) => event.payload.id === id);
const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe('businesses/systems/{business_id}/create, list and get', () => {
  it('creates each kind with its label, requires-setup status, default settings and setup steps', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const created = await h.call(path(b, 'create'), { name: 'telephony' }, owner.token);
    expect(created.status).toBe(200);
    expect(created.body.messages).toEqual([systemMessages.created]);
    const system = created.body.data.system;
    expect(Object.keys(system).sort()).toEqual(
      [
        '_id',
        'configurations',
        'created_at',
        'deleted_at',
        'label',
        'name',
        'phone_number',
        'provider',
        'setup_steps',
        'status',
        'status_label',
        'updated_at',
      ].sort(),
    );
    expect(system).toMatchObject({
      name: 'telephony',
      label: 'Business phone number',
      status: 'requires_setup',
      status_label: 'requires setup',
      phone_number: null,
      provider: 'sandbox',
      configurations: { data: { settings: DEFAULT_SETTINGS.telephony } },
      created_at: isoDate,
      deleted_at: null,
    });
    expect(system.setup_steps.map((step: { key: string; status: string }) => [step.key, step.status])).toEqual([
      ['number', 'todo'],
      ['try_it', 'todo'],
    ]);

    const leadcatcher = await addSystem(h, b, owner.token, 'leadcatcher');
    expect(leadcatcher.setup_steps.map((step) => step.key)).toEqual(['website', 'follow_up', 'install']);
    expect(leadcatcher.configurations.data.settings).toEqual(DEFAULT_SETTINGS.leadcatcher);
    const mobile = await addSystem(h, b, owner.token, 'mobile');
    expect(mobile.setup_steps.map((step) => step.key)).toEqual(['mobile', 'number', 'forwarding', 'verify']);

    const list = await h.call(path(b, 'list'), undefined, owner.token);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.systems.map((item: { _id: string }) => item._id)).toEqual([
      mobile._id,
      leadcatcher._id,
      system._id,
    ]);
    expect(list.body.messages).toEqual([]);

    const one = await h.call(path(b, `get/${system._id}`), undefined, owner.token);
    expect(one.status).toBe(200);
    expect(one.body.data.system).toEqual(system);
  });

  it('refuses a missing or unknown kind with the field messages', async () => {
    const owner = await h.signUpWithBusiness();
    expectFieldError(
      await h.call(path(owner.business._id, 'create'), {}, owner.token),
      'name',
      systemMessages.nameRequired,
    );
    expectFieldError(
      await h.call(path(owner.business._id, 'create'), { name: 'fax' }, owner.token),
      'name',
      systemMessages.nameInvalid,
    );
  });

  it('answers 404 for a system id that does not exist', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(path(owner.business._id, 'get/nope'), undefined, owner.token);
    expectFailureEnvelope(result, 404);
    expect(result.body.errors).toEqual(['The system was not found.']);
  });
});

describe('update, delete and restore', () => {
  it('update changes only the settings sent; delete hides the system and restore brings it back with its number', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await telephonySystem(h, b, owner.token);
    expect(system.status).toBe('active');

    const updated = await h.call(path(b, `update/${system._id}`), { settings: { record_calls: false } }, owner.token);
    expect(updated.status).toBe(200);
    expect(updated.body.messages).toEqual([systemMessages.updated]);
    expect(updated.body.data.system.configurations.data.settings).toEqual({
      ...DEFAULT_SETTINGS.telephony,
      record_calls: false,
    });

    const deleted = await h.call(path(b, `delete/${system._id}`), undefined, owner.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.messages).toEqual([systemMessages.deleted]);
    expect(deleted.body.data.system.deleted_at).toEqual(isoDate);
    expect((await h.call(path(b, 'list'), undefined, owner.token)).body.data.total).toBe(0);
    expectFailureEnvelope(await h.call(path(b, `get/${system._id}`), undefined, owner.token), 404);
    // Deleting twice: it is no longer there to delete.
    expectFailureEnvelope(await h.call(path(b, `delete/${system._id}`), undefined, owner.token), 404);

    const restored = await h.call(path(b, `restore/${system._id}`), undefined, owner.token);
    expect(restored.status).toBe(200);
    expect(restored.body.messages).toEqual([systemMessages.restored]);
    expect(restored.body.data.system).toMatchObject({
      deleted_at: null,
      phone_number: system.phone_number,
      status: 'active',
    });
    expect(restored.body.data.system.configurations.data.settings.record_calls).toBe(false);
    expect((await h.call(path(b, 'list'), undefined, owner.token)).body.data.total).toBe(1);
  });

  it('publishes SystemCreated, SystemUpdated and SystemDeleted with the record on the business channel', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await addSystem(h, b, owner.token, 'leadcatcher');
    expect(eventsFor(system._id)).toEqual([
      { channels: [`private-business.${b}`], event: 'SystemCreated', payload: { id: system._id } },
    ]);
    const updated = await h.call(
      path(b, `settings/${system._id}/set`),
      { configurations: { data: { settings: { form_name: 'Quote request' } } } },
      owner.token,
    );
    await h.call(path(b, `delete/${system._id}`), undefined, owner.token);
    await h.call(path(b, `restore/${system._id}`), undefined, owner.token);
    const seen = eventsFor(system._id);
    expect(seen.map((event) => event.event)).toEqual([
      'SystemCreated',
      'SystemUpdated',
      'SystemDeleted',
      'SystemCreated',
    ]);
    expect(seen[1].payload).toEqual({ id: updated.body.data.system._id });
    expect(seen[1].channels).toEqual([`private-business.${b}`]);
  });
});

describe('list-events/{system_id}', () => {
  it('lists every action newest first, with paging', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await addSystem(h, b, owner.token, 'telephony');
    h.clock.offsetMs += 1000;
    await h.call(
      path(b, `settings/${system._id}/set`),
      { configurations: { data: { settings: { sms_auto_reply: false } } } },
      owner.token,
    );
    h.clock.offsetMs += 1000;
    const result = await h.call(path(b, `list-events/${system._id}`), undefined, owner.token);
    expect(result.status).toBe(200);
    expect(result.body.data.events.map((event: { name: string }) => event.name)).toEqual([
      'settings.changed',
      'system.created',
    ]);
    expect(result.body.data).toMatchObject({ total: 2, page: 0, limit: 50 });
    expect(result.body.data.events[0]).toEqual({
      _id: expect.any(String),
      system_id: system._id,
      kind: 'action',
      name: 'settings.changed',
      outcome: 'ok',
      error: null,
      details: { keys: ['sms_auto_reply'], by: owner.user.id },
      created_at: isoDate,
    });
    const second = await h.call(path(b, `list-events/${system._id}`), { page: 1, limit: 1 }, owner.token);
    expect(second.body.data.events.map((event: { name: string }) => event.name)).toEqual(['system.created']);
  });
});

describe('permissions and tenant isolation', () => {
  it("refuses a member without systems/view with the spec's message, and one without systems/edit every write", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await addSystem(h, b, owner.token, 'telephony');
    const bare = await h.signUp();
    await h.addMember(b, bare.user.id, ['customers/view']);
    for (const action of [
      'list',
      `get/${system._id}`,
      `setup/${system._id}`,
      `settings/${system._id}/get`,
      `list-events/${system._id}`,
      `settings/${system._id}/list-available-numbers`,
    ]) {
      const result = await h.call(path(b, action), undefined, bare.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors, action).toEqual([systemMessages.viewRefusal]);
    }
    expect(systemMessages.viewRefusal).toBe('You do not have permission to view systems');

    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['systems/view']);
    expect((await h.call(path(b, 'list'), undefined, viewer.token)).status).toBe(200);
    expect((await h.call(path(b, `settings/${system._id}/get`), undefined, viewer.token)).status).toBe(200);
    const writes: [string, unknown][] = [
      ['create', { name: 'mobile' }],
      [`update/${system._id}`, { settings: { record_calls: false } }],
      [`delete/${system._id}`, undefined],
      [`restore/${system._id}`, undefined],
      [`setup/${system._id}/submit`, { step: 'try_it' }],
      [`settings/${system._id}/set`, { configurations: { data: { settings: { record_calls: false } } } }],
      [`settings/${system._id}/make-a-call`, { to: '+442071234567', agent_number: '+447700900123' }],
      [`settings/${system._id}/send-a-message`, { to: '+442071234567', message: 'Hi' }],
    ];
    for (const [action, body] of writes) {
      const result = await h.call(path(b, action), body, viewer.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors, action).toEqual([systemMessages.editRefusal]);
    }
    const purchase = await h.call(`businesses/purchase-number/${b}`, { phone_number: '+14155550123' }, viewer.token);
    expectFailureEnvelope(purchase, 403);
    expect(purchase.body.errors).toEqual([systemMessages.editRefusal]);

    // Nothing changed.
    const after = await h.call(path(b, `get/${system._id}`), undefined, owner.token);
    expect(after.body.data.system.configurations.data.settings.record_calls).toBe(true);
    expect(after.body.data.system.deleted_at).toBeNull();
  });

  it("answers 404 to another business's member for every call, and leaves the system as it was", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await telephonySystem(h, b, owner.token);
    const outsider = await h.signUpWithBusiness();
    const o = outsider.business._id;
    const calls: [string, unknown][] = [
      ['list', undefined],
      [`get/${system._id}`, undefined],
      [`update/${system._id}`, { settings: { record_calls: false } }],
      [`delete/${system._id}`, undefined],
      [`restore/${system._id}`, undefined],
      [`list-events/${system._id}`, undefined],
      [`setup/${system._id}`, undefined],
      [`setup/${system._id}/submit`, { step: 'try_it' }],
      [`settings/${system._id}/get`, undefined],
      [`settings/${system._id}/set`, { configurations: { data: { settings: { record_calls: false } } } }],
      [`settings/${system._id}/list-available-numbers`, undefined],
      [`settings/${system._id}/make-a-call`, { to: '+442071234567', agent_number: '+447700900123' }],
      [`settings/${system._id}/send-a-message`, { to: '+442071234567', message: 'Hi' }],
    ];
    for (const [action, body] of calls) {
      // In the owner's business (not a member) and in their own business (naming this one's system).
      const there = await h.call(path(b, action), body, outsider.token);
      expectFailureEnvelope(there, 404);
      if (action !== 'list') {
        const here = await h.call(path(o, action), body, outsider.token);
        expectFailureEnvelope(here, 404);
        expect(here.body.errors, action).toEqual(['The system was not found.']);
      }
    }
    expectFailureEnvelope(
      await h.call(`businesses/purchase-number/${b}`, { phone_number: '+14155550123' }, outsider.token),
      404,
    );
    const purchase = await h.call(
      `businesses/purchase-number/${o}`,
      { phone_number: '+14155550123', system_id: system._id },
      outsider.token,
    );
    expectFailureEnvelope(purchase, 404);

    const after = await h.call(path(b, `get/${system._id}`), undefined, owner.token);
    expect(after.body.data.system).toMatchObject({
      deleted_at: null,
      phone_number: system.phone_number,
      status: 'active',
    });
    expect(after.body.data.system.configurations.data.settings.record_calls).toBe(true);
    const events = await h.call(path(b, `list-events/${system._id}`), undefined, owner.token);
    expect(events.body.data.events.map((event: { name: string }) => event.name).sort()).toEqual([
      'number.purchased',
      'system.created',
    ]);
    expect((await h.call(`businesses/smses/${b}/list`, undefined, owner.token)).body.data.total).toBe(0);
    expect((await h.call(`businesses/calls/${b}/list`, undefined, owner.token)).body.data.total).toBe(0);
  });

  it('needs a signed-in caller', async () => {
    const owner = await h.signUpWithBusiness();
    expectFailureEnvelope(await h.call(path(owner.business._id, 'list')), 401);
  });
});
