import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemMessages } from '#contract/schemas/system';
import type { OutboundCall } from '#api/services/telephony/provider';
import { TelephonyError } from '#api/services/telephony/provider';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import { addSystem, randomUkMobile, systemsPath, telephonySystem, withProvider } from '#tests/support/system-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = systemsPath;

describe('settings/{system_id}/make-a-call', () => {
  it('rings the agent first from the business number, and the call is on the timeline at once', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await telephonySystem(h, b, owner.token);
    const customer = randomUkMobile();
    const agent = randomUkMobile();
    const placed: OutboundCall[] = [];
    const original = h.deps.telephony.placeCall;
    const result = await withProvider(h, { placeCall: async (call) => (placed.push(call), original(call)) }, () =>
      h.call(path(b, `settings/${system._id}/make-a-call`), { to: customer, agent_number: agent }, owner.token),
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual([systemMessages.callPlaced(customer)]);
    expect(result.body.messages).toEqual([`Calling ${customer}: your phone rings first.`]);
    const call = result.body.data.call;
    expect(call).toMatchObject({
      type: 'call',
      direction: 'outbound',
      status: 'completed',
      from: system.phone_number,
      to: customer,
      details: { agent_number: agent, placed_by: owner.user.id },
    });
    const hooks = `http://app.test/api/v1/webhooks/twilio/${system._id}`;
    expect(placed).toEqual([
      {
        to: customer,
        from: system.phone_number,
        agentNumber: agent,
        connectUrl: `${hooks}/voice/connect?to=${encodeURIComponent(customer)}`,
        statusCallback: `${hooks}/status`,
      },
    ]);

    const calls = await h.call(`businesses/calls/${b}/list`, undefined, owner.token);
    expect(calls.body.data.calls.map((item: { _id: string }) => item._id)).toEqual([call._id]);
    const timeline = await h.call(`businesses/timeline/${b}/list`, undefined, owner.token);
    expect(timeline.body.data.timeline.map((item: { _id: string }) => item._id)).toContain(call._id);
    expect(h.events.some((event) => event.event === 'CallCreated' && event.payload.id === call._id)).toBe(true);

    const events = await h.call(path(b, `list-events/${system._id}`), undefined, owner.token);
    expect(events.body.data.events.find((event: { name: string }) => event.name === 'call.placed')).toMatchObject({
      kind: 'action',
      outcome: 'ok',
      details: {
        to: customer,
        from: system.phone_number,
        agent_number: agent,
        call_id: expect.stringMatching(/^CA-sandbox-/),
        item_id: call._id,
      },
    });
  });

  it('the recent-calls follow-up finds it: calls list with created_at in the last 3 minutes and limit 50', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await telephonySystem(h, b, owner.token);
    h.clock.offsetMs = -4 * 60_000;
    const old = await h.call(
      path(b, `settings/${system._id}/make-a-call`),
      { to: randomUkMobile(), agent_number: randomUkMobile() },
      owner.token,
    );
    h.clock.offsetMs = 0;
    const recent = await h.call(
      path(b, `settings/${system._id}/make-a-call`),
      { to: randomUkMobile(), agent_number: randomUkMobile() },
      owner.token,
    );
    expect(old.status).toBe(200);
    expect(recent.status).toBe(200);

    const from = new Date(Date.now() - 3 * 60_000).toISOString();
    const list = await h.call(`businesses/calls/${b}/list`, { created_at: { from }, limit: 50 }, owner.token);
    expect(list.status).toBe(200);
    expect(list.body.data.calls.map((item: { _id: string }) => item._id)).toEqual([recent.body.data.call._id]);
    expect(list.body.data).toMatchObject({ total: 1, limit: 50, page: 0 });
    const bounded = await h.call(
      `businesses/calls/${b}/list`,
      { created_at: { from, to: new Date(Date.now() + 1000).toISOString() }, limit: 50 },
      owner.token,
    );
    expect(bounded.body.data.calls.map((item: { _id: string }) => item._id)).toEqual([recent.body.data.call._id]);
    const all = await h.call(`businesses/calls/${b}/list`, { limit: 50 }, owner.token);
    expect(all.body.data.total).toBe(2);
  });

  it('goes out from another number of the same business, never from a number that is not ours', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await telephonySystem(h, b, owner.token);
    const second = await telephonySystem(h, b, owner.token);
    const other = await h.signUpWithBusiness();
    const foreign = await telephonySystem(h, other.business._id, other.token);
    const call = (from: string) =>
      h.call(
        path(b, `settings/${system._id}/make-a-call`),
        { to: randomUkMobile(), from, agent_number: randomUkMobile() },
        owner.token,
      );

    const fromSecond = await call(second.phone_number!);
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.body.data.call.from).toBe(second.phone_number);
    expectFieldError(await call(foreign.phone_number!), 'from', systemMessages.fromNotOurs);
    expectFieldError(await call('+442079460999'), 'from', systemMessages.fromNotOurs);
  });

  it('needs a number, validates the numbers, and reports provider failures', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const bare = await addSystem(h, b, owner.token, 'telephony');
    const noNumber = await h.call(
      path(b, `settings/${bare._id}/make-a-call`),
      { to: randomUkMobile(), agent_number: randomUkMobile() },
      owner.token,
    );
    expectFailureEnvelope(noNumber, 422);
    expect(noNumber.body.errors).toEqual([systemMessages.needsNumber]);
    const leads = await addSystem(h, b, owner.token, 'leadcatcher');
    expect(
      (
        await h.call(
          path(b, `settings/${leads._id}/make-a-call`),
          { to: randomUkMobile(), agent_number: randomUkMobile() },
          owner.token,
        )
      ).body.errors,
    ).toEqual([systemMessages.notAPhoneSystem]);

    const system = await telephonySystem(h, b, owner.token);
    expectFieldError(
      await h.call(path(b, `settings/${system._id}/make-a-call`), { to: randomUkMobile() }, owner.token),
      'agent_number',
      systemMessages.agentRequired,
    );
    const badTo = await h.call(
      path(b, `settings/${system._id}/make-a-call`),
      { to: '12345', agent_number: randomUkMobile() },
      owner.token,
    );
    expect(badTo.status).toBe(422);
    expect(badTo.body.field_errors?.to?.[0]).toMatch(/^Phone numbers must be in international format, E.164 format/);

    const failed = await withProvider(
      h,
      { placeCall: () => Promise.reject(new TelephonyError('The provider refused the call.')) },
      () =>
        h.call(
          path(b, `settings/${system._id}/make-a-call`),
          { to: randomUkMobile(), agent_number: randomUkMobile() },
          owner.token,
        ),
    );
    expectFailureEnvelope(failed, 502);
    expect(failed.body.errors).toEqual(['The provider refused the call.']);
    expect((await h.call(`businesses/calls/${b}/list`, undefined, owner.token)).body.data.total).toBe(0);
    const events = await h.call(path(b, `list-events/${system._id}`), undefined, owner.token);
    expect(events.body.data.events.find((event: { name: string }) => event.name === 'call.placed')).toMatchObject({
      outcome: 'failed',
      error: 'The provider refused the call.',
    });
  });
});

