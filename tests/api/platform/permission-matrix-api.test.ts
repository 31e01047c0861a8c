import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, businessUsers, notifications } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import type { Permission } from '#contract/permissions';
import { allV1Calls, v1Calls } from '#contract/v1/index';
import type { V1Call } from '#contract/v1/define';
import { createHarness, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { businessFingerprint, changedTables } from '#tests/support/db-fingerprint';
import { randomSandboxNumber } from '#tests/support/system-fixtures';

/**
 * The permission matrix of the v1 API, built from the OpenAPI document: every call with a
 * {business_id} path parameter is tried signed out (401), by a user of another business
 * (404), by a member without any permission (403 when the call needs one, with the spec's
 * message for the list calls that have one), and by an admin (allowed: not 401/403/404).
 * Every refusal must leave both businesses' rows exactly as they were (tests/support/db-fingerprint.ts).
 * A call that is not in RULES fails the test: add it with the permission it needs.
 */
type Ids = Record<string, string>;
type Ctx = { h: Harness; b: string; admin: string; ids: Ids; memberUserId: string };
type Rule = {
  /** The permission the call needs; null = any member. 'admin' = admins only. */
  permission: Permission | null;
  /** The exact refusal (spec section 5 for list calls). */
  refusal?: string;
  /** A valid body (so validation passes and the permission check is what answers). */
  body?: (ctx: Ctx) => unknown;
  multipart?: (ctx: Ctx) => FormData;
  /** Make the records the path names (fresh for each call), e.g. a deleted customer for restore. */
  prepare?: (ctx: Ctx) => Promise<Ids>;
  /** Put things back after the admin's call (e.g. restore the business it deleted). */
  cleanup?: (ctx: Ctx) => Promise<void>;
  /** The answer to an allowed caller when it cannot be a success here (the fixture lacks a recording, the server lacks voice). */
  allowedStatus?: { status: number; why: string };
  /** What the member without permissions answers when it differs from the rule's (the admin's chat is not theirs: 404). */
  memberStatus?: { status: number; why: string };
  skipMemberAndAdmin?: string;
  /** What another business answers when it names this business's record in a body field rather than the path (a 422 on that field). */
  foreignRecord?: { status: number; why: string };
};

async function ok(result: Awaited<ReturnType<Harness['call']>>, what: string) {
  if (result.status !== 200) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.data;
}
const api = (ctx: Ctx, path: string, body?: unknown) => ctx.h.call(path, body, ctx.admin);

async function customer(ctx: Ctx, deleted = false) {
  const data = await ok(
    await api(ctx, `businesses/customers/${ctx.b}/create`, { first_name: 'Matrix', status: 'lead' }),
    'customer',
  );
  if (deleted) await ok(await api(ctx, `businesses/customers/${ctx.b}/delete/${data.customer._id}`), 'delete customer');
  return data.customer._id as string;
}
async function note(ctx: Ctx, deleted = false) {
  const data = await ok(await api(ctx, `businesses/notes/${ctx.b}/create`, { body: 'Matrix note' }), 'note');
  const id = (data.note ?? data.item)._id as string;
  if (deleted) await ok(await api(ctx, `businesses/notes/${ctx.b}/delete/${id}`), 'delete note');
  return id;
}
async function systemItem(ctx: Ctx, type: 'call' | 'sms' | 'form', deleted = false) {
  const data = await ok(
    await api(ctx, `dev/system-items/${ctx.b}/create`, { type, from: '+442071234999', body: 'Hello' }),
    type,
  );
  const id = data.item._id as string;
  const plural = type === 'sms' ? 'smses' : `${type}s`;
  if (deleted) await ok(await api(ctx, `businesses/${plural}/${ctx.b}/delete/${id}`), `delete ${type}`);
  return id;
}
async function service(ctx: Ctx, deleted = false) {
  const data = await ok(
    await api(ctx, `businesses/services/${ctx.b}/create`, { name: 'Matrix service', status: 'active', frequency: 0 }),
    'service',
  );
  if (deleted) await ok(await api(ctx, `businesses/services/${ctx.b}/delete/${data.service._id}`), 'delete service');
  return data.service._id as string;
}
async function action(ctx: Ctx, deleted = false) {
  const data = await ok(
    await api(ctx, `businesses/actions/${ctx.b}/create`, {
      name: 'Matrix action',
      status: 'paused',
      interval: '2 days',
    }),
    'action',
  );
  if (deleted) await ok(await api(ctx, `businesses/actions/${ctx.b}/delete/${data.action._id}`), 'delete action');
  return data.action._id as string;
}
async function order(ctx: Ctx, deleted = false) {
  const data = await ok(
    await api(ctx, `businesses/orders/${ctx.b}/create`, { customer_id: await customer(ctx), status: 'new' }),
    'order',
  );
  if (deleted) await ok(await api(ctx, `businesses/orders/${ctx.b}/delete/${data.order._id}`), 'delete order');
  return data.order._id as string;
}
async function memory(ctx: Ctx, options: { deleted?: boolean; type?: string } = {}) {
  const data = await ok(
    await api(ctx, `businesses/memories/${ctx.b}/create`, {
      type: options.type ?? 'text',
      content: 'Matrix memory: we open at nine.',
      status: 'active',
    }),
    'memory',
  );
  if (options.deleted)
    await ok(await api(ctx, `businesses/memories/${ctx.b}/delete/${data.memory._id}`), 'delete memory');
  return data.memory._id as string;
}
async function system(
  ctx: Ctx,
  options: { deleted?: boolean; name?: 'telephony' | 'leadcatcher' | 'mobile'; number?: boolean } = {},
) {
  const created = await ok(
    await api(ctx, `businesses/systems/${ctx.b}/create`, { name: options.name ?? 'telephony' }),
    'system',
  );
  const id = created.system._id as string;
  if (options.number)
    await ok(
      await api(ctx, `businesses/purchase-number/${ctx.b}`, { phone_number: randomSandboxNumber(), system_id: id }),
      'purchase number',
    );
  if (options.deleted) await ok(await api(ctx, `businesses/systems/${ctx.b}/delete/${id}`), 'delete system');
  return id;
}
async function conversation(ctx: Ctx) {
  const data = await ok(await api(ctx, `businesses/conversations/${ctx.b}/create`, {}), 'conversation');
  return (data.conversation.id ?? data.conversation._id) as string;
}
async function member(ctx: Ctx, removed = false) {
  const someone = await ctx.h.signUp();
  await ctx.h.addMember(ctx.b, someone.user.id, []);
  const [row] = await ctx.h.database.db.select().from(businessUsers).where(eq(businessUsers.userId, someone.user.id));
  if (removed) await ok(await api(ctx, `businesses/users/${ctx.b}/remove/${row.id}`), 'remove member');
  return { member_id: row.id, user_id: someone.user.id };
}
async function notification(ctx: Ctx) {
  const [adminRow] = await ctx.h.database.db.select().from(businessUsers).where(eq(businessUsers.businessId, ctx.b));
  const id = newId();
  await ctx.h.database.db
    .insert(notifications)
    .values({ id, businessId: ctx.b, userId: adminRow.userId, kind: 'task_due', title: 'Matrix', sourceId: id });
  return id;
}

/** A weekday 10:00 inside the default hours, a different day each time, so bookings never overlap. */
let appointmentDays = 2;
function nextWeekdayAt10(): string {
  for (;;) {
    const day = new Date(Date.now() + appointmentDays++ * 86_400_000);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) return `${day.toISOString().slice(0, 10)}T10:00`;
  }
}
async function appointment(ctx: Ctx) {
  const data = await ok(
    await api(ctx, `businesses/appointments/${ctx.b}/create`, {
      customer_id: await customer(ctx),
      start_at: nextWeekdayAt10(),
      notify_customer: false,
    }),
    'appointment',
  );
  return data.appointment._id as string;
}

