import { eq } from 'drizzle-orm';
import { businesses } from '#api/db/schema';
import { v1Calls } from '#contract/v1/index';
import type { V1Call } from '#contract/v1/define';
import { uniqueEmail } from '#tests/support/api-harness';
import { randomSandboxNumber } from '#tests/support/system-fixtures';
import {
  ok,
  api,
  customer,
  note,
  systemItem,
  service,
  action,
  order,
  memory,
  system,
  conversation,
  member,
  notification,
  appointment,
  outgoingWebhook,
  nextWeekdayAt10,
  type Ctx,
  type Rule,
} from '#tests/support/permission-matrix-records';

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
