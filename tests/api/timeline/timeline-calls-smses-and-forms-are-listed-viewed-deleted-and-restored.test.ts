import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_CALLS_LIMIT, RECENT_CALLS_WINDOW_MS } from '#contract/constants';
import { ApiError } from '#api/lib/errors';
import { updateCall, updateSms } from '#api/features/timeline/service';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';
import { businessEvents, call, form, insertCustomer, sms } from '#tests/support/timeline-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const KINDS = [
  { type: 'call', many: 'calls', one: 'call', entity: 'Call', noun: 'Call', make: call },
  { type: 'sms', many: 'smses', one: 'sms', entity: 'Sms', noun: 'SMS', make: sms },
  { type: 'form', many: 'forms', one: 'form', entity: 'Form', noun: 'Form', make: form },
] as const;

describe('a call recorded by the system', () => {
  it("has the timeline item shape, with the contact found by the caller's number embedded", async () => {
    const owner = await h.signUpWithBusiness();
    const customer = await insertCustomer(h, owner.business._id, {
      firstName: 'Grace',
      lastName: 'Hopper',
      phones: ['+447700900123'],
    });
    const item = await call(h, owner.business._id, {
      from: '+447700900123',
      status: 'voicemail',
      details: {
        duration_seconds: 42,
        transcript: 'Hello, please call me back.',
        summary: 'Wants a call back',
        recording: true,
      },
    });
    expect(item).toEqual({
      _id: expect.any(String),
      type: 'call',
      direction: 'inbound',
      status: 'voicemail',
      from: '+447700900123',
      to: '+442071234567',
      customer_id: customer.id,
      customer: { _id: customer.id, name: 'Grace Hopper' },
      phones_found: [],
      body: null,
      reminder: null,
      repeated: false,
      repeat: null,
      completed_at: null,
      internal: false,
      details: {
        duration_seconds: 42,
        transcript: 'Hello, please call me back.',
        summary: 'Wants a call back',
        recording: true,
      },
      assigned_to: null,
      created_by: null,
      sort_at: expect.stringMatching(ISO),
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
      deleted_at: null,
    });
    const fetched = await h.call(`businesses/calls/${owner.business._id}/get/${item._id}`, undefined, owner.token);
    expect(fetched.status).toBe(200);
    expect(fetched.body.data.call).toEqual(item);
  });

  it('matches an outbound item to the contact called, never to a contact of another business', async () => {
    const owner = await h.signUpWithBusiness();
    const other = await h.signUpWithBusiness();
    await insertCustomer(h, other.business._id, { phones: ['+447700900555'] });
    const mine = await insertCustomer(h, owner.business._id, { phones: ['+447700900666'] });
    expect(
      (await sms(h, owner.business._id, { direction: 'outbound', from: '+442071234567', to: '+447700900666' }))
        .customer_id,
    ).toBe(mine.id);
    expect((await call(h, owner.business._id, { from: '+447700900555' })).customer_id).toBeNull();
    expect((await call(h, owner.business._id, { from: '+447700900666', customerId: null })).customer_id).toBeNull();
    const theirs = await insertCustomer(h, other.business._id);
    await expect(call(h, owner.business._id, { customerId: theirs.id })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('a call updated by the system when it ends', () => {
  it('merges the new details, publishes CallUpdated with the record, and stays within its business', async () => {
    const owner = await h.signUpWithBusiness();
    const other = await h.signUpWithBusiness();
    const customer = await insertCustomer(h, owner.business._id);
    const started = await call(h, owner.business._id, { status: 'in_progress', details: { provider_call_id: 'CA1' } });
    const mark = h.events.length;
    const ended = await updateCall(h.deps, owner.business._id, started._id, {
      status: 'completed',
      customerId: customer.id,
      details: { duration_seconds: 61, transcript: 'Hi', summary: 'Asked for prices', recording: true },
    });
    expect(ended).toEqual({
      ...started,
      status: 'completed',
      customer_id: customer.id,
      customer: { _id: customer.id, name: customer.name },
      details: {
        provider_call_id: 'CA1',
        duration_seconds: 61,
        transcript: 'Hi',
        summary: 'Asked for prices',
        recording: true,
      },
      updated_at: expect.any(String),
    });
    expect(businessEvents(h, owner.business._id, mark).map((event) => [event.event, event.payload])).toEqual([
      ['CallUpdated', { id: started._id }],
    ]);
    expect(
      (await h.call(`businesses/calls/${owner.business._id}/get/${started._id}`, undefined, owner.token)).body.data
        .call,
    ).toEqual(ended);
    await expect(updateCall(h.deps, other.business._id, started._id, { status: 'hijacked' })).rejects.toBeInstanceOf(
      ApiError,
    );
    const message = await sms(h, owner.business._id);
    expect((await updateSms(h.deps, owner.business._id, message._id, { status: 'delivered' })).status).toBe(
      'delivered',
    );
  });
});

describe.each(KINDS)('businesses/$many/{business_id}', ({ type, many, one, entity, noun, make }) => {
  it(`lists ${many} newest first (by created_at) with total, and gets one as data.${one}`, async () => {
    const owner = await h.signUpWithBusiness();
    const now = Date.now();
    const oldest = await make(h, owner.business._id, { at: new Date(now - 30 * 60_000) });
    const middle = await make(h, owner.business._id, { at: new Date(now - 20 * 60_000) });
    const newest = await make(h, owner.business._id, { at: new Date(now - 10 * 60_000) });
    const result = await h.call(`businesses/${many}/${owner.business._id}/list`, {}, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual([]);
    expect(result.body.data[many]).toEqual([newest, middle, oldest]);
    expect(result.body.data).toMatchObject({ total: 3, page: 0, limit: 50 });
    expect(result.body.data[many].every((item: { type: string }) => item.type === type)).toBe(true);
    const asc = await h.call(
      `businesses/${many}/${owner.business._id}/list`,
      { sort_order: 'asc', limit: 2, page: 0 },
      owner.token,
    );
    expect(asc.body.data[many]).toEqual([oldest, middle]);
    const ranged = await h.call(
      `businesses/${many}/${owner.business._id}/list`,
      {
        created_at: { from: new Date(now - 25 * 60_000).toISOString(), to: new Date(now - 15 * 60_000).toISOString() },
      },
      owner.token,
    );
    expect(ranged.body.data[many]).toEqual([middle]);
    const got = await h.call(`businesses/${many}/${owner.business._id}/get/${middle._id}`, undefined, owner.token);
    expect(got.body.data[one]).toEqual(middle);
  });

  it(`filters ${many} by customer_id`, async () => {
    const owner = await h.signUpWithBusiness();
    const customer = await insertCustomer(h, owner.business._id);
    const theirs = await make(h, owner.business._id, { customerId: customer.id });
    await make(h, owner.business._id, { customerId: null });
    const result = await h.call(
      `businesses/${many}/${owner.business._id}/list`,
      { customer_id: customer.id },
      owner.token,
    );
    expect(result.body.data[many]).toEqual([theirs]);
  });

  it(`publishes ${entity}Created when the system records one`, async () => {
    const owner = await h.signUpWithBusiness();
    const mark = h.events.length;
    const item = await make(h, owner.business._id);
    expect(businessEvents(h, owner.business._id, mark).map((event) => [event.event, event.payload])).toEqual([
      [`${entity}Created`, { id: item._id }],
    ]);
  });

  it(`deletes softly ('${noun} deleted.') and restore brings back exactly what was deleted ('${noun} restored.')`, async () => {
    const owner = await h.signUpWithBusiness();
    const customer = await insertCustomer(h, owner.business._id);
    const before = await make(h, owner.business._id, {
      customerId: customer.id,
      phonesFound: ['+447700900777'],
      details: { note: 'kept' },
    });
    const mark = h.events.length;
    const deleted = await h.call(
      `businesses/${many}/${owner.business._id}/delete/${before._id}`,
      undefined,
      owner.token,
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.messages).toEqual([`${noun} deleted.`]);
    expect(deleted.body.data[one]).toEqual({ ...before, deleted_at: expect.stringMatching(ISO) });
    expectFailureEnvelope(
      await h.call(`businesses/${many}/${owner.business._id}/get/${before._id}`, undefined, owner.token),
      404,
    );
    expect((await h.call(`businesses/${many}/${owner.business._id}/list`, {}, owner.token)).body.data.total).toBe(0);
    expect(
      (await h.call(`businesses/timeline/${owner.business._id}/list`, {}, owner.token)).body.data.timeline,
    ).toEqual([]);
    expectFailureEnvelope(
      await h.call(`businesses/${many}/${owner.business._id}/delete/${before._id}`, undefined, owner.token),
      404,
    );

    const restored = await h.call(
      `businesses/${many}/${owner.business._id}/restore/${before._id}`,
      undefined,
      owner.token,
    );
    expect(restored.status).toBe(200);
    expect(restored.body.messages).toEqual([`${noun} restored.`]);
    expect(restored.body.data[one]).toEqual(before);
    expect((await h.call(`businesses/${many}/${owner.business._id}/list`, {}, owner.token)).body.data[many]).toEqual([
      before,
    ]);
    expect(
      (await h.call(`businesses/timeline/${owner.business._id}/list`, {}, owner.token)).body.data.timeline,
    ).toEqual([before]);
    expectFailureEnvelope(
      await h.call(`businesses/${many}/${owner.business._id}/restore/${before._id}`, undefined, owner.token),
      404,
    );

    expect(businessEvents(h, owner.business._id, mark).map((event) => event.event)).toEqual([
      `${entity}Deleted`,
      `${entity}Created`,
    ]);
  });

  it(`has no create or update call: only the system creates ${many}`, async () => {
    const owner = await h.signUpWithBusiness();
    const item = await make(h, owner.business._id);
    for (const path of [
      `businesses/${many}/${owner.business._id}/create`,
      `businesses/${many}/${owner.business._id}/update/${item._id}`,
    ]) {
      const result = await h.call(path, { body: 'typed by hand' }, owner.token);
      expectFailureEnvelope(result, 404);
      expect(result.body.errors).toEqual(['There is no such API call.']);
    }
    expect(
      (await h.call(`businesses/${many}/${owner.business._id}/get/${item._id}`, undefined, owner.token)).body.data[one],
    ).toEqual(item);
  });

  it(`answers 404 for a ${type} of another type or id`, async () => {
    const owner = await h.signUpWithBusiness();
    const other = KINDS.find((kind) => kind.type !== type)!;
    const item = await other.make(h, owner.business._id);
    expectFailureEnvelope(
      await h.call(`businesses/${many}/${owner.business._id}/get/${item._id}`, undefined, owner.token),
      404,
    );
    expectFailureEnvelope(
      await h.call(`businesses/${many}/${owner.business._id}/delete/${item._id}`, undefined, owner.token),
      404,
    );
    expectFailureEnvelope(
      await h.call(`businesses/${many}/${owner.business._id}/get/nothing-here`, undefined, owner.token),
      404,
    );
  });
});

describe('recent calls (spec section 9: the last 3 minutes, limit 50)', () => {
  it('lists only the calls inside the created_at window', async () => {
    const owner = await h.signUpWithBusiness();
    const now = Date.now();
    await call(h, owner.business._id, { at: new Date(now - 10 * 60_000) });
    const recent = await call(h, owner.business._id, { at: new Date(now - 60_000) });
    const result = await h.call(
      `businesses/calls/${owner.business._id}/list`,
      {
        created_at: {
          from: new Date(now - RECENT_CALLS_WINDOW_MS).toISOString(),
          to: new Date(now + 1000).toISOString(),
        },
        limit: RECENT_CALLS_LIMIT,
      },
      owner.token,
    );
    expect(result.body.data.calls).toEqual([recent]);
    expect(result.body.data.limit).toBe(50);
  });
});
