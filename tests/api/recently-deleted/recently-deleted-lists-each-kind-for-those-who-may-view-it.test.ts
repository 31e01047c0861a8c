import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDeletedRow } from '#contract/v1/recently-deleted';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';
import { createService } from '#tests/support/services';
import { call as inboundCall, sms as inboundSms } from '#tests/support/timeline-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const listDeleted = (path: string, businessId: string, token: string, body?: unknown) =>
  h.call(`businesses/${path}/${businessId}/list-deleted`, body, token);
const titles = (result: { body: { data?: { deleted: ApiDeletedRow[] } } }) =>
  result.body.data!.deleted.map((row) => row.title);

async function ok(path: string, body: unknown, token: string) {
  const result = await h.call(path, body, token);
  if (result.status !== 200) throw new Error(`${path} failed: ${JSON.stringify(result.body)}`);
  return result.body.data;
}

describe('businesses/{kind}/{business_id}/list-deleted', () => {
  it('lists deleted contacts newest deletion first, leaves out live and merged ones, pages, and loses a row once it is restored', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const ann = await createCustomer(h, b, owner.token, { first_name: 'Ann', last_name: 'Lee' });
    const bob = await createCustomer(h, b, owner.token, { first_name: 'Bob', last_name: 'Ray' });
    const live = await createCustomer(h, b, owner.token, { first_name: 'Live', last_name: 'One' });
    const merged = await createCustomer(h, b, owner.token, { first_name: 'Merged', last_name: 'Away' });
    await ok(`businesses/customers/${b}/delete/${ann._id}`, undefined, owner.token);
    h.clock.offsetMs += 60_000;
    await ok(`businesses/customers/${b}/delete/${bob._id}`, undefined, owner.token);
    // A contact merged into another is deleted too, but cannot be restored, so it is not offered.
    await ok(`businesses/customers/${b}/merge/${live._id}`, { merge_id: merged._id }, owner.token);

    const all = await listDeleted('customers', b, owner.token);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data).toMatchObject({ total: 2, page: 0, limit: 25 });
    expect(titles(all)).toEqual(['Bob Ray', 'Ann Lee']);
    expect(all.body.data.deleted[0]).toEqual({
      _id: bob._id,
      title: 'Bob Ray',
      detail: expect.any(String),
      deleted_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(all.body.messages).toEqual([]);

    const second = await listDeleted('customers', b, owner.token, { page: 1, limit: 1 });
    expect(titles(second)).toEqual(['Ann Lee']);
    expect(second.body.data).toMatchObject({ total: 2, page: 1, limit: 1 });

    await ok(`businesses/customers/${b}/restore/${ann._id}`, undefined, owner.token);
    expect(titles(await listDeleted('customers', b, owner.token))).toEqual(['Bob Ray']);
  });

  it('lists each kind from its own rows: notes, calls, SMS, services and removed members', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const note = (await ok(`businesses/notes/${b}/create`, { body: 'Ring the supplier about the boiler' }, owner.token))
      .note;
    await ok(`businesses/notes/${b}/delete/${note._id}`, undefined, owner.token);
    const theCall = await inboundCall(h, b, { from: '+447700900123' });
    await ok(`businesses/calls/${b}/delete/${theCall._id}`, undefined, owner.token);
    const text = await inboundSms(h, b, { body: 'Can you come on Friday?' });
    await ok(`businesses/smses/${b}/delete/${text._id}`, undefined, owner.token);
    const service = await createService(h, b, owner.token, { name: 'Boiler service' });
    await ok(`businesses/services/${b}/delete/${service._id}`, undefined, owner.token);
    const staff = await h.signUp({ name: 'Sam Staff' });
    await h.addMember(b, staff.user.id, ['customers/view']);
    const members = (await ok(`businesses/users/${b}/list`, undefined, owner.token)).business_users as {
      _id: string;
      user: { name: string };
    }[];
    const sam = members.find((member) => member.user.name === 'Sam Staff')!;
    await ok(`businesses/users/${b}/remove/${sam._id}`, undefined, owner.token);

    expect(titles(await listDeleted('notes', b, owner.token))).toEqual(['Ring the supplier about the boiler']);
    expect(titles(await listDeleted('calls', b, owner.token))).toEqual(['+447700900123']);
    expect((await listDeleted('smses', b, owner.token)).body.data.deleted).toEqual([
      expect.objectContaining({ _id: text._id, detail: 'Can you come on Friday?' }),
    ]);
    expect(titles(await listDeleted('forms', b, owner.token))).toEqual([]);
    expect(titles(await listDeleted('services', b, owner.token))).toEqual(['Boiler service']);
    expect(titles(await listDeleted('memories', b, owner.token))).toEqual([]);
    expect(titles(await listDeleted('systems', b, owner.token))).toEqual([]);
    const removed = await listDeleted('users', b, owner.token);
    expect(removed.body.data.deleted).toEqual([
      expect.objectContaining({ _id: sam._id, title: 'Sam Staff', detail: staff.email }),
    ]);

    // Restored through the kind's own call, a member is no longer offered.
    await ok(`businesses/users/${b}/restore/${sam._id}`, undefined, owner.token);
    expect(titles(await listDeleted('users', b, owner.token))).toEqual([]);
  });

  it("is checked like the live list: another business's member gets 404 and a member without the view permission the list's refusal", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const ann = await createCustomer(h, b, owner.token, { first_name: 'Ann' });
    await ok(`businesses/customers/${b}/delete/${ann._id}`, undefined, owner.token);

    const outsider = await h.signUpWithBusiness();
    for (const path of ['customers', 'notes', 'calls', 'smses', 'forms', 'services', 'memories', 'systems', 'users']) {
      const foreign = await listDeleted(path, b, outsider.token);
      expectFailureEnvelope(foreign, 404);
    }
    // The outsider's own business shows nothing of the other's.
    expect(titles(await listDeleted('customers', outsider.business._id, outsider.token))).toEqual([]);

    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['customers/view']);
    expect(titles(await listDeleted('customers', b, viewer.token))).toEqual([
      ann.first_name + (ann.last_name ? ` ${ann.last_name}` : ''),
    ]);
    const refusals: [string, string][] = [
      ['notes', 'You do not have permission to view notes'],
      ['calls', 'You do not have permission to view calls'],
      ['smses', 'You do not have permission to view smses'],
      ['forms', 'You do not have permission to view forms'],
      ['services', 'You do not have permission to view services'],
      ['memories', 'You do not have permission to view memories'],
      ['systems', 'You do not have permission to view systems'],
      ['users', 'You do not have permission to view members'],
    ];
    for (const [path, refusal] of refusals) {
      const refused = await listDeleted(path, b, viewer.token);
      expectFailureEnvelope(refused, 403);
      expect(refused.body.errors, path).toEqual([refusal]);
      // The live list refuses the same way.
      const live = await h.call(`businesses/${path}/${b}/list`, undefined, viewer.token);
      expect(live.status, path).toBe(403);
    }

    const signedOut = await h.call(`businesses/customers/${b}/list-deleted`);
    expect(signedOut.status).toBe(401);
  });
});

