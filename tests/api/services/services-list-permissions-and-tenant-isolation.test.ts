import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';
import { createService } from '#tests/support/services';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const VIEW_REFUSAL = 'You do not have permission to view services';
const EDIT_REFUSAL = 'You do not have permission to edit services';
const path = (businessId: string, action: string) => `businesses/services/${businessId}/${action}`;

/** Three services created a minute apart (so created_at orders them), one inactive. */
async function businessWithServices() {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id;
  const made = [];
  for (const input of [
    {
      name: 'Carpet cleaning',
      status: 'active',
      frequency: 180,
      description: 'Deep steam clean of carpets and rugs.',
      price: '£80 per room',
    },
    {
      name: 'Oven cleaning',
      status: 'inactive',
      frequency: 0,
      description: 'Ovens, hobs and extractor hoods.',
      price: '£95',
    },
    { name: 'Antique polishing', status: 'active', frequency: 30, description: null, price: '50% off in May' },
  ]) {
    made.push(await createService(h, b, owner.token, input));
    h.clock.offsetMs += 60_000;
  }
  return { owner, b, carpet: made[0], oven: made[1], antique: made[2] };
}

const names = (result: { body: { data?: { services: { name: string }[] } } }) =>
  result.body.data!.services.map((service) => service.name);

describe('businesses/services/{business_id}/list', () => {
  it('answers data.services newest first with total, page and limit', async () => {
    const { owner, b } = await businessWithServices();
    const result = await h.call(path(b, 'list'), undefined, owner.token);
    expect(result.status).toBe(200);
    expect(Object.keys(result.body.data).sort()).toEqual(['limit', 'page', 'services', 'total']);
    expect(names(result)).toEqual(['Antique polishing', 'Oven cleaning', 'Carpet cleaning']);
    expect(result.body.data).toMatchObject({ total: 3, page: 0, limit: 50 });
    expect(result.body.messages).toEqual([]);
  });

  it('sorts by name, frequency, status, created_at and updated_at in either order', async () => {
    const { owner, b, carpet } = await businessWithServices();
    const list = (body: Record<string, unknown>) => h.call(path(b, 'list'), body, owner.token).then(names);
    expect(await list({ sort_by: 'name', sort_order: 'asc' })).toEqual([
      'Antique polishing',
      'Carpet cleaning',
      'Oven cleaning',
    ]);
    expect(await list({ sort_by: 'frequency', sort_order: 'desc' })).toEqual([
      'Carpet cleaning',
      'Antique polishing',
      'Oven cleaning',
    ]);
    expect((await list({ sort_by: 'status', sort_order: 'desc' }))[0]).toBe('Oven cleaning');
    expect(await list({ sort_by: 'created_at', sort_order: 'asc' })).toEqual([
      'Carpet cleaning',
      'Oven cleaning',
      'Antique polishing',
    ]);
    await h.call(path(b, `update/${carpet._id}`), { price: '£85 per room' }, owner.token);
    expect((await list({ sort_by: 'updated_at' }))[0]).toBe('Carpet cleaning');
    // An unknown column falls back to the default order rather than failing.
    expect(await list({ sort_by: 'password' })).toEqual(['Antique polishing', 'Oven cleaning', 'Carpet cleaning']);
  });

  it('pages with page (from 0) and limit', async () => {
    const { owner, b } = await businessWithServices();
    const first = await h.call(path(b, 'list'), { limit: 2, sort_by: 'name', sort_order: 'asc' }, owner.token);
    const second = await h.call(
      path(b, 'list'),
      { limit: 2, page: 1, sort_by: 'name', sort_order: 'asc' },
      owner.token,
    );
    expect(names(first)).toEqual(['Antique polishing', 'Carpet cleaning']);
    expect(names(second)).toEqual(['Oven cleaning']);
    expect(second.body.data).toMatchObject({ total: 3, page: 1, limit: 2 });
  });

  it('searches name, description and price (case-insensitive, wildcards taken literally) and filters by status', async () => {
    const { owner, b } = await businessWithServices();
    const list = (body: Record<string, unknown>) => h.call(path(b, 'list'), body, owner.token).then(names);
    expect(await list({ search: 'OVEN' })).toEqual(['Oven cleaning']);
    expect(await list({ search: 'rugs' })).toEqual(['Carpet cleaning']);
    expect(await list({ search: 'per room' })).toEqual(['Carpet cleaning']);
    expect(await list({ search: '50%' })).toEqual(['Antique polishing']);
    expect(await list({ search: '%' })).toEqual(['Antique polishing']);
    expect(await list({ search: 'cleaning', status: 'active' })).toEqual(['Carpet cleaning']);
    expect(await list({ status: 'inactive' })).toEqual(['Oven cleaning']);
    const filtered = await h.call(path(b, 'list'), { search: 'cleaning' }, owner.token);
    expect(filtered.body.data.total).toBe(2);
  });

  it('filters by a created_at range', async () => {
    const { owner, b, oven } = await businessWithServices();
    const result = await h.call(
      path(b, 'list'),
      { created_at: { from: oven.created_at, to: oven.created_at } },
      owner.token,
    );
    expect(names(result)).toEqual(['Oven cleaning']);
  });

  it('refuses bad filters with 422', async () => {
    const { owner, b } = await businessWithServices();
    expectFailureEnvelope(await h.call(path(b, 'list'), { status: 'paused' }, owner.token), 422);
    expectFailureEnvelope(await h.call(path(b, 'list'), { limit: 501 }, owner.token), 422);
    expectFailureEnvelope(await h.call(path(b, 'list'), { search: 'x'.repeat(101) }, owner.token), 422);
  });
});

