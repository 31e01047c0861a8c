import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChunks } from '#api/db/schema';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import { createService, expectServiceShape } from '#tests/support/services';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = (businessId: string, action: string) => `businesses/services/${businessId}/${action}`;
const eventsFor = (id: string) => h.events.filter((event) => event.payload.id === id);

/** The knowledge chunks indexed for one service (what the assistant's search sees). */
const chunksOf = (serviceId: string) =>
  h.database.db
    .select()
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.serviceId, serviceId))
    .orderBy(asc(knowledgeChunks.ordinal));

describe('businesses/services/{business_id}/create', () => {
  it("creates a service and answers data.service in the ApiService shape with 'Service created.'", async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(
      path(owner.business._id, 'create'),
      {
        name: '  Window cleaning ',
        status: 'active',
        frequency: '28',
        description: 'Outside windows, frames and sills.',
        price: 'From £25',
      },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Service created.']);
    expect(Object.keys(result.body.data)).toEqual(['service']);
    const service = result.body.data.service;
    expectServiceShape(service);
    expect(service).toMatchObject({
      name: 'Window cleaning',
      status: 'active',
      frequency: 28,
      description: 'Outside windows, frames and sills.',
      price: 'From £25',
      deleted_at: null,
    });
  });

  it('needs only name, status and frequency; description and price are null', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(
      path(owner.business._id, 'create'),
      { name: 'Boiler service', status: 'inactive', frequency: 0 },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.service).toMatchObject({
      name: 'Boiler service',
      status: 'inactive',
      frequency: 0,
      description: null,
      price: null,
    });
  });

  it('publishes ServiceCreated on the business channel with the record', async () => {
    const owner = await h.signUpWithBusiness();
    const service = await createService(h, owner.business._id, owner.token);
    expect(eventsFor(service._id)).toEqual([
      { channels: [`private-business.${owner.business._id}`], event: 'ServiceCreated', payload: { id: service._id } },
    ]);
  });

  it('indexes an active service for the knowledge search', async () => {
    const owner = await h.signUpWithBusiness();
    const service = await createService(h, owner.business._id, owner.token, {
      name: 'Gutter clearing',
      description: 'We clear gutters and downpipes.',
      price: '£60',
    });
    const chunks = await chunksOf(service._id);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((chunk) => chunk.businessId === owner.business._id)).toBe(true);
    const text = chunks.map((chunk) => `${chunk.heading ?? ''} ${chunk.text}`).join(' ');
    expect(text).toContain('Gutter clearing');
    expect(text).toContain('gutters and downpipes');
  });

  it('does not index an inactive service', async () => {
    const owner = await h.signUpWithBusiness();
    const service = await createService(h, owner.business._id, owner.token, { status: 'inactive' });
    expect(await chunksOf(service._id)).toEqual([]);
  });
});

describe('validation with the spec messages', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a missing name', { status: 'active', frequency: 7 }, 'name', 'Service name is required.'],
    ['a blank name', { name: '   ', status: 'active', frequency: 7 }, 'name', 'Service name is required.'],
    ['a missing status', { name: 'Cut', frequency: 7 }, 'status', 'Service status is required.'],
    ['an unknown status', { name: 'Cut', status: 'paused', frequency: 7 }, 'status', 'Service status is required.'],
    ['a missing frequency', { name: 'Cut', status: 'active' }, 'frequency', 'Service frequency is required.'],
    [
      'a blank frequency',
      { name: 'Cut', status: 'active', frequency: '' },
      'frequency',
      'Service frequency is required.',
    ],
    [
      'a frequency with letters',
      { name: 'Cut', status: 'active', frequency: 'weekly' },
      'frequency',
      'Service frequency must be a number.',
    ],
    [
      'a negative frequency',
      { name: 'Cut', status: 'active', frequency: -3 },
      'frequency',
      'Service frequency must be a number.',
    ],
    [
      'a fractional frequency',
      { name: 'Cut', status: 'active', frequency: '2.5' },
      'frequency',
      'Service frequency must be a number.',
    ],
  ];
  for (const [what, body, field, message] of cases) {
    it(`refuses ${what} with 422 '${message}' and creates nothing`, async () => {
      const owner = await h.signUpWithBusiness();
      const result = await h.call(path(owner.business._id, 'create'), body, owner.token);
      expectFieldError(result, field, message);
      const list = await h.call(path(owner.business._id, 'list'), {}, owner.token);
      expect(list.body.data.total).toBe(0);
    });
  }

  it('names every missing field at once', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(path(owner.business._id, 'create'), {}, owner.token);
    expect(result.status).toBe(422);
    expect(result.body.field_errors).toMatchObject({
      name: ['Service name is required.'],
      status: ['Service status is required.'],
      frequency: ['Service frequency is required.'],
    });
  });

  it('validates an update with the same messages, and a refused update changes nothing', async () => {
    const owner = await h.signUpWithBusiness();
    const service = await createService(h, owner.business._id, owner.token);
    expectFieldError(
      await h.call(path(owner.business._id, `update/${service._id}`), { frequency: 'often' }, owner.token),
      'frequency',
      'Service frequency must be a number.',
    );
    expectFieldError(
      await h.call(path(owner.business._id, `update/${service._id}`), { name: '' }, owner.token),
      'name',
      'Service name is required.',
    );
    const got = await h.call(path(owner.business._id, `get/${service._id}`), undefined, owner.token);
    expect(got.body.data.service).toEqual(service);
  });
});

