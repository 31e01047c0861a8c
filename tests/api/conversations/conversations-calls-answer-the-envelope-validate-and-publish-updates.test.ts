import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#contract/messages';
import { DEFAULT_OPENING_HOURS } from '#contract/schemas/business-settings';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import { createMemory } from '#tests/support/memories';
import { createService } from '#tests/support/services';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = (b: string, action: string) => `businesses/conversations/${b}/${action}`;
const CONVERSATION_KEYS = [
  'channel',
  'conversation_id',
  'created_at',
  'customer_id',
  'id',
  'last_message',
  'message_count',
  'title',
  'updated_at',
  'user_id',
];
const MESSAGE_KEYS = ['actions', 'content', 'created_at', 'error', 'from_voice', 'id', 'role', 'sources', 'status'];

async function startConversation(
  owner: { token: string; business: { _id: string } },
  body: Record<string, unknown> = {},
) {
  const result = await h.call(path(owner.business._id, 'create'), body, owner.token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.conversation as { id: string };
}

describe('businesses/conversations/{business_id}/create', () => {
  it('answers data.conversation: a chat by default, with no messages yet, started by the caller', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(path(owner.business._id, 'create'), undefined, owner.token);
    expect(result.status).toBe(200);
    const { conversation } = result.body.data;
    expect(Object.keys(conversation).sort()).toEqual(CONVERSATION_KEYS);
    expect(conversation).toMatchObject({
      channel: 'chat',
      title: null,
      user_id: owner.user.id,
      customer_id: null,
      message_count: 0,
      last_message: null,
    });
    expect(conversation.conversation_id).toBe(conversation.id);
  });

  it('takes a voice channel and a title', async () => {
    const owner = await h.signUpWithBusiness();
    const conversation = await startConversation(owner, { channel: 'voice', title: '  Trying the voice  ' });
    expect(conversation).toMatchObject({ channel: 'voice', title: 'Trying the voice' });
  });

  it('refuses other channels and long titles with 422', async () => {
    const owner = await h.signUpWithBusiness();
    expectFieldError(
      await h.call(path(owner.business._id, 'create'), { channel: 'call' }, owner.token),
      'channel',
      'Channel must be chat or voice.',
    );
    expectFieldError(
      await h.call(path(owner.business._id, 'create'), { title: 'x'.repeat(101) }, owner.token),
      'title',
      'Title must be less than 100 characters.',
    );
  });

  it('publishes ConversationUpdated with the conversation', async () => {
    const owner = await h.signUpWithBusiness();
    const before = h.events.length;
    const conversation = await startConversation(owner);
    const event = h.events.slice(before).find((sent) => sent.event === 'ConversationUpdated');
    expect(event?.channels).toEqual([`private-business.${owner.business._id}`]);
    expect(event?.payload).toEqual({ id: conversation.id });
  });
});