async function outgoingWebhook(ctx: Ctx) {
  const data = await ok(
    await api(ctx, `businesses/outgoing-webhooks/${ctx.b}/create`, {
      url: 'https://hooks.example.com/matrix',
      events: ['contact.created'],
    }),
    'outgoing webhook',
  );
  return data.outgoing_webhook._id as string;
}

/**
 * The rules of declared calls (contract/v1): who may make them and the exact refusal come
 * from the declaration; the rule adds only what the call needs here (records, a valid body).
 */
type Fixture = Omit<Rule, 'permission' | 'refusal'>;
function businessPermission(call: V1Call): Rule['permission'] {
  if (call.permission === 'member') return null;
  if (call.permission === 'signed-in' || call.permission === 'public')
    throw new Error(`${call.path} is not a business call: test it outside the matrix`);
  return call.permission;
}
function declaredRules<T extends Record<string, V1Call>>(calls: T, fixtures: { [K in keyof T]: Fixture }) {
  const rules: Record<string, Rule> = {};
  for (const [name, call] of Object.entries(calls))
    rules[call.path] = {
      permission: businessPermission(call),
      refusal: call.refusal,
      ...fixtures[name],
    };
  return rules;
}
const existingCustomer: Fixture = { prepare: async (ctx) => ({ customer_id: await customer(ctx) }) };
const existingOutgoingWebhook: Fixture = { prepare: async (ctx) => ({ endpoint_id: await outgoingWebhook(ctx) }) };
const existingService: Fixture = { prepare: async (ctx) => ({ service_id: await service(ctx) }) };
const existingOrder: Fixture = { prepare: async (ctx) => ({ order_id: await order(ctx) }) };
const existingMemory: Fixture = { prepare: async (ctx) => ({ memory_id: await memory(ctx) }) };
const existingQuestion: Fixture = { prepare: async (ctx) => ({ memory_id: await memory(ctx, { type: 'question' }) }) };
const existingLearningJob: Fixture = {
  prepare: async (ctx) => ({
    job_id: (await ok(await api(ctx, `businesses/learning/${ctx.b}/start`, { url: 'http://127.0.0.1:9/' }), 'learning'))
      .job._id,
  }),
};
// users/list-deleted-businesses names no business (recently-deleted-*.test.ts covers who sees what).
const { businesses: _usersOwnCall, ...deletedKindCalls } = v1Calls.recentlyDeleted;
const existingAppointment: Fixture = { prepare: async (ctx) => ({ appointment_id: await appointment(ctx) }) };
const existingNote: Fixture = { prepare: async (ctx) => ({ id: await note(ctx) }) };
const existingAction: Fixture = { prepare: async (ctx) => ({ action_id: await action(ctx) }) };
const existingMember: Fixture = { prepare: async (ctx) => member(ctx) };
const memberByUserId: Fixture = { ...existingMember, body: (ctx) => ({ user_id: ctx.ids.user_id }) };
const existingInvitation: Fixture = {
  prepare: async (ctx) => ({
    invitation_id: (await ok(await api(ctx, `businesses/users/${ctx.b}/invite`, { email: uniqueEmail() }), 'invite'))
      .invitation._id,
  }),
};
// businesses/create names no business; businesses/restore and invitations' accept are any signed-in user's (rules below).
const { create: _noBusinessYet, restore: _deletedBusiness, ...businessCalls } = v1Calls.businesses;
const { accept: _beforeMembership, invitation: _publicLink, ...memberCalls } = v1Calls.members;
const existingConversation: Fixture = { prepare: async (ctx) => ({ conversation_id: await conversation(ctx) }) };
// conversations/get-message-streamed names no business (conversations-tenant-isolation-*.test.ts covers who may).
const { streamLatestByConversation: _noBusiness, ...conversationBusinessCalls } = v1Calls.conversations;
const existingSystem: Fixture = { prepare: async (ctx) => ({ system_id: await system(ctx) }) };
const numberedSystem: Fixture = { prepare: async (ctx) => ({ system_id: await system(ctx, { number: true }) }) };
const systemItemFixtures = (type: 'call' | 'sms' | 'form') => {
  const existing: Fixture = { prepare: async (ctx) => ({ id: await systemItem(ctx, type) }) };
  return {
    list: {},
    get: existing,
    delete: existing,
    restore: { prepare: async (ctx: Ctx) => ({ id: await systemItem(ctx, type, true) }) },
  };
};

