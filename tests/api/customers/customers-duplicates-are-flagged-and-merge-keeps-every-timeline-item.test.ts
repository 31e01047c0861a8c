import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, notifications, timelineItems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer, eventsFor, expectCustomerShape } from '#tests/support/customers';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const get = (b: string, id: string, token: string) => h.call(`businesses/customers/${b}/get/${id}`, undefined, token);

/** Timeline rows written directly, as the telephony and notes services will. */
async function addTimeline(
  businessId: string,
  customerId: string,
  items: { type: 'call' | 'sms' | 'form' | 'note'; deleted?: boolean }[],
) {
  const rows = items.map((item) => ({
    id: newId(),
    businessId,
    customerId,
    type: item.type,
    body: item.type === 'note' ? 'Called back about the quote' : null,
    direction: item.type === 'note' ? null : ('inbound' as const),
    deletedAt: item.deleted ? new Date() : null,
  }));
  await h.database.db.insert(timelineItems).values(rows);
  return rows.map((row) => row.id);
}

const ownerOf = (ids: string[]) =>
  h.database.db
    .select({ id: timelineItems.id, customerId: timelineItems.customerId, deletedAt: timelineItems.deletedAt })
    .from(timelineItems)
    .where(inArray(timelineItems.id, ids));

describe('duplicates', () => {
  it('flags two contacts sharing a phone or an email, on both of them, with the reason', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const first = await createCustomer(h, b, owner.token, {
      first_name: 'Sam',
      last_name: 'Smith',
      emails: ['sam@example.com'],
      phones: ['+447700900100'],
    });
    const byPhone = await createCustomer(h, b, owner.token, {
      first_name: 'Samuel',
      last_name: null,
      emails: [],
      phones: ['+447700900100'],
    });
    const byEmail = await createCustomer(h, b, owner.token, {
      first_name: 'S.',
      last_name: 'Smith',
      emails: ['SAM@example.com'],
      phones: [],
    });
    const unrelated = await createCustomer(h, b, owner.token, { emails: [], phones: ['+447700900199'] });

    expect(byPhone.duplicates).toEqual([{ _id: first._id, name: 'Sam Smith', reason: 'phone' }]);
    expect(byEmail.duplicates).toEqual([{ _id: first._id, name: 'Sam Smith', reason: 'email' }]);
    const read = (await get(b, first._id, owner.token)).body.data.customer;
    expect(read.duplicates).toEqual([
      { _id: byEmail._id, name: 'S. Smith', reason: 'email' },
      { _id: byPhone._id, name: 'Samuel', reason: 'phone' },
    ]);
    expect((await get(b, unrelated._id, owner.token)).body.data.customer.duplicates).toEqual([]);

    // The existing contact's flag changed too, and its Updated event says so.
    const updates = eventsFor(h, first._id).filter((event) => event.event === 'CustomerUpdated');
    expect(updates.at(-1)!.payload).toEqual({ id: read._id });
  });

  it('names the phone when both a phone and an email are shared', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const first = await createCustomer(h, b, owner.token, { emails: ['both@example.com'], phones: ['+447700900200'] });
    const second = await createCustomer(h, b, owner.token, { emails: ['both@example.com'], phones: ['+447700900200'] });
    expect(second.duplicates).toEqual([{ _id: first._id, name: first.name, reason: 'phone' }]);
  });

  it('a list holding every contact flags the same duplicates, in the same order, as each contact read alone', async () => {
    const owner = await h.signUpWithBusiness();
    const other = await h.signUpWithBusiness();
    const b = owner.business._id;
    const list = async (body: unknown) =>
      (await h.call(`businesses/customers/${b}/list`, body, owner.token)).body.data.customers as {
        _id: string;
        duplicates: unknown[];
      }[];
    await createCustomer(h, other.business._id, other.token, { emails: ['x@example.com'], phones: ['+447700900500'] });
    const people = [
      { first_name: 'zed', last_name: 'Both', emails: ['shared@example.com'], phones: ['+447700900500'] },
      { first_name: 'Zed', last_name: null, emails: ['shared@example.com'], phones: ['+447700900500'] },
      { first_name: 'Zed', last_name: 'Adams', emails: ['shared@example.com'], phones: [] },
      { first_name: 'Éva', last_name: 'Phone', emails: [], phones: ['+447700900500', '+447700900501'] },
      { first_name: 'Amy', last_name: 'Alone', emails: ['amy@example.com'], phones: ['+447700900502'] },
      { first_name: 'Amy', last_name: 'Twice', emails: ['x@example.com', 'x@example.com'], phones: [] },
    ];
    const made: Awaited<ReturnType<typeof createCustomer>>[] = [];
    for (const person of people) made.push(await createCustomer(h, b, owner.token, person));
    const gone = await createCustomer(h, b, owner.token, { emails: ['amy@example.com'], phones: ['+447700900501'] });
    await h.call(`businesses/customers/${b}/delete/${gone._id}`, undefined, owner.token);

    const whole = await list({});
    const filtered = await list({ search: 'e' }); // a filtered list asks the database
    expect(whole).toHaveLength(people.length);
    for (const customer of made) {
      const alone = (await get(b, customer._id, owner.token)).body.data.customer.duplicates;
      expect(whole.find((row) => row._id === customer._id)!.duplicates).toEqual(alone);
      const inFiltered = filtered.find((row) => row._id === customer._id);
      if (inFiltered) expect(inFiltered.duplicates).toEqual(alone);
    }
    expect(whole.find((row) => row._id === made[0]._id)!.duplicates).toEqual([
      { _id: made[2]._id, name: 'Zed Adams', reason: 'email' },
      { _id: made[1]._id, name: 'Zed', reason: 'phone' },
      { _id: made[3]._id, name: 'Éva Phone', reason: 'phone' },
    ]);
  });

  it('ignores deleted contacts and contacts of other businesses', async () => {
    const owner = await h.signUpWithBusiness();
    const other = await h.signUpWithBusiness();
    const b = owner.business._id;
    await createCustomer(h, other.business._id, other.token, { phones: ['+447700900300'] });
    const gone = await createCustomer(h, b, owner.token, { phones: ['+447700900300'] });
    await h.call(`businesses/customers/${b}/delete/${gone._id}`, undefined, owner.token);
    const fresh = await createCustomer(h, b, owner.token, { phones: ['+447700900300'] });
    expect(fresh.duplicates).toEqual([]);
  });

  it('clears the flag on the other contact when the shared phone is edited away', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const first = await createCustomer(h, b, owner.token, { emails: [], phones: ['+447700900400'] });
    const second = await createCustomer(h, b, owner.token, { emails: [], phones: ['+447700900400'] });
    await h.call(`businesses/customers/${b}/update/${second._id}`, { phones: ['+447700900401'] }, owner.token);
    const read = (await get(b, first._id, owner.token)).body.data.customer;
    expect(read.duplicates).toEqual([]);
    expect(eventsFor(h, first._id).at(-1)).toEqual({
      channels: [`private-business.${b}`],
      event: 'CustomerUpdated',
      payload: { id: read._id },
    });
  });
});

