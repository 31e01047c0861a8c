import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLeadcatcherRateLimit } from '#api/features/systems/leadcatcher';
import type { ApiInboxMessage, ApiInboxThread } from '#contract/v1/inbox';
import { createHarness, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { insertLeadcatcher } from '#tests/support/leadcatcher';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // Each test starts several sessions from one address; the rate limit has its own test.
  setLeadcatcherRateLimit(h.deps, { limit: 1000 });
}, 240_000);
afterAll(() => h.close());

type Json = { data?: Record<string, unknown>; errors?: string[]; field_errors?: Record<string, string[]> };
type VisitorMessage = { _id: string; author: string; body: string; name: string | null };

async function post(path: string, body: unknown, headers: Record<string, string> = {}, ip = '203.0.113.20') {
  const response = await h.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': ip, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
}

async function start(systemId: string, body: Record<string, unknown>, ip?: string) {
  return post(`leadcatcher/${systemId}/chat/start`, body, {}, ip);
}

async function send(systemId: string, token: string, message: unknown, ip?: string) {
  return post(`leadcatcher/${systemId}/chat/send`, { message }, { 'x-chat-token': token }, ip);
}

async function read(systemId: string, token: string | null) {
  const response = await h.request(`leadcatcher/${systemId}/chat/messages`, {
    headers: token ? { 'x-chat-token': token } : {},
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function business() {
  const owner = await h.signUpWithBusiness();
  return { owner, b: owner.business._id as string };
}

async function thread(b: string, token: string, customerId: string) {
  const result = await h.call(`businesses/inbox/${b}/get/${customerId}`, {}, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data as { thread: ApiInboxThread; messages: ApiInboxMessage[] };
}

describe('website chat', { timeout: 180_000 }, () => {
  it('starts a session on the contact, the assistant answers, and the inbox thread shows the chat with unread counts', async () => {
    const { owner, b } = await business();
    const system = await insertLeadcatcher(h, b);
    const email = uniqueEmail();
    const started = await start(system.id, { name: 'Ada Lane', email, message: 'What are your opening hours?' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const token = started.body.data!.token as string;
    expect(token).toBeTruthy();
    const messages = started.body.data!.messages as VisitorMessage[];
    expect(messages[0]).toMatchObject({ author: 'you', body: 'What are your opening hours?' });
    expect(messages[1]?.author).toBe('assistant');
    expect(messages[1]?.body.length).toBeGreaterThan(0);

    const customers = await h.call(`businesses/customers/${b}/list`, {}, owner.token);
    const ada = (customers.body.data.customers as { _id: string; emails: string[] }[]).find((c) =>
      c.emails.includes(email),
    )!;
    expect(ada).toBeTruthy();
    const list = await h.call(`businesses/inbox/${b}/list`, {}, owner.token);
    const entry = (list.body.data.threads as ApiInboxThread[]).find((t) => t._id === ada._id)!;
    expect(entry.unread).toBe(1);
    const { messages: inThread } = await thread(b, owner.token, ada._id);
    expect(inThread.map((m) => [m.type, m.author])).toEqual([
      ['chat', 'contact'],
      ['chat', 'assistant'],
    ]);
    const unread = await h.call(`businesses/inbox/${b}/unread`, {}, owner.token);
    expect(unread.body.data.unread).toBe(1);

    const again = await send(system.id, token, 'Thanks!');
    expect(again.status).toBe(200);
    expect((again.body.data!.messages as VisitorMessage[]).length).toBe(4);
  });

  it('works as plain form posts: an httpOnly cookie holds the session and the page shows the conversation', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b);
    const form = (path: string, fields: Record<string, string>, cookie = '') =>
      h.request(`leadcatcher/${system.id}/chat${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-forwarded-for': '203.0.113.30' },
        body: new URLSearchParams(fields).toString(),
      });
    const started = await form('/start', { name: 'Noor Vale', email: uniqueEmail(), message: 'Do you deliver?' });
    expect(started.status).toBe(303);
    const setCookie = started.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    const cookie = setCookie.split(';')[0]!;
    const sent = await form('/send', { message: 'And on Sundays?' }, cookie);
    expect(sent.status).toBe(303);
    const page = await (await h.request(`leadcatcher/${system.id}/chat`, { headers: { cookie } })).text();
    expect(page).toContain('Do you deliver?');
    expect(page).toContain('And on Sundays?');
    const stranger = await (await h.request(`leadcatcher/${system.id}/chat`)).text();
    expect(stranger).not.toContain('Do you deliver?');
    expect(stranger).toContain('Start chat');
  });

  it('refuses bad input with clear messages and a missing or forged session', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b);
    const noContact = await start(system.id, { name: 'Ann' });
    expect(noContact.status).toBe(422);
    expect(noContact.body.errors).toContain('Leave an email or a phone number so we can reply.');
    const noName = await start(system.id, { email: uniqueEmail() });
    expect(noName.status).toBe(422);
    expect(noName.body.field_errors?.name?.length).toBe(1);
    const badJson = await post(`leadcatcher/${system.id}/chat/start`, '{nope');
    expect(badJson).toMatchObject({ status: 400, body: { errors: ['The request body is not valid JSON.'] } });
    const huge = await post(`leadcatcher/${system.id}/chat/start`, {
      name: 'A',
      email: uniqueEmail(),
      message: 'x'.repeat(20_000),
    });
    expect(huge.status).toBe(413);

    const started = await start(system.id, { name: 'Ann', email: uniqueEmail() });
    const token = started.body.data!.token as string;
    const empty = await send(system.id, token, '   ');
    expect(empty).toMatchObject({ status: 422, body: { errors: ['Write a message.'] } });
    const long = await send(system.id, token, 'y'.repeat(2001));
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual(['Message must be less than 2000 characters.']);
    const forged = await send(system.id, `${token.split('.')[0]}.forged`, 'Hello');
    expect(forged.status).toBe(401);
    expect((await read(system.id, null)).status).toBe(401);
    const spam = await start(system.id, { name: 'Bot', email: uniqueEmail(), website: 'x' });
    expect(spam.status).toBe(200);
    expect(spam.body.data!.token).toBeUndefined();
  });

  it('keeps each visitor to their own session, even on the same contact, and each business to its own', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b);
    const email = uniqueEmail();
    const first = await start(system.id, { name: 'Kim Poe', email, message: 'My secret order number is 4411' });
    const second = await start(system.id, { name: 'Not Kim', email });
    const theirs = await read(system.id, second.body.data!.token as string);
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain('4411');
    expect(theirs.body.data!.messages).toEqual([]);

    const other = await business();
    const otherSystem = await insertLeadcatcher(h, other.b);
    const crossed = await read(otherSystem.id, first.body.data!.token as string);
    expect(crossed.status).toBe(401);
    const missing = await read('no-such-system', first.body.data!.token as string);
    expect(missing.status).toBe(404);
  });

  it('takes from the public form rate limit', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b);
    setLeadcatcherRateLimit(h.deps, { limit: 2 });
    try {
      const ip = '198.51.100.77';
      const one = await start(system.id, { name: 'Rae', email: uniqueEmail() }, ip);
      expect(one.status).toBe(200);
      expect((await send(system.id, one.body.data!.token as string, 'hi', ip)).status).toBe(200);
      const refused = await send(system.id, one.body.data!.token as string, 'again', ip);
      expect(refused.status).toBe(429);
      expect(refused.body.errors).toEqual(['Too many submissions. Try again in a minute.']);
      expect(refused.headers.get('retry-after')).toBe('60');
    } finally {
      setLeadcatcherRateLimit(h.deps, { limit: 1000 });
    }
  });

  it("sends a member's inbox reply into the chat, pauses the assistant, and hands back", async () => {
    const { owner, b } = await business();
    const system = await insertLeadcatcher(h, b);
    const email = uniqueEmail();
    const started = await start(system.id, { name: 'Max Rye', email, message: 'Can someone call me?' });
    const token = started.body.data!.token as string;
    const customers = await h.call(`businesses/customers/${b}/list`, {}, owner.token);
    const max = (customers.body.data.customers as { _id: string; emails: string[] }[]).find((c) =>
      c.emails.includes(email),
    )!;

    const reply = await h.call(`businesses/inbox/${b}/reply/${max._id}`, { message: 'Hi Max, Sam here.' }, owner.token);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.sms.type).toBe('chat');
    const seen = (await read(system.id, token)).body.data!.messages as VisitorMessage[];
    expect(seen.at(-1)).toMatchObject({ author: 'team', body: 'Hi Max, Sam here.' });

    const paused = await send(system.id, token, 'Great, thanks');
    expect((paused.body.data!.messages as VisitorMessage[]).at(-1)).toMatchObject({ author: 'you' });
    const { messages } = await thread(b, owner.token, max._id);
    expect(messages.at(-2)).toMatchObject({ type: 'chat', author: 'member', body: 'Hi Max, Sam here.' });

    expect((await h.call(`businesses/inbox/${b}/hand-back/${max._id}`, {}, owner.token)).status).toBe(200);
    const resumed = await send(system.id, token, 'What do you charge?');
    expect((resumed.body.data!.messages as VisitorMessage[]).at(-1)?.author).toBe('assistant');
  });
});