const wav = () => {
  const form = new FormData();
  form.append('audio', new Blob([new Uint8Array(64)], { type: 'audio/wav' }), 'voice.wav');
  return form;
};

export const RULES: Record<string, Rule> = {
  ...declaredRules(
    { unlinkBusiness: v1Calls.users.unlinkBusiness },
    // The member really leaves (and the admin, the last one, may not): bring the member back.
    { unlinkBusiness: { cleanup: async (ctx) => ctx.h.addMember(ctx.b, ctx.memberUserId, []) } },
  ),
  // businesses/create names no business (business-creation-*.test.ts covers who may).
  ...declaredRules(businessCalls, {
    update: { body: () => ({ name: 'Matrix business' }) },
    onboard: {},
    completedTest: {},
    delete: {
      cleanup: async (ctx) => void (await ok(await api(ctx, `businesses/restore/${ctx.b}`), 'restore business')),
    },
  }),
  // Declared for any signed-in user (a deleted business has no live membership to check): its handler finds the
  // caller's membership of the deleted business, 404 for anyone else, 403 for a member who is not an admin.
  'businesses/restore/{business_id}': {
    permission: 'admin',
    prepare: async (ctx) => (await ok(await api(ctx, `businesses/delete/${ctx.b}`), 'delete business'), {}),
  },
  // Any member may open reports; each section is computed only from what the member may view.
  ...declaredRules(v1Calls.reports, { get: { body: () => ({ period: '7' }) } }),
  ...declaredRules({ get: v1Calls.businessSettings.get }, { get: {} }),
  // Declared for any member (a member sets their own notifications); the business's keys, as here, need businesses/edit.
  'businesses/settings/{business_id}/set': {
    permission: 'businesses/edit',
    body: () => ({ timezone: 'Europe/London' }),
  },
  // Outgoing webhooks send the business's records elsewhere with a secret: admins only.
  ...declaredRules(v1Calls.outgoingWebhooks, {
    list: {},
    create: { body: () => ({ url: 'https://hooks.example.com/matrix', events: ['order.created'] }) },
    get: existingOutgoingWebhook,
    update: { body: () => ({ enabled: false }), ...existingOutgoingWebhook },
    delete: existingOutgoingWebhook,
    rotateSecret: existingOutgoingWebhook,
    // The name does not resolve here: the delivery is logged as not reached, and the call answers 200.
    sendTest: existingOutgoingWebhook,
    deliveries: existingOutgoingWebhook,
  }),

  ...declaredRules(memberCalls, {
    list: {},
    get: existingMember,
    invite: { body: () => ({ email: uniqueEmail() }) },
    resendInvitation: existingInvitation,
    revokeInvitation: existingInvitation,
    edit: { body: () => ({ permissions: ['customers/view'] }), ...existingMember },
    remove: existingMember,
    restore: { prepare: async (ctx) => member(ctx, true) },
    makeAdmin: memberByUserId,
    removeAdmin: memberByUserId,
    transferOwnership: {
      ...memberByUserId,
      // The admin here is the business's creator and owner: give the business back for the calls after.
      cleanup: async (ctx) => {
        await ctx.h.database.db.update(businesses).set({ ownerId: null }).where(eq(businesses.id, ctx.b));
      },
    },
    availablePermissions: {},
  }),
  // Declared for any signed-in user (accepting comes before the membership exists); the token is bound to this
  // business and the invited email, so another business's member gets 404.
  'businesses/users/{business_id}/accept': {
    permission: null,
    body: () => ({ token: 'no-such-token' }),
    skipMemberAndAdmin: 'the token is bound to an invited email: invitations-*.test.ts covers accepting',
  },

  ...declaredRules(v1Calls.customers, {
    list: {},
    options: {},
    get: existingCustomer,
    create: { body: () => ({ first_name: 'Ann', status: 'lead' }) },
    update: { body: () => ({ last_name: 'Other' }), ...existingCustomer },
    delete: existingCustomer,
    restore: { prepare: async (ctx) => ({ customer_id: await customer(ctx, true) }) },
    merge: {
      prepare: async (ctx) => ({ customer_id: await customer(ctx), merge_id: await customer(ctx) }),
      body: (ctx) => ({ merge_id: ctx.ids.merge_id }),
    },
  }),
  ...declaredRules(v1Calls.crmOrder, {
    get: {},
    set: { body: () => ({ crm_order: ['lead', 'customer', 'inactive'] }) },
    clear: {},
  }),

  ...declaredRules(v1Calls.notes, {
    list: {},
    get: existingNote,
    create: { body: () => ({ body: 'A note' }) },
    update: { body: () => ({ body: 'Changed' }), ...existingNote },
    delete: existingNote,
    restore: { prepare: async (ctx) => ({ id: await note(ctx, true) }) },
  }),
  ...declaredRules(v1Calls.calls, {
    ...systemItemFixtures('call'),
    recording: {
      prepare: async (ctx) => ({ id: await systemItem(ctx, 'call') }),
      allowedStatus: { status: 404, why: 'the fixture call has no recording' },
    },
  }),
  ...declaredRules(v1Calls.smses, systemItemFixtures('sms')),
  ...declaredRules(v1Calls.forms, systemItemFixtures('form')),
  ...declaredRules(v1Calls.timeline, { list: {} }),
  ...declaredRules(v1Calls.notifications, {
    listNotDismissed: {},
    update: {
      body: () => ({ dismissed_at: new Date().toISOString() }),
      prepare: async (ctx) => ({ notification_id: await notification(ctx) }),
    },
  }),

  ...declaredRules(v1Calls.services, {
    list: {},
    get: existingService,
    create: { body: () => ({ name: 'Window cleaning', status: 'active', frequency: 30 }) },
    update: { body: () => ({ name: 'Gutter cleaning' }), ...existingService },
    delete: existingService,
    restore: { prepare: async (ctx) => ({ service_id: await service(ctx, true) }) },
  }),

  ...declaredRules(v1Calls.actions, {
    list: {},
    get: existingAction,
    create: { body: () => ({ name: 'Chase quotes', status: 'paused', interval: '3 days' }) },
    update: { body: () => ({ status: 'paused' }), ...existingAction },
    delete: existingAction,
    restore: { prepare: async (ctx) => ({ action_id: await action(ctx, true) }) },
    runs: existingAction,
    preview: { body: () => ({ template: 'Hi {first_name}, {business_name} here.' }) },
  }),
  ...declaredRules(v1Calls.orders, {
    list: {},
    get: existingOrder,
    create: {
      prepare: async (ctx) => ({ customer_id: await customer(ctx) }),
      body: (ctx) => ({
        customer_id: ctx.ids.customer_id,
        status: 'new',
        lines: [{ name: 'Sourdough loaf', quantity: 2 }],
      }),
      foreignRecord: { status: 422, why: "the customer is a body field: customer_id 'Customer not found.'" },
    },
    update: { body: () => ({ notes: 'Deliver after five.' }), ...existingOrder },
    delete: existingOrder,
    restore: { prepare: async (ctx) => ({ order_id: await order(ctx, true) }) },
  }),

  ...declaredRules(v1Calls.memories, {
    list: {},
    questions: {},
    get: existingMemory,
    create: { body: () => ({ type: 'text', content: 'We close at five.', status: 'active' }) },
    update: { body: () => ({ content: 'We close at six.' }), ...existingMemory },
    delete: existingMemory,
    restore: { prepare: async (ctx) => ({ memory_id: await memory(ctx, { deleted: true }) }) },
    answer: { body: () => ({ answer: 'Yes, on Saturdays too.' }), ...existingQuestion },
    ignore: existingQuestion,
    search: { body: () => ({ query: 'open' }) },
    upload: {
      multipart: () => {
        const form = new FormData();
        form.append('file', new Blob(['We open at nine.'], { type: 'text/plain' }), 'hours.txt');
        return form;
      },
    },
  }),
  ...declaredRules(v1Calls.trainingQuestions, { propose: {} }),
  ...declaredRules(v1Calls.learning, {
    start: { body: () => ({ url: 'http://127.0.0.1:9/' }) },
    list: {},
    get: existingLearningJob,
    cancel: existingLearningJob,
  }),

  ...declaredRules(v1Calls.systems, {
    list: {},
    create: { body: () => ({ name: 'leadcatcher' }) },
    get: existingSystem,
    update: { ...existingSystem, body: () => ({ settings: { record_calls: false } }) },
    delete: existingSystem,
    restore: { prepare: async (ctx) => ({ system_id: await system(ctx, { deleted: true }) }) },
    listEvents: existingSystem,
    setup: existingSystem,
    submitStep: { ...existingSystem, body: () => ({ step: 'try_it' }) },
    getSettings: existingSystem,
    setSettings: {
      ...existingSystem,
      body: () => ({ configurations: { data: { settings: { sms_auto_reply: false } } } }),
    },
    listAvailableNumbers: { ...existingSystem, body: () => ({ country: 'US' }) },
    makeCall: { ...numberedSystem, body: () => ({ to: '+442071234999', agent_number: '+447700900123' }) },
    sendMessage: { ...numberedSystem, body: () => ({ to: '+442071234999', message: 'Matrix hello' }) },
    simulate: {
      ...numberedSystem,
      body: () => ({ kind: 'sms', from: '+442071234999', says: 'Do you open on Saturdays?' }),
    },
    simulateVoice: {
      ...numberedSystem,
      multipart: () => {
        const form = wav();
        form.append('kind', 'call');
        form.append('from', '+442071234999');
        return form;
      },
      allowedStatus: { status: 503, why: 'the test server has no speech' },
    },
    purchaseNumber: { body: () => ({ phone_number: randomSandboxNumber() }) },
  }),

  ...declaredRules(conversationBusinessCalls, {
    list: {},
    create: {},
    get: existingConversation,
    update: { body: () => ({ message: 'When do you open?' }), ...existingConversation },
    updateVoice: {
      multipart: wav,
      ...existingConversation,
      allowedStatus: { status: 503, why: 'the test server has no speech' },
      memberStatus: { status: 404, why: "the admin's chat is not the member's" },
    },
    streamLatest: existingConversation,
    suggestions: {},
  }),
  // dev/outbox/list needs no sign-in (dev-system-items-*.test.ts covers it).
  ...declaredRules(
    { createSystemItem: v1Calls.dev.createSystemItem },
    { createSystemItem: { body: () => ({ type: 'sms', from: '+442071234999', body: 'Hi' }) } },
  ),

  // Recently deleted: each kind's deleted rows need what its live list needs.
  ...declaredRules(deletedKindCalls, {
    customers: {},
    notes: {},
    calls: {},
    sms: {},
    forms: {},
    services: {},
    memories: {},
    systems: {},
    members: {},
  }),
  // The shared inbox: a thread is a contact (docs/inbox.md).
  ...declaredRules(v1Calls.inbox, {
    list: {},
    unread: {},
    get: existingCustomer,
    reply: { ...existingCustomer, body: () => ({ message: 'Matrix reply' }) },
    assign: { ...existingCustomer, body: () => ({ user_id: null }) },
    pause: existingCustomer,
    handBack: existingCustomer,
  }),
  // Appointments are contacts' visits (docs/appointments.md): customers/view reads, customers/edit books.
  ...declaredRules(v1Calls.appointments, {
    list: {},
    get: existingAppointment,
    freeSlots: {},
    create: {
      body: (ctx) => ({ customer_id: ctx.ids.customer_id, start_at: nextWeekdayAt10(), notify_customer: false }),
      ...existingCustomer,
      foreignRecord: { status: 422, why: "the customer is a body field: customer_id 'Customer not found.'" },
    },
    edit: { body: () => ({ notes: 'Matrix edit' }), ...existingAppointment },
    cancel: { body: () => ({ notify_customer: false }), ...existingAppointment },
    feedStatus: {},
    regenerateFeed: {},
    revokeFeed: {},
  }),
};

