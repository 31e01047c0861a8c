import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer, eventsFor } from '#tests/support/customers';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const VIEW_REFUSAL = 'You do not have permission to view customers';
const EDIT_REFUSAL = 'You do not have permission to edit customers';

/** A business with two contacts (one deleted, so restore has something to act on). */
async function businessWithContacts() {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id;
  const live = await createCustomer(h, b, owner.token, { phones: ['+15555550001'] });
  const other = await createCustomer(h, b, owner.token, { phones: ['+15555550001'] });
  const deleted = await createCustomer(h, b, owner.token);
  await h.call(`businesses/customers/${b}/delete/${deleted._id}`, undefined, owner.token);
  return { owner, b, live, other, deleted };
}

/** Every call of this resource, as [path, body] against one business and its contacts. */
function everyCall(b: string, ids: { live: string; other: string; deleted: string }) {
  const reads: [string, unknown][] = [
    [`businesses/customers/${b}/list`, {}],
    [`businesses/customers/${b}/get/${ids.live}`, undefined],
  ];
  const writes: [string, unknown][] = [
    [`businesses/customers/${b}/create`, { first_name: 'Intruder', status: 'lead' }],
    [`businesses/customers/${b}/update/${ids.live}`, { first_name: 'Changed' }],
    [`businesses/customers/${b}/delete/${ids.live}`, undefined],
    [`businesses/customers/${b}/restore/${ids.deleted}`, undefined],
    [`businesses/customers/${b}/merge/${ids.live}`, { merge_id: ids.other }],
    [`businesses/crm-order/${b}/set`, { crm_order: ['inactive', 'customer', 'lead'] }],
    [`businesses/crm-order/${b}/clear`, undefined],
  ];
  return { reads, writes, crmGet: [`businesses/crm-order/${b}/get`, undefined] as [string, unknown] };
}

/** What the owner sees: the contacts (live and the deleted one's state) and the CRM order. */
async function snapshot(owner: { token: string }, b: string, deletedId: string) {
  const list = await h.call(`businesses/customers/${b}/list`, {}, owner.token);
  const deleted = await h.call(`businesses/customers/${b}/get/${deletedId}`, undefined, owner.token);
  const order = await h.call(`businesses/crm-order/${b}/get`, undefined, owner.token);
  return { customers: list.body.data.customers, deletedStatus: deleted.status, order: order.body.data.crm_order };
}

describe('signed-out callers', () => {
  it('get 401 from every call', async () => {
    const { b, live, other, deleted } = await businessWithContacts();
    const calls = everyCall(b, { live: live._id, other: other._id, deleted: deleted._id });
    for (const [path, body] of [
      ...calls.reads,
      ...calls.writes,
      calls.crmGet,
      ['helpers/address-lookup', { address: 'London' }] as [string, unknown],
    ]) {
      expectFailureEnvelope(await h.call(path, body), 401);
    }
  });
});

describe('members without customers/view', () => {
  it(`get 403 '${VIEW_REFUSAL}' from list and get`, async () => {
    const { b, live, other, deleted } = await businessWithContacts();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['notes/view', 'calls/view']);
    const { reads } = everyCall(b, { live: live._id, other: other._id, deleted: deleted._id });
    for (const [path, body] of reads) {
      const result = await h.call(path, body, member.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors).toEqual([VIEW_REFUSAL]);
    }
  });

  it('may still read the CRM order, as any member', async () => {
    const { b } = await businessWithContacts();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, []);
    const result = await h.call(`businesses/crm-order/${b}/get`, undefined, member.token);
    expect(result.status).toBe(200);
    expect(result.body.data.crm_order).toEqual(['lead', 'customer', 'inactive']);
  });

  it('get no known addresses from the address lookup, only the parse', async () => {
    const { owner, b } = await businessWithContacts();
    await h.call(
      `businesses/customers/${b}/create`,
      { first_name: 'Addr', status: 'lead', addresses: [{ line_1: '9 Secret Lane', city: 'Hiddenham' }] },
      owner.token,
    );
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['notes/view']);
    const result = await h.call('helpers/address-lookup', { address: 'Secret Lane' }, member.token, {
      'business-id': b,
    });
    expect(result.status).toBe(200);
    expect(result.body.data.addresses_found.map((found: { source: string }) => found.source)).toEqual(['parsed']);
  });
});