describe('settings/{system_id}/send-a-message', () => {
  it('texts from the business number: in the sandbox outbox and on the timeline as an outbound SMS', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await telephonySystem(h, b, owner.token);
    const to = randomUkMobile();
    const result = await h.call(
      path(b, `settings/${system._id}/send-a-message`),
      { to, message: '  Your quote is ready.  ' },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual([systemMessages.messageSent(to)]);
    expect(result.body.messages).toEqual([`Message sent to ${to}.`]);
    const sms = result.body.data.sms;
    expect(sms).toMatchObject({
      type: 'sms',
      direction: 'outbound',
      status: 'delivered',
      from: system.phone_number,
      to,
      body: 'Your quote is ready.',
      details: { sent_by: owner.user.id },
    });

    const [sent] = await h.outboxFor(to, 'sms');
    expect(sent).toMatchObject({
      channel: 'sms',
      to,
      from: system.phone_number,
      body: 'Your quote is ready.',
      provider: 'sandbox',
      delivered: true,
    });
    const smses = await h.call(`businesses/smses/${b}/list`, undefined, owner.token);
    expect(smses.body.data.smses.map((item: { _id: string }) => item._id)).toEqual([sms._id]);
    expect(h.events.some((event) => event.event === 'SmsCreated' && event.payload.id === sms._id)).toBe(true);
    const events = await h.call(path(b, `list-events/${system._id}`), undefined, owner.token);
    expect(events.body.data.events.find((event: { name: string }) => event.name === 'sms.sent')).toMatchObject({
      outcome: 'ok',
      details: { to, from: system.phone_number, message_id: expect.stringMatching(/^SM-sandbox-/), item_id: sms._id },
    });
  });

  it('matches the contact by phone, and validates the message and the sender', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const system = await telephonySystem(h, b, owner.token);
    const to = randomUkMobile();
    const contact = await h.call(
      `businesses/customers/${b}/create`,
      { first_name: 'Ada', status: 'customer', phones: [to] },
      owner.token,
    );
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    const sent = await h.call(
      path(b, `settings/${system._id}/send-a-message`),
      { to, message: 'Hello Ada' },
      owner.token,
    );
    expect(sent.body.data.sms.customer_id).toBe(contact.body.data.customer._id);

    expectFieldError(
      await h.call(path(b, `settings/${system._id}/send-a-message`), { to, message: ' ' }, owner.token),
      'message',
      systemMessages.messageRequired,
    );
    expectFieldError(
      await h.call(path(b, `settings/${system._id}/send-a-message`), { to, message: 'x'.repeat(1601) }, owner.token),
      'message',
      systemMessages.messageTooLong,
    );
    expectFieldError(
      await h.call(
        path(b, `settings/${system._id}/send-a-message`),
        { to, message: 'Hi', from: '+442079460999' },
        owner.token,
      ),
      'from',
      systemMessages.fromNotOurs,
    );
    const bare = await addSystem(h, b, owner.token, 'mobile');
    expect(
      (await h.call(path(b, `settings/${bare._id}/send-a-message`), { to, message: 'Hi' }, owner.token)).body.errors,
    ).toEqual([systemMessages.needsNumber]);
    expect((await h.outboxFor(to, 'sms')).length).toBe(1);
  });
});