let h: Harness;
let calls: string[];
beforeAll(async () => {
  h = await createHarness();
  const response = await h.app.fetch(new Request('http://api.test/api/v1/openapi.json'));
  const doc = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
  calls = Object.keys(doc.paths)
    .filter((path) => path.includes('{business_id}'))
    .map((path) => path.replace(/^\/api\/v1\//, ''));
});
afterAll(() => h.close());

/** The path with its parameters filled in. */
const fill = (template: string, ids: Ids) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = ids[name];
    if (!value) throw new Error(`${template}: no value for {${name}} (give the rule a prepare)`);
    return value;
  });

async function send(path: string, rule: Rule, ctx: Ctx, token?: string) {
  if (rule.multipart) {
    const response = await h.request(path, {
      method: 'POST',
      body: rule.multipart(ctx),
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text || '{}') as { errors?: string[] } };
  }
  return h.call(path, rule.body?.(ctx), token);
}

describe('the API permission matrix (from the OpenAPI document)', () => {
  it('has a rule for every business-scoped call, and no rule for a call that is gone', () => {
    expect(calls.length).toBeGreaterThan(50);
    const missing = calls.filter((call) => !(call in RULES));
    expect(missing, 'add these calls to RULES with the permission they need').toEqual([]);
    expect(Object.keys(RULES).filter((call) => !calls.includes(call))).toEqual([]);
    expect(
      allV1Calls.map((call) => call.path).filter((path) => path.includes('{business_id}') && !calls.includes(path)),
      'declared in contract/v1 but not served',
    ).toEqual([]);
  });

  it('the data fingerprint notices a change to any business row', async () => {
    const owner = await h.signUpWithBusiness();
    const before = await businessFingerprint(h.database.db, [owner.business._id]);
    await h.call(
      `businesses/customers/${owner.business._id}/create`,
      { first_name: 'Fingerprint', status: 'lead' },
      owner.token,
    );
    const afterCreate = await businessFingerprint(h.database.db, [owner.business._id]);
    expect(changedTables(before, afterCreate)).toContain('customers');
    await h.call(`businesses/update/${owner.business._id}`, { name: `${owner.business.name} renamed` }, owner.token);
    expect(changedTables(afterCreate, await businessFingerprint(h.database.db, [owner.business._id]))).toContain(
      'businesses',
    );
  });

  it(
    'signed out 401, another business 404, a member without permissions 403 where one is needed, admin allowed',
    { timeout: 600_000 },
    async () => {
      const owner = await h.signUpWithBusiness();
      const outsider = await h.signUpWithBusiness();
      const bare = await h.signUp();
      await h.addMember(owner.business._id, bare.user.id, []);
      const failures: string[] = [];

      // One member per permission, holding only that permission.
      const holders = new Map<Permission, string>();
      async function holder(permission: Permission) {
        if (!holders.has(permission)) {
          const someone = await h.signUp();
          await h.addMember(owner.business._id, someone.user.id, [permission]);
          holders.set(permission, someone.token);
        }
        return holders.get(permission)!;
      }
      const fresh = async (rule: Rule) => {
        const ctx: Ctx = {
          h,
          b: owner.business._id,
          admin: owner.token,
          ids: { business_id: owner.business._id },
          memberUserId: bare.user.id,
        };
        Object.assign(ctx.ids, (await rule.prepare?.(ctx)) ?? {});
        return ctx;
      };

      for (const call of calls) {
        const rule = RULES[call];
        if (!rule) continue;
        const expectStatus = (who: string, status: number, check: (status: number) => boolean, detail = '') => {
          if (!check(status)) failures.push(`${call} ${who}: answered ${status}${detail}`);
        };
        const allowed = (who: string, result: { status: number; body: unknown }) => {
          if (rule.allowedStatus)
            expectStatus(`${who} (${rule.allowedStatus.why})`, result.status, (s) => s === rule.allowedStatus!.status);
          else
            expectStatus(
              who,
              result.status,
              (s) => s !== 401 && s !== 403 && s !== 404 && s < 500,
              ` ${JSON.stringify(result.body)}`,
            );
        };
        const ctx = await fresh(rule);
        const path = fill(call, ctx.ids);
        // Every refusal below must leave both businesses' data exactly as it was.
        const fingerprint = () => businessFingerprint(h.database.db, [owner.business._id, outsider.business._id]);
        let before = await fingerprint();
        const unchanged = async (who: string) => {
          const after = await fingerprint();
          const changed = changedTables(before, after);
          if (changed.length) failures.push(`${call} ${who}: the refusal changed ${changed.join(', ')}`);
          before = after;
        };

        expectStatus('signed out', (await send(path, rule, ctx)).status, (s) => s === 401);
        await unchanged('signed out');

        const other = await send(path, rule, ctx, outsider.token);
        expectStatus('other business', other.status, (s) => s === 404, ` ${JSON.stringify(other.body)}`);
        await unchanged('other business');
        // Tenant isolation of the records too: the other business's admin, in their own business, naming this one's record.
        if (Object.keys(ctx.ids).length > 1 && !rule.skipMemberAndAdmin) {
          const foreign = await send(
            fill(call, { ...ctx.ids, business_id: outsider.business._id }),
            rule,
            ctx,
            outsider.token,
          );
          const expected = rule.foreignRecord?.status ?? 404;
          expectStatus(
            `another business's record${rule.foreignRecord ? ` (${rule.foreignRecord.why})` : ''}`,
            foreign.status,
            (s) => s === expected,
            ` ${JSON.stringify(foreign.body)}`,
          );
          await unchanged("another business's record");
        }
        if (rule.skipMemberAndAdmin) continue;

        const asMember = await send(path, rule, ctx, bare.token);
        if (rule.permission) {
          expectStatus(
            'member without permission',
            asMember.status,
            (s) => s === 403,
            ` ${JSON.stringify(asMember.body)}`,
          );
          await unchanged('member without permission');
          if (rule.refusal && asMember.body.errors?.[0] !== rule.refusal)
            failures.push(
              `${call} member: refusal ${JSON.stringify(asMember.body.errors)}, expected "${rule.refusal}"`,
            );
        } else if (rule.memberStatus) {
          expectStatus(`member (${rule.memberStatus.why})`, asMember.status, (s) => s === rule.memberStatus!.status);
          await unchanged('member');
        } else if (rule.allowedStatus) {
          expectStatus(`member (${rule.allowedStatus.why})`, asMember.status, (s) => s === rule.allowedStatus!.status);
        } else {
          expectStatus(
            'member (no permission needed)',
            asMember.status,
            (s) => s !== 401 && s !== 403 && s < 500,
            ` ${JSON.stringify(asMember.body)}`,
          );
        }

        if (rule.permission && rule.permission !== 'admin') {
          const own = await fresh(rule);
          allowed(
            `member with ${rule.permission}`,
            await send(fill(call, own.ids), rule, own, await holder(rule.permission)),
          );
          await rule.cleanup?.(own);
        }

        allowed('admin', await send(path, rule, ctx, owner.token));
        await rule.cleanup?.(ctx);
      }
      expect(failures).toEqual([]);
    },
  );
});
