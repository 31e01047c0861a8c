import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForReplies } from '#api/services/assistant/turns';
import { encodeWav } from '#api/services/speech/wav';
import type { Speech } from '#api/services/speech/types';
import { createHarness, type CallResult, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';

/** Speech that always hears the same thing, so voice calls reach the conversation checks. */
const speech: Speech = {
  stt: { name: 'fake', transcribe: async () => 'Hello there' },
  tts: {
    name: 'fake',
    async *speak(text) {
      for await (const chunk of text) yield new TextEncoder().encode(chunk);
    },
  },
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ speech });
});
afterAll(() => h.close());

const path = (b: string, action: string) => `businesses/conversations/${b}/${action}`;
const WAV = encodeWav(new Int16Array(1600).fill(1000), 16_000);

/** Any call, as a client sends it (JSON, multipart or a stream), answered as status + JSON (or the streamed text). */
type Call = { name: string; send: (token: string | undefined) => Promise<CallResult> };

async function raw(
  callPath: string,
  token: string | undefined,
  init: { json?: unknown; form?: FormData },
): Promise<CallResult> {
  const response = await h.request(callPath, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: response.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : { data: { text } },
  };
}

function voiceForm() {
  const form = new FormData();
  form.set('audio', new File([new Uint8Array(WAV)], 'voice.wav', { type: 'audio/wav' }));
  return form;
}

/** Every conversation call against business `b` and conversation `id` (which may belong to another business). */
function everyCall(b: string, id: string): Call[] {
  return [
    { name: 'list', send: (token) => h.call(path(b, 'list'), {}, token) },
    { name: 'create', send: (token) => h.call(path(b, 'create'), {}, token) },
    { name: 'suggestions', send: (token) => h.call(path(b, 'suggestions'), undefined, token) },
    { name: 'get', send: (token) => h.call(path(b, `get/${id}`), undefined, token) },
    { name: 'update', send: (token) => h.call(path(b, `update/${id}`), { message: 'Intruder says hello' }, token) },
    { name: 'update-voice', send: (token) => raw(path(b, `update-voice/${id}`), token, { form: voiceForm() }) },
    { name: 'get-message-streamed', send: (token) => raw(path(b, `get-message-streamed/${id}`), token, {}) },
    {
      name: 'get-message-streamed (audio)',
      send: (token) => raw(path(b, `get-message-streamed/${id}`), token, { json: { format: 'audio' } }),
    },
    {
      name: 'conversations/get-message-streamed',
      send: (token) => raw(`conversations/get-message-streamed/${id}`, token, {}),
    },
  ];
}

/** A business with one conversation that has had one turn. */
async function fixture() {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id as string;
  const created = await h.call(path(b, 'create'), {}, owner.token);
  const id = created.body.data.conversation.id as string;
  await h.call(path(b, `update/${id}`), { message: 'Hello' }, owner.token);
  return { owner, b, id };
}

async function snapshot(owner: { token: string }, b: string, id: string) {
  const list = await h.call(path(b, 'list'), {}, owner.token);
  const got = await h.call(path(b, `get/${id}`), undefined, owner.token);
  return {
    conversations: list.body.data.conversations.map((item: { id: string }) => item.id),
    messages: got.body.data.messages,
  };
}

describe('tenant isolation', () => {
  it('signed-out callers get 401 from every call', async () => {
    const { b, id } = await fixture();
    for (const call of everyCall(b, id)) expectFailureEnvelope(await call.send(undefined), 401);
  });

  it('a member of another business gets 404 from every call on this business, and nothing changes', async () => {
    const { owner, b, id } = await fixture();
    const stranger = await h.signUpWithBusiness();
    const before = await snapshot(owner, b, id);
    const eventCount = h.events.length;
    for (const call of everyCall(b, id)) {
      const result = await call.send(stranger.token);
      expectFailureEnvelope(result, 404);
    }
    await waitForReplies(h.deps);
    expect(await snapshot(owner, b, id)).toEqual(before);
    expect(h.events.slice(eventCount).filter((event) => event.channels.includes(`private-business.${b}`))).toEqual([]);
  });

  it("this business's conversation is not found through another business the caller belongs to", async () => {
    const { owner, b, id } = await fixture();
    const stranger = await h.signUpWithBusiness();
    const before = await snapshot(owner, b, id);
    const own = stranger.business._id as string;
    for (const call of everyCall(own, id).filter(
      (entry) => !['list', 'create', 'suggestions', 'conversations/get-message-streamed'].includes(entry.name),
    )) {
      const result = await call.send(stranger.token);
      expectFailureEnvelope(result, 404);
      expect(result.body.errors, call.name).toEqual(['The conversation was not found.']);
    }
    const list = await h.call(path(own, 'list'), {}, stranger.token);
    expect(list.body.data.conversations).toEqual([]);
    await waitForReplies(h.deps);
    expect(await snapshot(owner, b, id)).toEqual(before);
  });

  it('a member without any permission may use every call on a chat they started', async () => {
    const { b } = await fixture();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, []);
    const id = (await h.call(path(b, 'create'), {}, member.token)).body.data.conversation.id as string;
    await h.call(path(b, `update/${id}`), { message: 'Hello' }, member.token);
    for (const call of everyCall(b, id)) {
      const result = await call.send(member.token);
      expect(result.status, `${call.name}: ${JSON.stringify(result.body)}`).toBe(200);
      await waitForReplies(h.deps);
    }
  });

  it('a member who left gets 404, even for the chat they started', async () => {
    const { b } = await fixture();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['admin']);
    const id = (await h.call(path(b, 'create'), {}, member.token)).body.data.conversation.id as string;
    await h.call(path(b, `update/${id}`), { message: 'Hello' }, member.token);
    expect((await h.call(path(b, `get/${id}`), undefined, member.token)).status).toBe(200);
    await h.call(`users/unlink-business/${b}`, undefined, member.token);
    for (const call of everyCall(b, id)) expectFailureEnvelope(await call.send(member.token), 404);
  });
});
