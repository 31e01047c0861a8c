import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingBroadcaster } from '#api/services/realtime';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';

/**
 * Live updates (docs/performance.md, "Live updates"): the contact's own CustomerUpdated is
 * what the other browsers showing it wait for, so it goes out as soon as the UPDATE has
 * committed; reading the contact back for the answer and telling the contacts it shares a
 * phone or email with follow. Never before the write: a client refetching on the event
 * must read the new row.
 */
let h: Harness;
const statements: string[] = [];
const recording = createRecordingBroadcaster();
/** The statements made before each event went out. */
const published: { event: string; id: string; after: string[] }[] = [];
beforeAll(async () => {
  h = await createHarness({
    onQuery: (query) => void statements.push(query),
    broadcaster: {
      ...recording,
      async broadcast(channel, event, payload) {
        published.push({ event, id: payload.id, after: [...statements] });
        await recording.broadcast(channel, event, payload);
      },
    },
  });
});
afterAll(() => h.close());

describe('businesses/customers/{business_id}/update/{customer_id}', () => {
  it("publishes the contact's event right after its UPDATE, then the duplicates' events", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const other = await createCustomer(h, b, owner.token, { first_name: 'Sam', phones: ['+447700900111'] });
    const contact = await createCustomer(h, b, owner.token, { first_name: 'Ann', phones: ['+447700900111'] });
    // The first call of a token may slide its expiry; the call measured below does not.
    await h.call(`businesses/customers/${b}/get/${contact._id}`, undefined, owner.token);

    const start = statements.length;
    published.length = 0;
    const result = await h.call(
      `businesses/customers/${b}/update/${contact._id}`,
      { first_name: 'Anna', phones: ['+447700900222'] },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.customer.duplicates).toEqual([]);

    const [own, ...rest] = published;
    expect(own.event).toBe('CustomerUpdated');
    expect(own.id).toBe(contact._id);
    const before = own.after.slice(start);
    // The token with the membership, who shared a phone or email before, then the UPDATE itself.
    expect(before.at(-1)).toMatch(/^update "customers"/i);
    expect(before).toHaveLength(3);
    // The contact that shared its phone learns it no longer does, after the contact's own event.
    expect(rest.map(({ event, id }) => ({ event, id }))).toEqual([{ event: 'CustomerUpdated', id: other._id }]);
    const read = await h.call(`businesses/customers/${b}/get/${other._id}`, undefined, owner.token);
    expect(read.body.data.customer.duplicates).toEqual([]);
  });

  it('answers 404 for a contact of another business, and publishes nothing', async () => {
    const owner = await h.signUpWithBusiness();
    const stranger = await h.signUpWithBusiness();
    const theirs = await createCustomer(h, stranger.business._id, stranger.token, { first_name: 'Zed' });
    published.length = 0;
    const result = await h.call(
      `businesses/customers/${owner.business._id}/update/${theirs._id}`,
      { first_name: 'Mine' },
      owner.token,
    );
    expect(result.status).toBe(404);
    expect(published).toEqual([]);
  });
});