describe('businesses/customers/{business_id}/merge/{customer_id}', () => {
  it("merges merge_id into the contact: union of emails, phones and addresses, every timeline item and notification moved, 'Contacts merged.'", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const survivor = await createCustomer(h, b, owner.token, {
      first_name: 'Jo',
      last_name: null,
      status: 'customer',
      emails: ['jo@work.example'],
      phones: ['+447700900500'],
      addresses: [{ line_1: '1 High St', city: 'Leeds' }],
    });
    const merged = await createCustomer(h, b, owner.token, {
      first_name: 'Joanne',
      last_name: 'Bloggs',
      status: 'lead',
      emails: ['jo@home.example', 'jo@work.example'],
      phones: ['+447700900500', '+447700900501'],
      addresses: [
        { line_1: '1 High St', city: 'Leeds' },
        { line_1: '2 Low Rd', city: 'York', postcode: 'YO1 7HH' },
      ],
    });
    const survivorItems = await addTimeline(b, survivor._id, [{ type: 'call' }, { type: 'note' }]);
    const mergedItems = await addTimeline(b, merged._id, [
      { type: 'call' },
      { type: 'sms' },
      { type: 'form' },
      { type: 'note' },
      { type: 'note', deleted: true },
    ]);
    const notificationId = newId();
    await h.database.db.insert(notifications).values({
      id: notificationId,
      businessId: b,
      userId: owner.user.id,
      kind: 'task_due',
      title: 'Call Joanne back',
      customerId: merged._id,
      sourceId: mergedItems[3],
    });

    h.clock.offsetMs += 1000;
    const result = await h.call(
      `businesses/customers/${b}/merge/${survivor._id}`,
      { merge_id: merged._id },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Contacts merged.']);
    const customer = result.body.data.customer;
    expectCustomerShape(customer);
    expect(customer).toMatchObject({
      _id: survivor._id,
      first_name: 'Jo',
      last_name: 'Bloggs',
      status: 'customer',
      emails: ['jo@work.example', 'jo@home.example'],
      phones: ['+447700900500', '+447700900501'],
      addresses: [
        { line_1: '1 High St', city: 'Leeds' },
        { line_1: '2 Low Rd', city: 'York', postcode: 'YO1 7HH' },
      ],
      duplicates: [],
      deleted_at: null,
    });
    expect(result.body.data.moved).toEqual({ timeline_items: 5, notifications: 1 });

    // Every item of both contacts, the deleted one included, now belongs to the survivor.
    const items = await ownerOf([...survivorItems, ...mergedItems]);
    expect(items).toHaveLength(7);
    expect(new Set(items.map((item) => item.customerId))).toEqual(new Set([survivor._id]));
    expect(items.filter((item) => item.deletedAt).map((item) => item.id)).toEqual([mergedItems[4]]);
    const [notification] = await h.database.db.select().from(notifications).where(eq(notifications.id, notificationId));
    expect(notification.customerId).toBe(survivor._id);

    // The merged contact is gone from reads and lists, and remembers where it went.
    expectFailureEnvelope(await get(b, merged._id, owner.token), 404);
    const list = await h.call(`businesses/customers/${b}/list`, {}, owner.token);
    expect(list.body.data.customers.map((c: { _id: string }) => c._id)).toEqual([survivor._id]);
    const [row] = await h.database.db.select().from(customers).where(eq(customers.id, merged._id));
    expect(row.mergedIntoId).toBe(survivor._id);
    expect(row.deletedAt).not.toBeNull();
    expect((await get(b, survivor._id, owner.token)).body.data.customer).toEqual(customer);

    expect(eventsFor(h, survivor._id).at(-1)).toEqual({
      channels: [`private-business.${b}`],
      event: 'CustomerUpdated',
      payload: { id: survivor._id },
    });
    const mergedEvent = eventsFor(h, merged._id).at(-1)!;
    expect(mergedEvent.event).toBe('CustomerDeleted');
    expect(mergedEvent.payload).toEqual({ id: merged._id });
  });

  it('lets only one of two opposite merges run at once, and loses no item', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const one = await createCustomer(h, b, owner.token);
    const two = await createCustomer(h, b, owner.token);
    const items = [
      ...(await addTimeline(b, one._id, [{ type: 'call' }])),
      ...(await addTimeline(b, two._id, [{ type: 'note' }])),
    ];
    const results = await Promise.all([
      h.call(`businesses/customers/${b}/merge/${one._id}`, { merge_id: two._id }, owner.token),
      h.call(`businesses/customers/${b}/merge/${two._id}`, { merge_id: one._id }, owner.token),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 404]);
    const winner = results.find((result) => result.status === 200)!.body.data.customer._id;
    expect(new Set((await ownerOf(items)).map((item) => item.customerId))).toEqual(new Set([winner]));
    const list = await h.call(`businesses/customers/${b}/list`, {}, owner.token);
    expect(list.body.data.customers.map((c: { _id: string }) => c._id)).toEqual([winner]);
  });

  it('cannot restore a merged contact: its timeline belongs to the survivor now', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const survivor = await createCustomer(h, b, owner.token);
    const merged = await createCustomer(h, b, owner.token);
    await h.call(`businesses/customers/${b}/merge/${survivor._id}`, { merge_id: merged._id }, owner.token);
    const result = await h.call(`businesses/customers/${b}/restore/${merged._id}`, undefined, owner.token);
    expectFailureEnvelope(result, 422);
    expect(result.body.errors).toEqual(['This contact was merged into another contact, so it cannot be restored.']);
    expectFailureEnvelope(await get(b, merged._id, owner.token), 404);
  });

  it('refuses to merge a contact into itself, or without merge_id', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const one = await createCustomer(h, b, owner.token);
    expectFieldError(
      await h.call(`businesses/customers/${b}/merge/${one._id}`, { merge_id: one._id }, owner.token),
      'merge_id',
      'A contact cannot be merged into itself.',
    );
    expectFieldError(
      await h.call(`businesses/customers/${b}/merge/${one._id}`, {}, owner.token),
      'merge_id',
      'Choose the contact to merge.',
    );
    expect((await get(b, one._id, owner.token)).body.data.customer).toEqual(one);
  });

  it('answers 404 when either contact is unknown or deleted, and moves nothing', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const live = await createCustomer(h, b, owner.token);
    const gone = await createCustomer(h, b, owner.token);
    const items = await addTimeline(b, gone._id, [{ type: 'call' }]);
    await h.call(`businesses/customers/${b}/delete/${gone._id}`, undefined, owner.token);
    expectFailureEnvelope(
      await h.call(`businesses/customers/${b}/merge/${live._id}`, { merge_id: gone._id }, owner.token),
      404,
    );
    expectFailureEnvelope(
      await h.call(`businesses/customers/${b}/merge/${gone._id}`, { merge_id: live._id }, owner.token),
      404,
    );
    expectFailureEnvelope(
      await h.call(`businesses/customers/${b}/merge/${live._id}`, { merge_id: 'no-such-contact' }, owner.token),
      404,
    );
    expect((await ownerOf(items))[0].customerId).toBe(gone._id);
    expect((await get(b, live._id, owner.token)).body.data.customer).toEqual(live);
  });
});
