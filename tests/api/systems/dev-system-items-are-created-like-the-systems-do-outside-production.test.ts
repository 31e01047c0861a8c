import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';

let harness: Harness;
beforeAll(async () => {
  harness = await createHarness();
});
afterAll(() => harness.close());

describe('dev/system-items/{business_id}/create', () => {
  it('creates a call, an SMS and a form through the timeline services, with their events', async () => {
    const owner = await harness.signUpWithBusiness();
    const id = owner.business._id;
    const call = await harness.call(
      `dev/system-items/${id}/create`,
      { type: 'call', status: 'voicemail', from: '+447700900111', body: 'Left a message' },
      owner.token,
    );
    expect(call.status).toBe(200);
    expect(call.body.data.item).toMatchObject({
      type: 'call',
      direction: 'inbound',
      status: 'voicemail',
      from: '+447700900111',
    });
    const sms = await harness.call(
      `dev/system-items/${id}/create`,
      { type: 'sms', direction: 'outbound', body: 'See you at ten' },
      owner.token,
    );
    expect(sms.body.data.item).toMatchObject({ type: 'sms', direction: 'outbound', body: 'See you at ten' });
    const form = await harness.call(
      `dev/system-items/${id}/create`,
      { type: 'form', body: 'Quote request', details: { fields: { name: 'Ada' } } },
      owner.token,
    );
    expect(form.body.data.item).toMatchObject({ type: 'form', details: { fields: { name: 'Ada' } } });
    const listed = await harness.call(`businesses/calls/${id}/list`, {}, owner.token);
    expect(listed.body.data.calls.map((item: { _id: string }) => item._id)).toContain(call.body.data.item._id);
    expect(harness.events.some((event) => event.event === 'CallCreated')).toBe(true);
  });

  it('is refused to non-members and in production', async () => {
    const owner = await harness.signUpWithBusiness();
    const stranger = await harness.signUp();
    const refused = await harness.call(
      `dev/system-items/${owner.business._id}/create`,
      { type: 'sms', body: 'x' },
      stranger.token,
    );
    expect(refused.status).toBe(404);
    harness.deps.env.APP_ENV = 'production';
    try {
      const hidden = await harness.call(
        `dev/system-items/${owner.business._id}/create`,
        { type: 'sms', body: 'x' },
        owner.token,
      );
      expect(hidden.status).toBe(404);
    } finally {
      harness.deps.env.APP_ENV = 'test';
    }
  });
});

describe('dev/outbox/list', () => {
  it('answers without signing in outside production, and as an unknown page in production', async () => {
    const open = await harness.call('dev/outbox/list');
    expect(open.status).toBe(200);
    expect(Array.isArray(open.body.data.messages)).toBe(true);
    harness.deps.env.APP_ENV = 'production';
    try {
      expect((await harness.call('dev/outbox/list')).status).toBe(404);
    } finally {
      harness.deps.env.APP_ENV = 'test';
    }
  });
});