describe('members with customers/view but not customers/edit', () => {
  it(`can read, and every write is refused with 403 '${EDIT_REFUSAL}' and changes nothing`, async () => {
    const { owner, b, live, other, deleted } = await businessWithContacts();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['customers/view']);
    const calls = everyCall(b, { live: live._id, other: other._id, deleted: deleted._id });
    for (const [path, body] of calls.reads) expect((await h.call(path, body, member.token)).status).toBe(200);
    const before = await snapshot(owner, b, deleted._id);
    const eventCount = h.events.length;
    for (const [path, body] of calls.writes) {
      const result = await h.call(path, body, member.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors, path).toEqual([EDIT_REFUSAL]);
    }
    expect(await snapshot(owner, b, deleted._id)).toEqual(before);
    expect(h.events.length).toBe(eventCount);
  });
});

describe('members with customers/edit', () => {
  it('can write: create, update, delete, restore and merge', async () => {
    const { b, live, other, deleted } = await businessWithContacts();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['customers/view', 'customers/edit']);
    const calls = everyCall(b, { live: live._id, other: other._id, deleted: deleted._id });
    // Merge before delete would leave nothing to merge into: run merge first.
    const ordered = [
      calls.writes[4],
      calls.writes[0],
      calls.writes[1],
      calls.writes[3],
      calls.writes[2],
      calls.writes[5],
      calls.writes[6],
    ];
    for (const [path, body] of ordered) {
      const result = await h.call(path, body, member.token);
      expect(result.status, `${path} ${JSON.stringify(result.body)}`).toBe(200);
    }
  });
});

describe('callers from another business', () => {
  it('get 404 from every call, and nothing changes in either business', async () => {
    const { owner, b, live, other, deleted } = await businessWithContacts();
    const outsider = await h.signUpWithBusiness();
    const ownContact = await createCustomer(h, outsider.business._id, outsider.token);
    const calls = everyCall(b, { live: live._id, other: other._id, deleted: deleted._id });
    const before = await snapshot(owner, b, deleted._id);
    const outsiderBefore = await snapshot(outsider, outsider.business._id, ownContact._id);
    const eventCount = h.events.length;
    for (const [path, body] of [...calls.reads, ...calls.writes, calls.crmGet]) {
      expectFailureEnvelope(await h.call(path, body, outsider.token), 404);
    }
    expectFailureEnvelope(
      await h.call('helpers/address-lookup', { address: 'London' }, outsider.token, { 'business-id': b }),
      404,
    );
    expect(await snapshot(owner, b, deleted._id)).toEqual(before);
    expect(await snapshot(outsider, outsider.business._id, ownContact._id)).toEqual(outsiderBefore);
    expect(h.events.length).toBe(eventCount);
  });

  it("cannot reach another business's contacts through their own business's path either", async () => {
    const { owner, b, live, other, deleted } = await businessWithContacts();
    const outsider = await h.signUpWithBusiness();
    const mine = await createCustomer(h, outsider.business._id, outsider.token);
    const ob = outsider.business._id;
    const before = await snapshot(owner, b, deleted._id);
    expectFailureEnvelope(await h.call(`businesses/customers/${ob}/get/${live._id}`, undefined, outsider.token), 404);
    expectFailureEnvelope(
      await h.call(`businesses/customers/${ob}/update/${live._id}`, { first_name: 'Changed' }, outsider.token),
      404,
    );
    expectFailureEnvelope(
      await h.call(`businesses/customers/${ob}/delete/${live._id}`, undefined, outsider.token),
      404,
    );
    expectFailureEnvelope(
      await h.call(`businesses/customers/${ob}/restore/${deleted._id}`, undefined, outsider.token),
      404,
    );
    // Merging a foreign contact into one's own (or the reverse) finds nothing to merge.
    expectFailureEnvelope(
      await h.call(`businesses/customers/${ob}/merge/${mine._id}`, { merge_id: other._id }, outsider.token),
      404,
    );
    expectFailureEnvelope(
      await h.call(`businesses/customers/${ob}/merge/${live._id}`, { merge_id: mine._id }, outsider.token),
      404,
    );
    expect(await snapshot(owner, b, deleted._id)).toEqual(before);
    const still = await h.call(`businesses/customers/${ob}/get/${mine._id}`, undefined, outsider.token);
    expect(still.body.data.customer).toEqual(mine);
    expect(eventsFor(h, live._id).map((event) => event.event)).toEqual(['CustomerCreated', 'CustomerUpdated']);
    const foreignList = await h.call(`businesses/customers/${ob}/list`, { search: live.first_name }, outsider.token);
    expect(foreignList.body.data.customers.map((c: { _id: string }) => c._id)).not.toContain(live._id);
  });

  it('answers 404 for a business that does not exist', async () => {
    const owner = await h.signUpWithBusiness();
    expectFailureEnvelope(await h.call('businesses/customers/no-such-business/list', {}, owner.token), 404);
    expectFailureEnvelope(await h.call('businesses/crm-order/no-such-business/get', undefined, owner.token), 404);
  });
});