/** Every call, as [path, body], against one business, a live service and a deleted one. */
function everyCall(b: string, live: string, deleted: string) {
  const reads: [string, unknown][] = [
    [path(b, 'list'), {}],
    [path(b, `get/${live}`), undefined],
  ];
  const writes: [string, unknown][] = [
    [path(b, 'create'), { name: 'Intruder', status: 'active', frequency: 1 }],
    [path(b, `update/${live}`), { name: 'Changed' }],
    [path(b, `delete/${live}`), undefined],
    [path(b, `restore/${deleted}`), undefined],
  ];
  return { reads, writes };
}

async function fixture() {
  const { owner, b, carpet, oven } = await businessWithServices();
  await h.call(path(b, `delete/${oven._id}`), undefined, owner.token);
  return { owner, b, live: carpet, deleted: oven };
}

/** What the owner sees: the live services and whether the deleted one is still deleted. */
async function snapshot(owner: { token: string }, b: string, deletedId: string) {
  const list = await h.call(path(b, 'list'), { limit: 500 }, owner.token);
  const deleted = await h.call(path(b, `get/${deletedId}`), undefined, owner.token);
  return { services: list.body.data.services, deletedStatus: deleted.status };
}

describe('permissions', () => {
  it('signed-out callers get 401 from every call', async () => {
    const { b, live, deleted } = await fixture();
    const { reads, writes } = everyCall(b, live._id, deleted._id);
    for (const [callPath, body] of [...reads, ...writes]) expectFailureEnvelope(await h.call(callPath, body), 401);
  });

  it(`members without services/view get 403 '${VIEW_REFUSAL}' from list and get`, async () => {
    const { b, live, deleted } = await fixture();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['customers/view', 'memories/view']);
    for (const [callPath, body] of everyCall(b, live._id, deleted._id).reads) {
      const result = await h.call(callPath, body, member.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors).toEqual([VIEW_REFUSAL]);
    }
  });

  it(`members with services/view can read, and every write is refused with 403 '${EDIT_REFUSAL}' and changes nothing`, async () => {
    const { owner, b, live, deleted } = await fixture();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['services/view']);
    const { reads, writes } = everyCall(b, live._id, deleted._id);
    for (const [callPath, body] of reads) expect((await h.call(callPath, body, member.token)).status).toBe(200);
    const before = await snapshot(owner, b, deleted._id);
    const eventCount = h.events.length;
    for (const [callPath, body] of writes) {
      const result = await h.call(callPath, body, member.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors, callPath).toEqual([EDIT_REFUSAL]);
    }
    expect(await snapshot(owner, b, deleted._id)).toEqual(before);
    expect(h.events.length).toBe(eventCount);
  });

  it('members with services/edit (and admins) can write', async () => {
    const { b, live, deleted } = await fixture();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['services/view', 'services/edit']);
    const admin = await h.signUp();
    await h.addMember(b, admin.user.id, ['admin']);
    const { writes } = everyCall(b, live._id, deleted._id);
    for (const [callPath, body] of writes)
      expect((await h.call(callPath, body, member.token)).status, callPath).toBe(200);
    expect((await h.call(path(b, 'list'), {}, admin.token)).status).toBe(200);
    expect(
      (await h.call(path(b, 'create'), { name: 'By admin', status: 'active', frequency: 7 }, admin.token)).status,
    ).toBe(200);
  });
});

describe('tenant isolation', () => {
  it("another business's service is never listed, read, changed, deleted or restored (404, unchanged)", async () => {
    const victim = await fixture();
    const intruder = await h.signUpWithBusiness();
    const ib = intruder.business._id;
    await createService(h, ib, intruder.token, { name: 'Intruder service' });
    const before = await snapshot(victim.owner, victim.b, victim.deleted._id);
    const eventCount = h.events.length;

    // Through the intruder's own business: the victim's ids are unknown there.
    const own = await h.call(path(ib, 'list'), { search: 'cleaning' }, intruder.token);
    expect(own.body.data.services).toEqual([]);
    for (const [callPath, body] of [
      [path(ib, `get/${victim.live._id}`), undefined],
      [path(ib, `update/${victim.live._id}`), { name: 'Hijacked' }],
      [path(ib, `delete/${victim.live._id}`), undefined],
      [path(ib, `restore/${victim.deleted._id}`), undefined],
    ] as [string, unknown][]) {
      expectFailureEnvelope(await h.call(callPath, body, intruder.token), 404);
    }
    // Through the victim's business id: the intruder is not a member.
    const { reads, writes } = everyCall(victim.b, victim.live._id, victim.deleted._id);
    for (const [callPath, body] of [...reads, ...writes])
      expectFailureEnvelope(await h.call(callPath, body, intruder.token), 404);

    expect(await snapshot(victim.owner, victim.b, victim.deleted._id)).toEqual(before);
    expect(h.events.length).toBe(eventCount);
  });
});