describe('get, update, delete and restore', () => {
  it('gets one service as data.service', async () => {
    const owner = await h.signUpWithBusiness();
    const service = await createService(h, owner.business._id, owner.token);
    const result = await h.call(path(owner.business._id, `get/${service._id}`), undefined, owner.token);
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ service });
  });

  it("updates only the fields sent with 'Service updated.', clears description with null, and re-indexes", async () => {
    const owner = await h.signUpWithBusiness();
    const service = await createService(h, owner.business._id, owner.token, {
      name: 'Lawn mowing',
      description: 'Front and back lawns.',
      price: '£30',
    });
    h.clock.offsetMs += 60_000;
    const result = await h.call(
      path(owner.business._id, `update/${service._id}`),
      { name: 'Lawn care', frequency: 14, description: null },
      owner.token,
    );
    h.clock.offsetMs -= 60_000;
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Service updated.']);
    const updated = result.body.data.service;
    expect(updated).toMatchObject({
      name: 'Lawn care',
      frequency: 14,
      description: null,
      price: '£30',
      status: 'active',
      created_at: service.created_at,
    });
    expect(updated.updated_at > service.updated_at).toBe(true);
    expect(eventsFor(service._id).map((event) => event.event)).toEqual(['ServiceCreated', 'ServiceUpdated']);
    const text = (await chunksOf(service._id)).map((chunk) => `${chunk.heading ?? ''} ${chunk.text}`).join(' ');
    expect(text).toContain('Lawn care');
    expect(text).not.toContain('Front and back lawns');
  });

  it('drops a service from the index when it becomes inactive, and adds it back when active again', async () => {
    const owner = await h.signUpWithBusiness();
    const service = await createService(h, owner.business._id, owner.token);
    await h.call(path(owner.business._id, `update/${service._id}`), { status: 'inactive' }, owner.token);
    expect(await chunksOf(service._id)).toEqual([]);
    await h.call(path(owner.business._id, `update/${service._id}`), { status: 'active' }, owner.token);
    expect((await chunksOf(service._id)).length).toBeGreaterThan(0);
  });

  it("deletes softly with 'Service deleted.', and restore brings back exactly the same record with 'Service restored.'", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const service = await createService(h, b, owner.token);
    const deleted = await h.call(path(b, `delete/${service._id}`), undefined, owner.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.messages).toEqual(['Service deleted.']);
    expect(deleted.body.data.service).toEqual({ ...service, deleted_at: expect.any(String) });
    expect(await chunksOf(service._id)).toEqual([]);

    expect((await h.call(path(b, `get/${service._id}`), undefined, owner.token)).status).toBe(404);
    expect((await h.call(path(b, 'list'), {}, owner.token)).body.data.services).toEqual([]);
    expectFailureEnvelope(await h.call(path(b, `update/${service._id}`), { name: 'Ghost' }, owner.token), 404);
    expectFailureEnvelope(await h.call(path(b, `delete/${service._id}`), undefined, owner.token), 404);

    const restored = await h.call(path(b, `restore/${service._id}`), undefined, owner.token);
    expect(restored.status).toBe(200);
    expect(restored.body.messages).toEqual(['Service restored.']);
    expect(restored.body.data.service).toEqual(service);
    expect((await chunksOf(service._id)).length).toBeGreaterThan(0);
    expect((await h.call(path(b, 'list'), {}, owner.token)).body.data.services).toEqual([service]);
    expect(eventsFor(service._id).map((event) => event.event)).toEqual([
      'ServiceCreated',
      'ServiceDeleted',
      'ServiceCreated',
    ]);
  });

  it('refuses to restore a service that is not deleted, or unknown, with 404', async () => {
    const owner = await h.signUpWithBusiness();
    const service = await createService(h, owner.business._id, owner.token);
    expectFailureEnvelope(
      await h.call(path(owner.business._id, `restore/${service._id}`), undefined, owner.token),
      404,
    );
    expectFailureEnvelope(await h.call(path(owner.business._id, 'restore/nope'), undefined, owner.token), 404);
    expectFailureEnvelope(await h.call(path(owner.business._id, 'get/nope'), undefined, owner.token), 404);
  });
});
