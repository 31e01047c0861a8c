import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages } from '#api/db/schema';
import { createConversation } from '#api/services/assistant/conversations';
import { postMessage } from '#api/services/assistant/turns';
import { messages } from '#contract/messages';
import type { Permission } from '#contract/permissions';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';
import { eq } from 'drizzle-orm';

/**
 * Conversations have their own access rules. A chat (or voice test) is its starter's: only
 * they list, read, write in or stream it. A conversation the assistant had with a customer
 * (call, SMS, web form) is read with that channel's view permission and written in by nobody
 * from the dashboard. Another member's chat is not found (404), like another business's.
 * Each answer's sources and actions show only what the reader may view (a memory needs
 * memories/view, a service services/view, a task notes/view...).
 */
let h: Harness;
let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  h = await createHarness();
  w = await world();
});
afterAll(() => h.close());

const path = (b: string, action: string) => `businesses/conversations/${b}/${action}`;
const SECRET_MEMORY = 'Our staff car park is behind the bakery on Mill Lane, gate code 7741.';

type Member = { token: string; user: { id: string } };

async function memberOf(b: string, permissions: Permission[]): Promise<Member> {
  const someone = await h.signUp();
  await h.addMember(b, someone.user.id, permissions);
  return someone;
}

/** One business: its admin, members with one permission each, chats of two of them, and a customer's SMS, call and form conversations. */
async function world() {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id as string;
  const member = (permissions: Permission[]) => memberOf(b, permissions);
  const plain = await member([]);
  const other = await member([]);
  const smsReader = await member(['smses/view']);
  const callReader = await member(['calls/view']);
  const chatOf = async (who: Member) =>
    (await h.call(path(b, 'create'), {}, who.token)).body.data.conversation.id as string;
  const ownerChat = await chatOf(owner);
  const plainChat = await chatOf(plain);
  const customer = await createCustomer(h, b, owner.token, { first_name: 'Sam', last_name: 'Texter' });
  const sms = await createConversation(h.deps, b, { channel: 'sms', customerId: customer._id });
  await postMessage(h.deps, {
    businessId: b,
    conversationId: sms.id,
    message: 'My alarm code is 1234, please come Tuesday',
  });
  const call = await createConversation(h.deps, b, { channel: 'call', customerId: customer._id });
  const form = await createConversation(h.deps, b, { channel: 'form', customerId: customer._id });
  return {
    owner,
    b,
    plain,
    other,
    smsReader,
    callReader,
    ownerChat,
    plainChat,
    sms: sms.id,
    call: call.id,
    form: form.id,
  };
}

const listIds = async (b: string, who: Member) => {
  const result = await h.call(path(b, 'list'), {}, who.token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return (result.body.data.conversations as { id: string }[]).map((conversation) => conversation.id).sort();
};
const storedMessages = async (conversationId: string) =>
  (
    await h.database.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId))
  ).length;

describe('list, get', () => {
  it("a member sees the chats they started and the channels they may view, never another member's chat", async () => {
    expect(await listIds(w.b, w.plain)).toEqual([w.plainChat]);
    expect(await listIds(w.b, w.other)).toEqual([]);
    expect(await listIds(w.b, w.smsReader)).toEqual([w.sms]);
    expect(await listIds(w.b, w.callReader)).toEqual([w.call]);
    expect(await listIds(w.b, w.owner)).toEqual([w.ownerChat, w.sms, w.call, w.form].sort());
    const total = await h.call(path(w.b, 'list'), { channel: 'sms' }, w.plain.token);
    expect(total.body.data).toMatchObject({ conversations: [], total: 0 });
  });

  it("get answers 404 for another member's chat and for a channel one may not view", async () => {
    for (const [who, id] of [
      [w.plain, w.ownerChat],
      [w.other, w.plainChat],
      [w.owner, w.plainChat],
      [w.plain, w.sms],
      [w.callReader, w.sms],
      [w.smsReader, w.call],
      [w.smsReader, w.form],
    ] as const) {
      const result = await h.call(path(w.b, `get/${id}`), undefined, who.token);
      expect(result.status, JSON.stringify(result.body)).toBe(404);
      expect(result.body.errors).toEqual(['The conversation was not found.']);
      expect(JSON.stringify(result.body)).not.toContain('1234');
    }
    expect((await h.call(path(w.b, `get/${w.plainChat}`), undefined, w.plain.token)).status).toBe(200);
    const sms = await h.call(path(w.b, `get/${w.sms}`), undefined, w.smsReader.token);
    expect(sms.status).toBe(200);
    expect(sms.body.data.messages[0].content).toContain('1234');
  });
});

