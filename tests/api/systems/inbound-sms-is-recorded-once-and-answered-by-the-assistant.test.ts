import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, conversations, outbox } from '#api/db/schema';
import { handleSms } from '#api/features/systems/inbound-sms';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  eventsOf,
  expectValidTwiml,
  notificationsOf,
  phoneSystem,
  randomUkMobile,
  setSystemSettings,
  sid,
  smsItems,
} from '#tests/support/inbound-fixtures';
import type { ApiSystem } from '#contract/v1/systems';
import { formatPhoneNumber } from '#contract/phone';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const smsParams = (system: ApiSystem, from: string, body: string, messageSid = sid('SM')) => ({
  AccountSid: 'ACtest',
  MessageSid: messageSid,
  SmsSid: messageSid,
  From: from,
  To: system.phone_number!,
  Body: body,
  NumMedia: '0',
});

async function thread(b: string, from: string) {
  const items = (await smsItems(h, b)).filter((sms) => sms.from === from || sms.to === from);
  return {
    inbound: items.filter((sms) => sms.direction === 'inbound'),
    outbound: items.filter((sms) => sms.direction === 'outbound'),
  };
}

describe('an inbound SMS', () => {
  it('is recorded with its contact, notifies members who may see SMS, and the assistant answers by SMS in an sms conversation', async () => {
    const { b, system, row } = await phoneSystem(h);
    const viewer = await h.signUp();
    const blind = await h.signUp();
    await h.addMember(b, viewer.user.id, ['smses/view']);
    await h.addMember(b, blind.user.id, ['calls/view']);
    const from = randomUkMobile();
    const params = smsParams(system, from, 'Hi, where are you based?');
    const xml = await handleSms(h.deps, row, params);
    expect(xml).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expectValidTwiml(xml);

    const { inbound, outbound } = await thread(b, from);
    expect(inbound).toHaveLength(1);
    const sms = inbound[0];
    expect(sms).toMatchObject({
      type: 'sms',
      body: 'Hi, where are you based?',
      from,
      to: system.phone_number,
      externalId: params.MessageSid,
      systemId: system._id,
      phonesFound: [from],
    });
    expect(sms.customerId).toBeTruthy();

    const notices = (await notificationsOf(h, b)).filter((notice) => notice.sourceId === sms.id);
    expect(notices.map((notice) => notice.userId).sort()).toEqual([row.createdBy, viewer.user.id].sort());
    expect(notices[0]).toMatchObject({
      kind: 'new_sms',
      title: `SMS from ${formatPhoneNumber(from)}`,
      body: 'Hi, where are you based?',
      internalLink: `/dashboard/sms/${sms.id}`,
      customerId: sms.customerId,
    });

    expect(outbound).toHaveLength(1);
    const reply = outbound[0];
    expect(reply).toMatchObject({
      from: system.phone_number,
      to: from,
      customerId: sms.customerId,
      systemId: system._id,
    });
    expect(reply.details).toMatchObject({ purpose: 'auto_reply', reply_to: sms.id });
    expect(reply.body!.length).toBeGreaterThan(0);
    const sent = await h.deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, from), eq(outbox.channel, 'sms')));
    expect(sent.map((entry) => entry.body)).toEqual([reply.body]);

    const conversationId = (sms.details as { conversation_id: string }).conversation_id;
    const [conversation] = await h.deps.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(conversation).toMatchObject({ channel: 'sms', customerId: sms.customerId });
    const messages = await h.deps.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId));
    expect(messages.map((message) => message.role).sort()).toEqual(['assistant', 'user']);
  });

  it('a retried webhook (same MessageSid) makes no second SMS, reply or notification', async () => {
    const { b, system, row } = await phoneSystem(h);
    const from = randomUkMobile();
    const params = smsParams(system, from, 'Do you work weekends?');
    await handleSms(h.deps, row, params);
    await handleSms(h.deps, row, params);
    await Promise.all([handleSms(h.deps, row, params), handleSms(h.deps, row, params)]);
    const { inbound, outbound } = await thread(b, from);
    expect(inbound).toHaveLength(1);
    expect(outbound).toHaveLength(1);
    expect((await notificationsOf(h, b)).filter((notice) => notice.sourceId === inbound[0].id)).toHaveLength(1);
    expect(
      (await eventsOf(h, system._id))
        .filter((event) => event.name === 'sms.incoming')
        .map((event) => event.outcome)
        .sort(),
    ).toEqual(['duplicate', 'duplicate', 'duplicate', 'ok']);
  });

  it("continues the sender's conversation for 24 hours, then starts a new one", async () => {
    const { b, system, row } = await phoneSystem(h);
    const from = randomUkMobile();
    await handleSms(h.deps, row, smsParams(system, from, 'Hello, do you do gutter cleaning?'));
    await handleSms(h.deps, row, smsParams(system, from, 'And how much is it?'));
    h.clock.offsetMs += 25 * 60 * 60 * 1000;
    try {
      await handleSms(h.deps, row, smsParams(system, from, 'Me again: are you open on Saturday?'));
    } finally {
      h.clock.offsetMs = 0;
    }
    const { inbound, outbound } = await thread(b, from);
    const ids = inbound
      .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime())
      .map((sms) => (sms.details as { conversation_id: string }).conversation_id);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(outbound).toHaveLength(3);
  });

  it('sends no reply when auto-reply is off, to carrier keywords such as STOP, or to an empty message', async () => {
    const phone = await phoneSystem(h);
    const { owner, b, system } = phone;
    let row = phone.row;
    const stopper = randomUkMobile();
    await handleSms(h.deps, row, smsParams(system, stopper, 'STOP'));
    await handleSms(h.deps, row, smsParams(system, stopper, ''));
    expect((await thread(b, stopper)).inbound).toHaveLength(2);
    expect((await thread(b, stopper)).outbound).toHaveLength(0);

    row = await setSystemSettings(h, b, system._id, owner.token, { sms_auto_reply: false });
    const quiet = randomUkMobile();
    await handleSms(h.deps, row, smsParams(system, quiet, 'What are your prices?'));
    expect((await thread(b, quiet)).inbound).toHaveLength(1);
    expect((await thread(b, quiet)).outbound).toHaveLength(0);
  });

  it('bad input answers an empty response and records a failed event', async () => {
    const { system, row } = await phoneSystem(h);
    expectValidTwiml(await handleSms(h.deps, row, { From: randomUkMobile(), Body: 'hi' }));
    expectValidTwiml(await handleSms(h.deps, row, { MessageSid: sid('SM'), Body: 'hi' }));
    const failed = (await eventsOf(h, system._id)).filter((event) => event.outcome === 'failed');
    expect(failed.map((event) => event.error)).toEqual(
      expect.arrayContaining(['MessageSid is missing', 'From is missing']),
    );
  });
});