describe('businesses/conversations/{business_id}/update/{conversation_id}', () => {
  it("answers data.messages oldest first with the assistant's complete reply, and the conversation", async () => {
    const owner = await h.signUpWithBusiness();
    const { id } = await startConversation(owner);
    const result = await h.call(path(owner.business._id, `update/${id}`), { message: '  Hello there  ' }, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual([]);
    const [question, reply] = result.body.data.messages;
    expect(result.body.data.messages).toHaveLength(2);
    for (const message of result.body.data.messages) expect(Object.keys(message).sort()).toEqual(MESSAGE_KEYS);
    expect(question).toMatchObject({
      role: 'user',
      content: 'Hello there',
      status: 'complete',
      from_voice: false,
      sources: [],
      actions: [],
      error: null,
    });
    expect(reply).toMatchObject({ role: 'assistant', status: 'complete', error: null });
    expect(reply.content.length).toBeGreaterThan(0);
    expect(Date.parse(reply.created_at)).toBeGreaterThan(Date.parse(question.created_at));
    expect(result.body.data.conversation).toMatchObject({
      id,
      message_count: 2,
      title: 'Hello there',
      last_message: { role: 'assistant', content: reply.content },
    });
  });

  it('keeps the whole conversation in order over several turns and titles it after the first message', async () => {
    const owner = await h.signUpWithBusiness();
    const { id } = await startConversation(owner);
    const first = 'Could you tell me whether you clean the windows of conservatories too?';
    await h.call(path(owner.business._id, `update/${id}`), { message: first }, owner.token);
    const second = await h.call(path(owner.business._id, `update/${id}`), { message: 'Thanks, bye' }, owner.token);
    const list = second.body.data.messages;
    expect(list.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(list[0].content).toBe(first);
    expect(list[2].content).toBe('Thanks, bye');
    const times = list.map((message: { created_at: string }) => Date.parse(message.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const { conversation } = second.body.data;
    expect(conversation.message_count).toBe(4);
    expect(conversation.title.startsWith('Could you tell me whether you')).toBe(true);
    expect(conversation.title.endsWith('…')).toBe(true);
    expect(conversation.title.length).toBeLessThanOrEqual(61);
  });

  it('validates the message with the contract messages and stores nothing', async () => {
    const owner = await h.signUpWithBusiness();
    const { id } = await startConversation(owner);
    const b = owner.business._id;
    expectFieldError(
      await h.call(path(b, `update/${id}`), {}, owner.token),
      'message',
      messages.conversation.messageRequired,
    );
    expectFieldError(
      await h.call(path(b, `update/${id}`), { message: '   ' }, owner.token),
      'message',
      messages.conversation.messageRequired,
    );
    expectFieldError(
      await h.call(path(b, `update/${id}`), { message: 'x'.repeat(2001) }, owner.token),
      'message',
      messages.conversation.messageTooLong,
    );
    expectFailureEnvelope(await h.call(path(b, `update/${id}`), { message: 'Hi', wait: 'later' }, owner.token), 422);
    const got = await h.call(path(b, `get/${id}`), undefined, owner.token);
    expect(got.body.data.messages).toEqual([]);
  });

  it('answers 404 for a conversation that does not exist', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(
      path(owner.business._id, 'update/no-such-conversation'),
      { message: 'Hello' },
      owner.token,
    );
    expectFailureEnvelope(result, 404);
    expect(result.body.errors).toEqual(['The conversation was not found.']);
  });

  it('publishes ConversationUpdated when the message is stored and again when the reply is complete', async () => {
    const owner = await h.signUpWithBusiness();
    const { id } = await startConversation(owner);
    const before = h.events.length;
    await h.call(path(owner.business._id, `update/${id}`), { message: 'Hello' }, owner.token);
    const updates = h.events.slice(before).filter((event) => event.event === 'ConversationUpdated');
    expect(updates).toHaveLength(2);
    for (const update of updates) {
      expect(update.channels).toEqual([`private-business.${owner.business._id}`]);
      expect(update.payload).toEqual({ id });
    }
  });
});

describe('businesses/conversations/{business_id}/get/{conversation_id}', () => {
  it('answers data.conversation with its messages and the same data.messages', async () => {
    const owner = await h.signUpWithBusiness();
    const { id } = await startConversation(owner);
    const turn = await h.call(path(owner.business._id, `update/${id}`), { message: 'Hello' }, owner.token);
    const result = await h.call(path(owner.business._id, `get/${id}`), undefined, owner.token);
    expect(result.status).toBe(200);
    expect(result.body.data.messages).toEqual(turn.body.data.messages);
    expect(result.body.data.conversation.messages).toEqual(turn.body.data.messages);
    expect(result.body.data.conversation).toMatchObject({ id, message_count: 2 });
  });

  it('answers 404 for an unknown conversation', async () => {
    const owner = await h.signUpWithBusiness();
    expectFailureEnvelope(await h.call(path(owner.business._id, 'get/nope'), undefined, owner.token), 404);
  });
});

describe('businesses/conversations/{business_id}/list', () => {
  async function threeConversations() {
    const owner = await h.signUpWithBusiness();
    const made = [];
    for (const body of [{ title: 'First' }, { title: 'Second', channel: 'voice' }, { title: 'Third' }]) {
      made.push(await startConversation(owner, body));
      h.clock.offsetMs += 60_000;
    }
    return { owner, b: owner.business._id, made };
  }
  const titles = (result: { body: { data?: { conversations: { title: string }[] } } }) =>
    result.body.data!.conversations.map((item) => item.title);

  it('answers data.conversations newest first with total, page and limit', async () => {
    const { owner, b } = await threeConversations();
    const result = await h.call(path(b, 'list'), undefined, owner.token);
    expect(result.status).toBe(200);
    expect(titles(result)).toEqual(['Third', 'Second', 'First']);
    expect(result.body.data).toMatchObject({ total: 3, page: 0, limit: 50 });
    for (const item of result.body.data.conversations) expect(Object.keys(item).sort()).toEqual(CONVERSATION_KEYS);
  });

  it('pages, sorts by created_at or updated_at, and filters by channel and a created_at range', async () => {
    const { owner, b, made } = await threeConversations();
    const list = (body: Record<string, unknown>) => h.call(path(b, 'list'), body, owner.token);
    expect(titles(await list({ limit: 2, page: 1 }))).toEqual(['First']);
    expect(titles(await list({ sort_order: 'asc' }))).toEqual(['First', 'Second', 'Third']);
    await h.call(path(b, `update/${made[0].id}`), { message: 'Hello' }, owner.token);
    expect(titles(await list({ sort_by: 'updated_at' }))[0]).toBe('First');
    expect(titles(await list({ channel: 'voice' }))).toEqual(['Second']);
    const second = (await list({ channel: 'voice' })).body.data.conversations[0];
    expect(titles(await list({ created_at: { from: second.created_at, to: second.created_at } }))).toEqual(['Second']);
    expectFailureEnvelope(await list({ channel: 'fax' }), 422);
    expectFailureEnvelope(await list({ limit: 501 }), 422);
  });

  it('shows each conversation with its message count and last message', async () => {
    const { owner, b, made } = await threeConversations();
    const turn = await h.call(path(b, `update/${made[1].id}`), { message: 'Hello' }, owner.token);
    const reply = turn.body.data.messages[1];
    const item = (await h.call(path(b, 'list'), {}, owner.token)).body.data.conversations.find(
      (entry: { id: string }) => entry.id === made[1].id,
    );
    expect(item).toMatchObject({
      message_count: 2,
      last_message: { role: 'assistant', content: reply.content, created_at: reply.created_at },
    });
  });
});

describe('businesses/conversations/{business_id}/suggestions', () => {
  it('suggests questions drawn from what the assistant knows', async () => {
    const owner = await h.signUpWithBusiness({ business: { address: '12 Mill Lane, Leeds' } });
    const b = owner.business._id;
    await createMemory(h, b, owner.token, {
      type: 'answered_question',
      content: 'Do you bring your own equipment?',
      answer: 'Yes, everything we need.',
    });
    await createService(h, b, owner.token, {
      name: 'Carpet cleaning',
      status: 'active',
      frequency: 0,
      price: '£80 per room',
    });
    await createService(h, b, owner.token, { name: 'Oven cleaning', status: 'active', frequency: 0 });
    await h.call(`businesses/settings/${b}/set`, { opening_hours: DEFAULT_OPENING_HOURS }, owner.token);
    const result = await h.call(path(b, 'suggestions'), undefined, owner.token);
    expect(result.status).toBe(200);
    const { suggestions } = result.body.data;
    expect(suggestions).toEqual(
      expect.arrayContaining([
        'Do you bring your own equipment?',
        'What are your opening hours?',
        'How much does carpet cleaning cost?',
        'Do you offer oven cleaning?',
        'Where are you located?',
      ]),
    );
    expect(suggestions.length).toBeLessThanOrEqual(6);
    expect(new Set(suggestions).size).toBe(suggestions.length);
  });

  it('still suggests something for a business that has taught it nothing yet', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(path(owner.business._id, 'suggestions'), undefined, owner.token);
    expect(result.body.data.suggestions.length).toBeGreaterThan(0);
  });
});

describe('the OpenAPI document', () => {
  it('lists every conversation and settings call as a POST', async () => {
    const document = await (await h.app.fetch(new Request('http://x/api/v1/openapi.json'))).json();
    for (const call of [
      'list',
      'create',
      'get/{conversation_id}',
      'update/{conversation_id}',
      'update-voice/{conversation_id}',
      'get-message-streamed/{conversation_id}',
      'suggestions',
    ]) {
      expect(document.paths, call).toHaveProperty([`/api/v1/businesses/conversations/{business_id}/${call}`, 'post']);
    }
    expect(document.paths).toHaveProperty(['/api/v1/conversations/get-message-streamed/{conversation_id}', 'post']);
    expect(document.paths).toHaveProperty(['/api/v1/businesses/settings/{business_id}/get', 'post']);
    expect(document.paths).toHaveProperty(['/api/v1/businesses/settings/{business_id}/set', 'post']);
  });
});