describe('writing', () => {
  it("posting into another member's chat is 404 and stores nothing; so is streaming it", async () => {
    const before = await storedMessages(w.plainChat);
    for (const who of [w.other, w.owner]) {
      const result = await h.call(path(w.b, `update/${w.plainChat}`), { message: 'Hijacked?' }, who.token);
      expect(result.status, JSON.stringify(result.body)).toBe(404);
      const streamed = await h.call(path(w.b, `get-message-streamed/${w.plainChat}`), {}, who.token);
      expect(streamed.status).toBe(404);
      const bare = await h.call(`conversations/get-message-streamed/${w.plainChat}`, {}, who.token);
      expect(bare.status).toBe(404);
      const voice = new FormData();
      voice.append('audio', new Blob([new Uint8Array(64)], { type: 'audio/wav' }), 'voice.wav');
      const spoken = await h.request(path(w.b, `update-voice/${w.plainChat}`), {
        method: 'POST',
        body: voice,
        headers: { authorization: `Bearer ${who.token}`, accept: 'application/json' },
      });
      expect(spoken.status).toBe(404);
    }
    expect(await storedMessages(w.plainChat)).toBe(before);
    expect(
      (await h.call(path(w.b, `update/${w.plainChat}`), { message: 'When do you open?' }, w.plain.token)).status,
    ).toBe(200);
    expect(await storedMessages(w.plainChat)).toBe(before + 2);
  });

  it("a customer's conversation is read-only from the dashboard, even with its channel's permission", async () => {
    const before = await storedMessages(w.sms);
    for (const who of [w.smsReader, w.owner]) {
      const result = await h.call(
        path(w.b, `update/${w.sms}`),
        { message: 'Pretending to be the customer' },
        who.token,
      );
      expect(result.status, JSON.stringify(result.body)).toBe(403);
      expect(result.body.errors).toEqual([messages.conversation.notYours]);
    }
    expect((await h.call(path(w.b, `update/${w.sms}`), { message: 'x' }, w.plain.token)).status).toBe(404);
    expect(await storedMessages(w.sms)).toBe(before);
  });
});

describe('sources and actions', () => {
  it('an answer from a memory names the memory only to members who may view memories', async () => {
    const memory = (
      await h.call(
        `businesses/memories/${w.b}/create`,
        {
          type: 'answered_question',
          title: 'Staff parking secret',
          content: 'Where can I park?',
          answer: SECRET_MEMORY,
          status: 'active',
        },
        w.owner.token,
      )
    ).body.data.memory;
    const ask = async (who: Member) => {
      const chat = (await h.call(path(w.b, 'create'), {}, who.token)).body.data.conversation.id as string;
      const turn = await h.call(path(w.b, `update/${chat}`), { message: 'Where can I park?' }, who.token);
      expect(turn.status, JSON.stringify(turn.body)).toBe(200);
      const got = await h.call(path(w.b, `get/${chat}`), undefined, who.token);
      return { turn: turn.body, got: got.body };
    };

    const seen = await ask(await memberOf(w.b, ['memories/view']));
    expect(seen.turn.data.messages.at(-1).sources).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'memory', _id: memory._id })]),
    );

    const hidden = await ask(await memberOf(w.b, ['services/view', 'notes/view']));
    // The assistant still answers (as it would a caller), but the member is not shown which memory it was.
    expect(hidden.turn.data.messages.at(-1).content).toContain('Mill Lane');
    for (const body of [hidden.turn, hidden.got]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(memory._id);
      expect(text).not.toContain('Staff parking secret');
      for (const message of body.data.messages)
        expect(message.sources.filter((source: { kind: string }) => source.kind === 'memory')).toEqual([]);
    }
  });

  it('actions name a task, a question memory or a customer only to members who may view them', async () => {
    const asker = await memberOf(w.b, ['customers/view']);
    const chat = (await h.call(path(w.b, 'create'), {}, asker.token)).body.data.conversation.id as string;
    const turn = await h.call(
      path(w.b, `update/${chat}`),
      { message: 'Do you sell gift vouchers for birthdays?' },
      asker.token,
    );
    expect(turn.status).toBe(200);
    const [stored] = await h.database.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.replyTo, turn.body.data.messages.at(-2).id));
    expect(stored.actions?.map((action) => action.type)).toEqual(['question_recorded', 'task_created']);
    expect(turn.body.data.messages.at(-1).actions).toEqual([]);
    const text = JSON.stringify(turn.body);
    for (const action of stored.actions ?? [])
      for (const id of Object.values(action).filter(
        (value) => typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value),
      ))
        expect(text).not.toContain(id);
  });
});
