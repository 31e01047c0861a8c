import { faker } from '@faker-js/faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, businessUsers } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { createConversation } from '#api/services/assistant/conversations';
import { postMessage } from '#api/services/assistant/turns';
import { createCall, createForm, createSms } from '#api/features/timeline/service';
import { hasPermission, type Permission } from '#contract/permissions';
import { DASHBOARD_ROUTES, dashboardPath } from '#contract/routes';
import { startTestServer, type TestServer } from '#tests/support/test-server';

/**
 * The permission matrix for dashboard pages (issue 7), over real HTTP against the built app
 * (`npm run build` first). For every dashboard route of contract/routes.ts that needs a
 * permission — with a sample entity for the :id routes — a member without the permission
 * gets the 403 page, a member with it and the admin get the page, and a user of another
 * business opening the entity gets the not-found page. Routes without a permission open
 * for a member with no permissions at all.
 */
let server: TestServer;
const PASSWORD = 'correct horse battery';

type Account = { email: string; token: string; userId: string; cookie: string };

async function v1<T = Record<string, unknown>>(pathName: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.url}/api/v1/${pathName}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${pathName} answered ${response.status}: ${JSON.stringify(payload)}`);
  return payload.data;
}

/** A v1 account signed in through the login form: the session cookie a browser would hold. */
async function account(): Promise<Account> {
  const email = `matrix.${faker.string.alphanumeric(10).toLowerCase()}@example.com`;
  const { token, user } = await v1<{ token: string; user: { id: string } }>('users/create', {
    name: faker.person.fullName(),
    email,
    password: PASSWORD,
  });
  const response = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: PASSWORD }),
    redirect: 'manual',
  });
  const cookie = /__session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
  if (response.status !== 302 || !cookie) throw new Error(`login failed: ${response.status}`);
  return { email, token, userId: user.id, cookie };
}

async function withBusiness(owner: Account) {
  const { business } = await v1<{ business: { _id: string } }>(
    'businesses/create',
    {
      name: `${faker.company.name()} ${faker.string.alphanumeric(6)}`,
      email: `biz.${faker.string.alphanumeric(8).toLowerCase()}@example.com`,
      country: 'GB',
      telephones: ['+442071234567'],
    },
    owner.token,
  );
  await v1(`businesses/completed-test/${business._id}`, undefined, owner.token);
  return business._id;
}

/** One sample entity per :id route, created in business `b`. */
async function sampleEntities(owner: Account, b: string): Promise<Record<string, string>> {
  const { customer } = await v1<{ customer: { _id: string } }>(
    `businesses/customers/${b}/create`,
    { first_name: 'Ada', last_name: 'Lovelace', status: 'lead' },
    owner.token,
  );
  const { note } = await v1<{ note: { _id: string } }>(
    `businesses/notes/${b}/create`,
    { body: 'Call back about the boiler' },
    owner.token,
  );
  const { service } = await v1<{ service: { _id: string } }>(
    `businesses/services/${b}/create`,
    { name: `Oven cleaning ${faker.string.alphanumeric(4)}`, status: 'active', frequency: 30, price: '£40' },
    owner.token,
  );
  const { memory } = await v1<{ memory: { _id: string } }>(
    `businesses/memories/${b}/create`,
    { type: 'text', status: 'active', content: 'We open at nine.' },
    owner.token,
  );
  const call = await createCall(server.deps, {
    businessId: b,
    direction: 'inbound',
    status: 'completed',
    from: '+447700900001',
    to: '+442071234567',
  });
  const sms = await createSms(server.deps, {
    businessId: b,
    direction: 'inbound',
    from: '+447700900002',
    to: '+442071234567',
    body: 'Open on Saturday?',
  });
  const form = await createForm(server.deps, {
    businessId: b,
    body: 'Quote request',
    details: { fields: { name: 'Ann' } },
  });
  const { action } = await v1<{ action: { _id: string } }>(
    `businesses/actions/${b}/create`,
    { name: 'Chase quotes', status: 'paused', interval: '2 days' },
    owner.token,
  );
  const { order } = await v1<{ order: { _id: string } }>(
    `businesses/orders/${b}/create`,
    { customer_id: customer._id, status: 'new', lines: [{ name: 'Sourdough loaf', quantity: 2 }] },
    owner.token,
  );
  // Inserted as stored: booking through v1 would need opening hours, which this matrix is not about.
  const appointmentId = newId();
  const start = new Date(Date.now() + 86_400_000);
  await server.deps.db.insert(appointments).values({
    id: appointmentId,
    businessId: b,
    customerId: customer._id,
    startAt: start,
    endAt: new Date(start.getTime() + 3_600_000),
    status: 'booked',
    source: 'manual',
  });
  const entities: Record<string, string> = {
    customer_view: customer._id,
    note_view: note._id,
    service_view: service._id,
    memory_view: memory._id,
    call_view: call._id,
    sms_view: sms._id,
    // A shared-inbox thread is the contact's.
    inbox_thread: customer._id,
    form_view: form._id,
    action_view: action._id,
    order_view: order._id,
    appointment_view: appointmentId,
  };
  // The team page's :id is the membership id (businesses/users/{id}/list → users[]._id), when that call exists.
  try {
    const { users } = await v1<{ users: { _id: string; user: { id: string } }[] }>(
      `businesses/users/${b}/list`,
      {},
      owner.token,
    );
    const own = users.find((entry) => entry.user.id === owner.userId);
    if (own) entities.user_view = own._id;
  } catch {
    // Not built yet: user_view is reported as missing its sample below.
  }
  return entities;
}

async function addMember(b: string, user: Account, permissions: string[]) {
  await server.deps.db.insert(businessUsers).values({ id: newId(), businessId: b, userId: user.userId, permissions });
}

async function page(who: Account, url: string) {
  const response = await fetch(`${server.url}${url}`, { headers: { cookie: who.cookie }, redirect: 'manual' });
  return { status: response.status, html: await response.text() };
}

let admin: Account;
let outsider: Account;
let businessId: string;
let entities: Record<string, string>;
const members = new Map<string, Account>();

/** The routes that need a permission, with the URL of their page (a sample entity for :id). */
const guarded = DASHBOARD_ROUTES.filter((route) => route.permission !== null);
/** Routes without a permission whose page exists, opened by a member with no permissions. */
const OPEN_PAGES = ['home', 'account_settings', 'assistant_settings', 'assistant_conversations'] as const;

function urlOf(route: (typeof DASHBOARD_ROUTES)[number]) {
  if (!route.path.includes(':id')) return dashboardPath(route.path);
  const id = entities[route.name];
  return id ? dashboardPath(route.path.replace(':id', id)) : null;
}

beforeAll(async () => {
  server = await startTestServer({ settings: { RATE_LIMIT_AUTH_PER_MINUTE: '10000' } });
  admin = await account();
  businessId = await withBusiness(admin);
  entities = await sampleEntities(admin, businessId);
  outsider = await account();
  await withBusiness(outsider);
  // One member per permission the matrix needs, plus one with none at all.
  const needed = [...new Set(guarded.map((route) => route.permission as Permission))];
  for (const permission of ['none', ...needed]) {
    const member = await account();
    await addMember(businessId, member, permission === 'none' ? [] : [permission]);
    members.set(permission, member);
  }
}, 120_000);

afterAll(() => server?.close());

describe('the permission matrix for dashboard pages', () => {
  it('has a sample entity for every guarded :id route', () => {
    const missing = guarded
      .filter((route) => route.path.includes(':id') && !entities[route.name])
      .map((route) => route.name);
    expect(missing).toEqual([]);
  });

  for (const route of guarded) {
    describe(`${route.name} (/dashboard/${route.path}, ${route.permission})`, () => {
      it('shows a member without the permission the 403 page', async ({ skip }) => {
        const url = urlOf(route);
        if (!url) return skip();
        // Someone holding every other permission but this one.
        const other =
          [...members.entries()].find(
            ([permission]) => permission !== 'none' && !hasPermission([permission], route.permission),
          )?.[1] ?? members.get('none')!;
        for (const who of [members.get('none')!, other]) {
          const response = await page(who, url);
          expect(response.status, `${url} for a member without ${route.permission}`).toBe(403);
          expect(response.html).toContain('Permission needed');
        }
      });

      it('opens for a member with the permission and for the admin', async ({ skip }) => {
        const url = urlOf(route);
        if (!url) return skip();
        expect(
          (await page(members.get(route.permission!)!, url)).status,
          `${url} for a member with ${route.permission}`,
        ).toBe(200);
        expect((await page(admin, url)).status, `${url} for the admin`).toBe(200);
      });

      if (route.path.includes(':id')) {
        it('shows a user of another business the not-found page for this entity', async ({ skip }) => {
          const url = urlOf(route);
          if (!url) return skip();
          const response = await page(outsider, url);
          expect(response.status, `${url} for a user of another business`).toBe(404);
          expect(response.html).toContain('Page not found');
        });
      }
    });
  }

  it('shows a user of another business the not-found page for a contact', async () => {
    const response = await page(outsider, `/dashboard/customers/${entities.customer_view}`);
    expect(response.status).toBe(404);
    expect(response.html).toContain('Page not found');
  });

  it('opens the pages without a permission to a member with no permissions', async () => {
    const none = members.get('none')!;
    for (const name of OPEN_PAGES) {
      const route = DASHBOARD_ROUTES.find((entry) => entry.name === name)!;
      const url = urlOf(route)!;
      expect((await page(none, url)).status, url).toBe(200);
    }
  });
});

describe("the assistant's conversations (their own rules: one's own chats, and customers' conversations by channel permission)", () => {
  it("shows a customer's SMS conversation only with smses/view, labelled as the customer's and read-only, and another member's chat to nobody", async () => {
    const sms = await createConversation(server.deps, businessId, { channel: 'sms' });
    await postMessage(server.deps, { businessId, conversationId: sms.id, message: 'My gate code is 2468' });
    const chat = (
      await v1<{ conversation: { id: string } }>(`businesses/conversations/${businessId}/create`, {}, admin.token)
    ).conversation.id;
    await v1(
      `businesses/conversations/${businessId}/update/${chat}`,
      { message: 'Admin asks about invoice 1357' },
      admin.token,
    );
    const none = members.get('none')!;
    const reader = members.get('smses/view')!;

    const noneList = await page(none, '/dashboard/assistant-conversations');
    expect(noneList.status).toBe(200);
    expect(noneList.html).not.toContain('2468');
    expect(noneList.html).not.toContain('1357');
    const readerList = await page(reader, '/dashboard/assistant-conversations');
    expect(readerList.html).toContain('2468');
    expect(readerList.html).not.toContain('1357');

    for (const [who, id] of [
      [none, sms.id],
      [reader, chat],
      [none, chat],
    ] as const) {
      const response = await page(who, `/dashboard/assistant-conversations/${id}`);
      expect(response.status, `${id}`).toBe(404);
      expect(response.html).not.toContain('2468');
      expect(response.html).not.toContain('1357');
    }
    const opened = await page(reader, `/dashboard/assistant-conversations/${sms.id}`);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain('2468');
    expect(opened.html).toContain('The customer:');
    expect(opened.html).not.toContain('You:');
    expect(opened.html).toContain('data-testid="conversation-read-only"');
    const own = await page(admin, `/dashboard/assistant-conversations/${chat}`);
    expect(own.status).toBe(200);
    expect(own.html).toContain('You:');
  });
});
