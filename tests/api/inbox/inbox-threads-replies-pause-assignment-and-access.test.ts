import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#api/db/schema';
import { handleSms } from '#api/features/systems/inbound-sms';
import { INBOX_PAUSE_MINUTES, inboxMessages } from '#contract/schemas/inbox';
import type { ApiInboxMessage, ApiInboxThread } from '#contract/v1/inbox';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { phoneSystem, randomUkMobile, sid, smsItems } from '#tests/support/inbound-fixtures';

let h: Harness;
// Each test plays several inbound SMS through the assistant: generous on a busy machine.
beforeAll(async () => {
  h = await createHarness();
}, 240_000);
afterAll(async () => {
  await h.close();
});

type Phone = Awaited<ReturnType<typeof phoneSystem>>;
const inbox = (b: string, action: string) => `businesses/inbox/${b}/${action}`;

async function text(phone: Phone, from: string, body: string) {
  await handleSms(h.deps, phone.row, {
    AccountSid: 'ACtest',
    MessageSid: sid('SM'),
    From: from,
    To: phone.system.phone_number!,
    Body: body,
    NumMedia: '0',
  });
}

async function list(b: string, token: string, body: Record<string, unknown> = {}): Promise<ApiInboxThread[]> {
  const result = await h.call(inbox(b, 'list'), body, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.threads;
}

async function thread(
  b: string,
  token: string,
  customerId: string,
  markRead = false,
): Promise<{ thread: ApiInboxThread; messages: ApiInboxMessage[] }> {
  const result = await h.call(inbox(b, `get/${customerId}`), { mark_read: markRead }, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

const threadOf = (threads: ApiInboxThread[], from: string) =>
  threads.find((entry) => entry.customer.phones.includes(from));

async function laterBy<T>(ms: number, run: () => Promise<T>): Promise<T> {
  h.clock.offsetMs += ms;
  try {
    return await run();
  } finally {
    h.clock.offsetMs -= ms;
  }
}

async function autoReplies(b: string, to: string) {
  return (await smsItems(h, b)).filter(
    (sms) => sms.to === to && (sms.details as { purpose?: string }).purpose === 'auto_reply',
  );
}

describe('the shared inbox', { timeout: 180_000 }, () => {
  it("groups each contact's SMS and forms into one thread, newest first, with the assistant's replies marked and unread counts per member", async () => {
    const phone = await phoneSystem(h);
    const { b, owner } = phone;
    const textsOnly = await h.signUp();
    await h.addMember(b, textsOnly.user.id, ['smses/view']);
    const ann = randomUkMobile();
    const bob = randomUkMobile();
    await text(phone, ann, 'Hi, do you clean gutters?');
    await laterBy(60_000, () => text(phone, bob, 'Are you open on Saturday?'));
    const form = await laterBy(120_000, () =>
      h.call(
        `dev/system-items/${b}/create`,
        { type: 'form', from: ann, body: 'Please call me back about gutters' },
        owner.token,
      ),
    );
    expect(form.status, JSON.stringify(form.body)).toBe(200);

    const threads = await list(b, owner.token);
    expect(threads.map((entry) => entry.customer.phones[0]).slice(0, 2)).toEqual([ann, bob]);
    const annThread = threadOf(threads, ann)!;
    expect(annThread.message_count).toBe(3);
    expect(annThread.unread).toBe(2);
    expect(annThread.last_message).toMatchObject({
      type: 'form',
      author: 'contact',
      body: 'Please call me back about gutters',
    });
    expect(threadOf(threads, bob)).toMatchObject({
      unread: 1,
      message_count: 2,
      assigned_to: null,
      assistant_paused_until: null,
    });

    const opened = await thread(b, owner.token, annThread._id);
    expect(opened.messages.map((message) => [message.type, message.author])).toEqual([
      ['sms', 'contact'],
      ['sms', 'assistant'],
      ['form', 'contact'],
    ]);
    // A member who may see SMS but not forms gets the thread without the form.
    const forTextsOnly = threadOf(await list(b, textsOnly.token), ann)!;
    expect(forTextsOnly).toMatchObject({ message_count: 2, unread: 1 });
    expect(forTextsOnly.last_message).toMatchObject({ type: 'sms', author: 'assistant' });

    // Reading is each member's own.
    await thread(b, textsOnly.token, annThread._id, true);
    expect(threadOf(await list(b, textsOnly.token), ann)!.unread).toBe(0);
    expect(threadOf(await list(b, owner.token), ann)!.unread).toBe(2);
    await laterBy(180_000, () => text(phone, ann, 'Also, how much is it?'));
    expect(threadOf(await list(b, textsOnly.token), ann)!.unread).toBe(1);
    expect((await list(b, owner.token))[0].customer.phones).toContain(ann);
  });

  it('a reply texts the contact from the business number through the sandbox, is marked as the member’s, and pauses the assistant until hand-back', async () => {
    const phone = await phoneSystem(h);
    const { b, owner, system } = phone;
    const caller = randomUkMobile();
    await text(phone, caller, 'Can someone call me?');
    const customerId = threadOf(await list(b, owner.token), caller)!._id;
    expect(await autoReplies(b, caller)).toHaveLength(1);

    const sent = await h.call(
      inbox(b, `reply/${customerId}`),
      { message: 'Hi, this is Sam from the team.' },
      owner.token,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.messages).toEqual([inboxMessages.replySent]);
    expect(sent.body.data.sms).toMatchObject({
      direction: 'outbound',
      from: system.phone_number,
      to: caller,
      customer_id: customerId,
    });
    const pausedUntil = new Date(sent.body.data.assistant_paused_until).getTime();
    expect(pausedUntil - h.clock.now().getTime()).toBeGreaterThan((INBOX_PAUSE_MINUTES - 1) * 60_000);
    const outboxed = await h.deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, caller), eq(outbox.channel, 'sms')));
    expect(outboxed.map((entry) => entry.body)).toContain('Hi, this is Sam from the team.');
    expect(outboxed.find((entry) => entry.body === 'Hi, this is Sam from the team.')?.from).toBe(system.phone_number);

    const opened = await thread(b, owner.token, customerId);
    expect(opened.messages.at(-1)).toMatchObject({
      author: 'member',
      sent_by: { _id: owner.user.id, name: owner.name },
      body: 'Hi, this is Sam from the team.',
    });
    expect(opened.thread.assistant_paused_until).toBe(sent.body.data.assistant_paused_until);
    expect(opened.thread.unread).toBe(0);
    expect(
      h.events.some(
        (event) =>
          event.event === 'InboxThreadUpdated' &&
          event.payload.id === customerId &&
          event.channels.includes(`private-business.${b}`),
      ),
    ).toBe(true);

    // Paused: the customer's next SMS gets no answer from the assistant, and says why.
    await laterBy(60_000, () => text(phone, caller, 'Thanks, when can you come?'));
    expect(await autoReplies(b, caller)).toHaveLength(1);
    const waiting = (await smsItems(h, b)).find((sms) => sms.body === 'Thanks, when can you come?')!;
    expect((waiting.details as { no_reply?: string }).no_reply).toMatch(/paused/);

    // Handed back: the assistant answers again at once.
    const back = await h.call(inbox(b, `hand-back/${customerId}`), undefined, owner.token);
    expect(back.status).toBe(200);
    expect(back.body.messages).toEqual([inboxMessages.handedBack]);
    expect((await thread(b, owner.token, customerId)).thread.assistant_paused_until).toBeNull();
    await laterBy(120_000, () => text(phone, caller, 'Hello again, any news?'));
    expect(await autoReplies(b, caller)).toHaveLength(2);
  });

  it('the pause ends by itself after its time, and pause can be set without replying', async () => {
    const phone = await phoneSystem(h);
    const { b, owner } = phone;
    const caller = randomUkMobile();
    await text(phone, caller, 'Do you do boilers?');
    const customerId = threadOf(await list(b, owner.token), caller)!._id;
    const paused = await h.call(inbox(b, `pause/${customerId}`), undefined, owner.token);
    expect(paused.status).toBe(200);
    expect(paused.body.messages).toEqual([inboxMessages.paused(INBOX_PAUSE_MINUTES)]);
    await laterBy(60_000, () => text(phone, caller, 'Hello?'));
    expect(await autoReplies(b, caller)).toHaveLength(1);
    await laterBy((INBOX_PAUSE_MINUTES + 1) * 60_000, () => text(phone, caller, 'Anyone there?'));
    expect(await autoReplies(b, caller)).toHaveLength(2);
  });

  it('assigns a thread to a member who may see SMS, and filters mine, unassigned and all', async () => {
    const phone = await phoneSystem(h);
    const { b, owner } = phone;
    const helper = await h.signUp();
    const blind = await h.signUp();
    const outsider = await h.signUp();
    await h.addMember(b, helper.user.id, ['smses/view', 'smses/edit']);
    await h.addMember(b, blind.user.id, ['calls/view']);
    const first = randomUkMobile();
    const second = randomUkMobile();
    await text(phone, first, 'First question');
    await text(phone, second, 'Second question');
    const firstId = threadOf(await list(b, owner.token), first)!._id;

    const assigned = await h.call(inbox(b, `assign/${firstId}`), { user_id: helper.user.id }, owner.token);
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.messages).toEqual([inboxMessages.assigned(helper.name)]);
    expect(assigned.body.data.assigned_to).toEqual({ _id: helper.user.id, name: helper.name });

    const mine = await list(b, helper.token, { filter: 'mine' });
    expect(mine.map((entry) => entry._id)).toEqual([firstId]);
    expect(mine[0].assigned_to).toEqual({ _id: helper.user.id, name: helper.name });
    expect(await list(b, owner.token, { filter: 'mine' })).toEqual([]);
    const unassigned = await list(b, owner.token, { filter: 'unassigned' });
    expect(unassigned.map((entry) => entry.customer.phones[0])).toEqual([second]);
    expect(await list(b, owner.token, { filter: 'all' })).toHaveLength(2);

    for (const who of [blind.user.id, outsider.user.id, 'no-such-user']) {
      const refused = await h.call(inbox(b, `assign/${firstId}`), { user_id: who }, owner.token);
      expect(refused.status).toBe(422);
      expect(refused.body.field_errors).toEqual({ user_id: [inboxMessages.assigneeNotMember] });
    }
    const cleared = await h.call(inbox(b, `assign/${firstId}`), { user_id: null }, owner.token);
    expect(cleared.body.messages).toEqual([inboxMessages.unassigned]);
    expect(await list(b, helper.token, { filter: 'mine' })).toEqual([]);
    expect(await list(b, owner.token, { filter: 'unassigned' })).toHaveLength(2);
  });

  it('bad input is refused with clear messages and changes nothing', async () => {
    const phone = await phoneSystem(h);
    const { b, owner } = phone;
    const caller = randomUkMobile();
    await text(phone, caller, 'Hello');
    const customerId = threadOf(await list(b, owner.token), caller)!._id;

    const badFilter = await h.call(inbox(b, 'list'), { filter: 'everyone' }, owner.token);
    expect(badFilter.status).toBe(422);
    expect(badFilter.body.field_errors).toEqual({ filter: [inboxMessages.filter] });
    for (const message of ['', '   ', undefined]) {
      const empty = await h.call(inbox(b, `reply/${customerId}`), { message }, owner.token);
      expect(empty.status).toBe(422);
      expect(empty.body.field_errors).toEqual({ message: [inboxMessages.replyRequired] });
    }
    const long = await h.call(inbox(b, `reply/${customerId}`), { message: 'x'.repeat(1601) }, owner.token);
    expect(long.body.field_errors).toEqual({ message: [inboxMessages.replyTooLong] });
    const missing = await h.call(inbox(b, 'reply/no-such-contact'), { message: 'Hi' }, owner.token);
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual(['The conversation was not found.']);

    // A contact without a phone number, and one who texted STOP.
    const noPhone = await h.call(
      `businesses/customers/${b}/create`,
      { first_name: 'Emailonly', status: 'lead' },
      owner.token,
    );
    const refused = await h.call(inbox(b, `reply/${noPhone.body.data.customer._id}`), { message: 'Hi' }, owner.token);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([inboxMessages.noPhone]);
    await text(phone, caller, 'STOP');
    const optedOut = await h.call(inbox(b, `reply/${customerId}`), { message: 'Are you still there?' }, owner.token);
    expect(optedOut.status).toBe(422);
    expect(optedOut.body.errors?.[0]).toMatch(/^The reply was not sent: .*opted out of SMS/);
    expect((await thread(b, owner.token, customerId)).thread.assistant_paused_until).toBeNull();
    const sent = await h.deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, caller), eq(outbox.body, 'Are you still there?')));
    expect(sent).toEqual([]);
  });

  it('a business without a number to text from says so', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const contact = await h.call(
      `businesses/customers/${b}/create`,
      { first_name: 'Nonumber', status: 'lead', phones: [randomUkMobile()] },
      owner.token,
    );
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    const refused = await h.call(inbox(b, `reply/${contact.body.data.customer._id}`), { message: 'Hi' }, owner.token);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([inboxMessages.noNumber]);
  });

  it('is for members with SMS permissions only, and never shows or changes another business’s threads', async () => {
    const phone = await phoneSystem(h);
    const { b, owner } = phone;
    const caller = randomUkMobile();
    await text(phone, caller, 'Private question');
    const customerId = threadOf(await list(b, owner.token), caller)!._id;
    const viewer = await h.signUp();
    const none = await h.signUp();
    await h.addMember(b, viewer.user.id, ['smses/view']);
    await h.addMember(b, none.user.id, ['customers/view']);

    const refusedList = await h.call(inbox(b, 'list'), {}, none.token);
    expect(refusedList.status).toBe(403);
    expect(refusedList.body.errors).toEqual(['You do not have permission to view smses']);
    expect((await h.call(inbox(b, `get/${customerId}`), {}, none.token)).status).toBe(403);
    for (const action of [
      `reply/${customerId}`,
      `assign/${customerId}`,
      `pause/${customerId}`,
      `hand-back/${customerId}`,
    ]) {
      const refused = await h.call(
        inbox(b, action),
        action.startsWith('reply') ? { message: 'Hi' } : action.startsWith('assign') ? { user_id: null } : undefined,
        viewer.token,
      );
      expect(refused.status, action).toBe(403);
      expect(refused.body.errors, action).toEqual(['You do not have permission to edit smses']);
    }

    const other = await phoneSystem(h);
    expect((await h.call(inbox(b, 'list'), {}, other.owner.token)).status).toBe(404);
    // This business's contact under the other business's own id: not found, nothing sent or changed.
    for (const action of [
      `get/${customerId}`,
      `reply/${customerId}`,
      `assign/${customerId}`,
      `pause/${customerId}`,
      `hand-back/${customerId}`,
    ]) {
      const result = await h.call(
        inbox(other.b, action),
        action.startsWith('reply') ? { message: 'Leak?' } : action.startsWith('assign') ? { user_id: null } : undefined,
        other.owner.token,
      );
      expect(result.status, action).toBe(404);
      expect(result.body.errors, action).toEqual(['The conversation was not found.']);
    }
    expect(await list(other.b, other.owner.token)).toEqual([]);
    expect((await thread(b, owner.token, customerId)).thread).toMatchObject({
      assigned_to: null,
      assistant_paused_until: null,
    });
    expect(await h.deps.db.select().from(outbox).where(eq(outbox.body, 'Leak?'))).toEqual([]);
  });
});
