import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_URL_NOT_PUBLIC } from '#contract/fields';
import { messages } from '#contract/messages';
import {
  runWebhookDeliveries,
  WEBHOOK_BACKOFF_MS,
  WEBHOOK_MAX_ATTEMPTS,
} from '#api/features/outgoing-webhooks/deliveries';
import { endpointUrlRefusal } from '#api/features/outgoing-webhooks/endpoints';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { startWebhookReceiver, verifySignature } from '#tests/support/webhook-receiver';

let h: Harness;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let owner: Awaited<ReturnType<Harness['signUpWithBusiness']>>;
let b: string;

const base = () => `businesses/outgoing-webhooks/${b}`;
const nowSeconds = () => Math.floor(h.clock.now().getTime() / 1000);
const tick = () => runWebhookDeliveries(h.deps, { businessIds: [b] });

async function endpoint(events: string[] = ['contact.created'], extra: Record<string, unknown> = {}) {
  const created = await h.call(`${base()}/create`, { url: receiver.url, events, ...extra }, owner.token);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.outgoing_webhook as {
    _id: string;
    secret: string;
    url: string;
    events: string[];
    enabled: boolean;
  };
}

beforeAll(async () => {
  // The receiver listens on 127.0.0.1: reachable only under the loopback test allowance.
  h = await createHarness({
    outbound: { allowLoopback: true, resolve: async () => [{ address: '10.0.0.5', family: 4 }] },
  });
  receiver = await startWebhookReceiver();
  owner = await h.signUpWithBusiness();
  b = owner.business._id;
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

describe('outgoing webhook endpoints', () => {
  it('are created for https endpoints and chosen events, with a whsec_ signing secret', async () => {
    const created = await endpoint(['order.created', 'contact.created'], { description: 'Our CRM' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.events).toEqual(['contact.created', 'order.created']);
    expect(created.enabled).toBe(true);
    const listed = await h.call(`${base()}/list`, undefined, owner.token);
    expect(listed.body.data.outgoing_webhooks.map((row: { _id: string }) => row._id)).toContain(created._id);
    await h.call(`${base()}/delete/${created._id}`, undefined, owner.token);
  });

  it('refuse bad input with clear messages', async () => {
    const cases: [unknown, string, string][] = [
      [{ events: ['contact.created'] }, 'url', messages.outgoingWebhook.urlRequired],
      [{ url: '  ', events: ['contact.created'] }, 'url', messages.outgoingWebhook.urlRequired],
      [
        { url: 'ftp://example.com/x', events: ['contact.created'] },
        'url',
        'Enter a web address that starts with http:// or https://, such as https://example.com.',
      ],
      [{ url: 'http://hooks.example.com/x', events: ['contact.created'] }, 'url', messages.outgoingWebhook.urlHttps],
      [{ url: 'https://10.1.2.3/x', events: ['contact.created'] }, 'url', WEB_URL_NOT_PUBLIC],
      [{ url: 'https://hooks.example.com/x' }, 'events', messages.outgoingWebhook.eventsRequired],
      [{ url: 'https://hooks.example.com/x', events: [] }, 'events', messages.outgoingWebhook.eventsRequired],
      [
        { url: 'https://hooks.example.com/x', events: ['everything'] },
        'events[0]',
        messages.outgoingWebhook.eventUnknown,
      ],
    ];
    for (const [body, field, message] of cases) {
      const result = await h.call(`${base()}/create`, body, owner.token);
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body.field_errors?.[field], JSON.stringify(result.body)).toContain(message);
    }
    const list = await h.call(`${base()}/list`, undefined, owner.token);
    expect(list.body.data.outgoing_webhooks.some((row: { url: string }) => row.url.includes('example.com'))).toBe(
      false,
    );
  });

  it('accept plain http on loopback only under the test allowance', () => {
    expect(endpointUrlRefusal('http://127.0.0.1:4000/hooks', {})).toBe(messages.outgoingWebhook.urlHttps);
    expect(endpointUrlRefusal('https://127.0.0.1:4000/hooks', undefined)).toBe(WEB_URL_NOT_PUBLIC);
    expect(endpointUrlRefusal('https://localhost/hooks', {})).toBe(WEB_URL_NOT_PUBLIC);
    expect(endpointUrlRefusal('http://127.0.0.1:4000/hooks', { allowLoopback: true })).toBeNull();
    expect(endpointUrlRefusal('http://10.0.0.1/hooks', { allowLoopback: true })).toBe(
      messages.outgoingWebhook.urlHttps,
    );
  });

  it('are for admins only, and another business never finds them', async () => {
    const created = await endpoint();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['businesses/edit', 'customers/edit']);
    const outsider = await h.signUpWithBusiness();
    const calls = [
      'list',
      'create',
      `get/${created._id}`,
      `update/${created._id}`,
      `delete/${created._id}`,
      `rotate-secret/${created._id}`,
      `send-test/${created._id}`,
      `deliveries/${created._id}`,
    ];
    for (const call of calls) {
      const body =
        call === 'create'
          ? { url: 'https://hooks.example.com/x', events: ['contact.created'] }
          : call.startsWith('update')
            ? { enabled: false }
            : undefined;
      const refused = await h.call(`${base()}/${call}`, body, member.token);
      expect(refused.status, call).toBe(403);
      expect(refused.body.errors).toEqual(['Only admins can manage outgoing webhooks.']);
      expect((await h.call(`${base()}/${call}`, body, outsider.token)).status, call).toBe(404);
      expect((await h.call(`${base()}/${call}`, body)).status, call).toBe(401);
    }
    // The outsider's own business does not reach this business's endpoint either.
    const theirs = `businesses/outgoing-webhooks/${outsider.business._id}`;
    for (const call of [
      `get/${created._id}`,
      `update/${created._id}`,
      `delete/${created._id}`,
      `rotate-secret/${created._id}`,
      `send-test/${created._id}`,
      `deliveries/${created._id}`,
    ]) {
      const result = await h.call(
        `${theirs}/${call}`,
        call.startsWith('update') ? { enabled: false } : undefined,
        outsider.token,
      );
      expect(result.status, call).toBe(404);
      expect(result.body.errors).toEqual(['The webhook endpoint was not found.']);
    }
    expect(receiver.received).toHaveLength(0);
    const still = await h.call(`${base()}/get/${created._id}`, undefined, owner.token);
    expect(still.body.data.outgoing_webhook.enabled).toBe(true);
    await h.call(`${base()}/delete/${created._id}`, undefined, owner.token);
  });
});

describe('outgoing webhook deliveries', () => {
  it('send a created contact signed with t=…,v1=…, and log status, code, attempts and duration', async () => {
    receiver.received.length = 0;
    receiver.state.status = 200;
    const hook = await endpoint(['contact.created']);
    const contact = await h.call(
      `businesses/customers/${b}/create`,
      { first_name: 'Webhook', last_name: 'Person', status: 'lead' },
      owner.token,
    );
    expect(contact.status).toBe(200);
    // An order is not chosen by this endpoint: nothing is queued for it.
    await h.call(
      `businesses/orders/${b}/create`,
      { customer_id: contact.body.data.customer._id, status: 'new' },
      owner.token,
    );
    const result = await tick();
    expect(result).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request.json).toMatchObject({
      type: 'contact.created',
      business_id: b,
      data: { contact: { _id: contact.body.data.customer._id, first_name: 'Webhook' } },
    });
    expect(request.json.id).toMatch(/^evt_/);
    expect(request.headers['x-assistant-event']).toBe('contact.created');
    expect(request.headers['x-assistant-event-id']).toBe(request.json.id);
    expect(
      verifySignature(request.headers['x-assistant-signature'] as string, request.body, hook.secret, nowSeconds()),
    ).toBe(true);
    // Any change to the body, or another secret, fails the check.
    expect(
      verifySignature(
        request.headers['x-assistant-signature'] as string,
        request.body.replace('Webhook', 'Webhooq'),
        hook.secret,
        nowSeconds(),
      ),
    ).toBe(false);
    expect(
      verifySignature(
        request.headers['x-assistant-signature'] as string,
        request.body,
        `${hook.secret}x`,
        nowSeconds(),
      ),
    ).toBe(false);

    const log = await h.call(`${base()}/deliveries/${hook._id}`, undefined, owner.token);
    expect(log.status).toBe(200);
    expect(log.body.data.deliveries).toHaveLength(1);
    expect(log.body.data.deliveries[0]).toMatchObject({
      event_type: 'contact.created',
      status: 'sent',
      response_status: 200,
      attempts: 1,
      last_error: null,
      next_attempt_at: null,
    });
    expect(typeof log.body.data.deliveries[0].duration_ms).toBe('number');
    expect((await tick()).claimed).toEqual([]);
    await h.call(`${base()}/delete/${hook._id}`, undefined, owner.token);
  });

  it('retry a failing endpoint after 1 min, 5 min, … and give up after the last attempt (fake clock)', async () => {
    receiver.received.length = 0;
    receiver.state.status = 500;
    const hook = await endpoint(['order.created']);
    const contact = await h.call(
      `businesses/customers/${b}/create`,
      { first_name: 'Retry', status: 'lead' },
      owner.token,
    );
    await h.call(
      `businesses/orders/${b}/create`,
      { customer_id: contact.body.data.customer._id, status: 'new' },
      owner.token,
    );
    const start = h.clock.offsetMs;
    try {
      expect(await tick()).toMatchObject({ sent: 0, retried: 1 });
      let [row] = (await h.call(`${base()}/deliveries/${hook._id}`, undefined, owner.token)).body.data.deliveries;
      expect(row).toMatchObject({
        event_type: 'order.created',
        status: 'pending',
        attempts: 1,
        response_status: 500,
        last_error: 'HTTP 500: receiver is down',
      });
      const waited = Date.parse(row.next_attempt_at) - Date.parse(row.last_attempt_at);
      expect(waited).toBe(WEBHOOK_BACKOFF_MS[0]);
      // Not before its time.
      h.clock.offsetMs += WEBHOOK_BACKOFF_MS[0] - 5_000;
      expect((await tick()).claimed).toEqual([]);
      h.clock.offsetMs += 6_000;
      expect(await tick()).toMatchObject({ retried: 1 });
      [row] = (await h.call(`${base()}/deliveries/${hook._id}`, undefined, owner.token)).body.data.deliveries;
      expect(row.attempts).toBe(2);
      expect(Date.parse(row.next_attempt_at) - Date.parse(row.last_attempt_at)).toBe(WEBHOOK_BACKOFF_MS[1]);
      // Every later attempt waits longer than the one before, until the last one fails for good.
      for (let attempt = 3; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
        h.clock.offsetMs += WEBHOOK_BACKOFF_MS[attempt - 2] + 1_000;
        await tick();
      }
      [row] = (await h.call(`${base()}/deliveries/${hook._id}`, undefined, owner.token)).body.data.deliveries;
      expect(row).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, next_attempt_at: null });
      expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
      // Every attempt carried the same event id: receivers de-duplicate on it.
      expect(new Set(receiver.received.map((request) => request.json.id)).size).toBe(1);
      h.clock.offsetMs += 48 * 3600_000;
      expect((await tick()).claimed).toEqual([]);
    } finally {
      h.clock.offsetMs = start;
      receiver.state.status = 200;
      await h.call(`${base()}/delete/${hook._id}`, undefined, owner.token);
    }
  });

  it('send a test event at once, and recover on the next retry once the endpoint answers', async () => {
    receiver.received.length = 0;
    receiver.state.status = 503;
    const hook = await endpoint(['call.ended']);
    const first = await h.call(`${base()}/send-test/${hook._id}`, undefined, owner.token);
    expect(first.status).toBe(200);
    expect(first.body.data.delivery).toMatchObject({
      event_type: 'webhook.test',
      status: 'pending',
      attempts: 1,
      response_status: 503,
    });
    expect(first.body.messages?.[0]).toMatch(/^Test event not delivered: HTTP 503/);
    receiver.state.status = 204;
    const start = h.clock.offsetMs;
    try {
      h.clock.offsetMs += WEBHOOK_BACKOFF_MS[0] + 1_000;
      expect(await tick()).toMatchObject({ sent: 1 });
    } finally {
      h.clock.offsetMs = start;
    }
    const again = await h.call(`${base()}/send-test/${hook._id}`, undefined, owner.token);
    expect(again.body.data.delivery).toMatchObject({ status: 'sent', response_status: 204, attempts: 1 });
    expect(again.body.messages).toEqual(['Test event delivered (HTTP 204).']);
    expect(receiver.received.every((request) => request.json.type === 'webhook.test')).toBe(true);
    await h.call(`${base()}/delete/${hook._id}`, undefined, owner.token);
  });

  it('stop while an endpoint is disabled, and sign with the new secret after a rotation', async () => {
    receiver.received.length = 0;
    const hook = await endpoint(['contact.created']);
    const disabled = await h.call(`${base()}/update/${hook._id}`, { enabled: false }, owner.token);
    expect(disabled.body.messages).toEqual(['Webhook endpoint disabled.']);
    await h.call(`businesses/customers/${b}/create`, { first_name: 'Unsent', status: 'lead' }, owner.token);
    expect((await tick()).claimed).toEqual([]);
    await h.call(`${base()}/update/${hook._id}`, { enabled: true }, owner.token);
    const rotated = await h.call(`${base()}/rotate-secret/${hook._id}`, undefined, owner.token);
    const secret = rotated.body.data.outgoing_webhook.secret as string;
    expect(secret).not.toBe(hook.secret);
    await h.call(`businesses/customers/${b}/create`, { first_name: 'Rotated', status: 'lead' }, owner.token);
    expect(await tick()).toMatchObject({ sent: 1 });
    expect(receiver.received.map((request) => request.json.data.contact.first_name)).toEqual(['Rotated']);
    const [request] = receiver.received;
    expect(
      verifySignature(request.headers['x-assistant-signature'] as string, request.body, secret, nowSeconds()),
    ).toBe(true);
    expect(
      verifySignature(request.headers['x-assistant-signature'] as string, request.body, hook.secret, nowSeconds()),
    ).toBe(false);
    await h.call(`${base()}/delete/${hook._id}`, undefined, owner.token);
    expect((await h.call(`${base()}/get/${hook._id}`, undefined, owner.token)).status).toBe(404);
  });

  it('send an SMS received and a web form lead, but not an SMS sent', async () => {
    receiver.received.length = 0;
    receiver.state.status = 200;
    const hook = await endpoint(['sms.received', 'lead.received']);
    const item = async (body: Record<string, unknown>) => {
      const result = await h.call(`dev/system-items/${b}/create`, { from: '+442071234888', ...body }, owner.token);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body.data.item._id as string;
    };
    const sms = await item({ type: 'sms', body: 'Are you open today?' });
    await item({ type: 'sms', direction: 'outbound', to: '+442071234888', body: 'Yes, until six.' });
    const form = await item({ type: 'form', body: 'A lead from the website' });
    expect(await tick()).toMatchObject({ sent: 2 });
    const byType = Object.fromEntries(receiver.received.map((request) => [request.json.type, request.json.data]));
    expect(Object.keys(byType).sort()).toEqual(['lead.received', 'sms.received']);
    expect(byType['sms.received'].sms._id).toBe(sms);
    expect(byType['lead.received'].form._id).toBe(form);
    await h.call(`${base()}/delete/${hook._id}`, undefined, owner.token);
  });

  it('never reach a name that resolves to a private address (the outbound guard at connect time)', async () => {
    receiver.received.length = 0;
    const created = await h.call(
      `${base()}/create`,
      { url: 'https://hooks.internal-name.example/x', events: ['contact.created'] },
      owner.token,
    );
    expect(created.status).toBe(200);
    const id = created.body.data.outgoing_webhook._id;
    const sent = await h.call(`${base()}/send-test/${id}`, undefined, owner.token);
    expect(sent.body.data.delivery).toMatchObject({
      status: 'pending',
      response_status: null,
      last_error: 'The address is not public, so nothing was sent.',
    });
    expect(receiver.received).toHaveLength(0);
    await h.call(`${base()}/delete/${id}`, undefined, owner.token);
  });
});