describe('users/list-deleted-businesses', () => {
  it('offers a deleted business to its admins only, until it is restored; a member who is not an admin, or an outsider, sees nothing', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const staff = await h.signUp();
    await h.addMember(b, staff.user.id, ['customers/view', 'customers/edit']);
    const outsider = await h.signUpWithBusiness();
    await ok(`businesses/delete/${b}`, undefined, owner.token);

    const mine = await h.call('users/list-deleted-businesses', undefined, owner.token);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data).toMatchObject({ total: 1, page: 0 });
    expect(mine.body.data.deleted).toEqual([
      { _id: b, title: owner.business.name, detail: owner.business.email, deleted_at: expect.any(String) },
    ]);
    expect((await h.call('users/list-deleted-businesses', undefined, staff.token)).body.data.deleted).toEqual([]);
    expect((await h.call('users/list-deleted-businesses', undefined, outsider.token)).body.data.deleted).toEqual([]);

    await ok(`businesses/restore/${b}`, undefined, owner.token);
    expect((await h.call('users/list-deleted-businesses', undefined, owner.token)).body.data.deleted).toEqual([]);
  });

  it('tells the truth about where a deleted business can be restored', async () => {
    const owner = await h.signUpWithBusiness();
    const deleted = await h.call(`businesses/delete/${owner.business._id}`, undefined, owner.token);
    expect(deleted.body.messages).toEqual([
      `${owner.business.name} has been deleted. You can restore it from Recently deleted on the businesses page.`,
    ]);
  });
});
