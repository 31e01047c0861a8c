import { eq } from 'drizzle-orm';
import { businessUsers, notifications } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import type { Permission } from '#contract/permissions';
import type { Harness } from '#tests/support/api-harness';
import { randomSandboxNumber } from '#tests/support/system-fixtures';

/**
 * The records the v1 permission matrix (tests/api/platform/permission-matrix-api.test.ts) names in
 * its calls, made fresh for each call through the API as the admin, and the shape of a rule.
 */
export type Ids = Record<string, string>;
export type Ctx = { h: Harness; b: string; admin: string; ids: Ids; memberUserId: string };
export type Rule = {
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

export async function ok(result: Awaited<ReturnType<Harness['call']>>, what: string) {
  if (result.status !== 200) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.data;
}
export const api = (ctx: Ctx, path: string, body?: unknown) => ctx.h.call(path, body, ctx.admin);

export async function customer(ctx: Ctx, deleted = false) {
  const data = await ok(
    await api(ctx, `businesses/customers/${ctx.b}/create`, { first_name: 'Matrix', status: 'lead' }),
    'customer',
  );
  if (deleted) await ok(await api(ctx, `businesses/customers/${ctx.b}/delete/${data.customer._id}`), 'delete customer');
  return data.customer._id as string;
}
export async function note(ctx: Ctx, deleted = false) {
  const data = await ok(await api(ctx, `businesses/notes/${ctx.b}/create`, { body: 'Matrix note' }), 'note');
  const id = (data.note ?? data.item)._id as string;
  if (deleted) await ok(await api(ctx, `businesses/notes/${ctx.b}/delete/${id}`), 'delete note');
  return id;
}
export async function systemItem(ctx: Ctx, type: 'call' | 'sms' | 'form', deleted = false) {
  const data = await ok(
    await api(ctx, `dev/system-items/${ctx.b}/create`, { type, from: '+442071234999', body: 'Hello' }),
    type,
  );
  const id = data.item._id as string;
  const plural = type === 'sms' ? 'smses' : `${type}s`;
  if (deleted) await ok(await api(ctx, `businesses/${plural}/${ctx.b}/delete/${id}`), `delete ${type}`);
  return id;
}
export async function service(ctx: Ctx, deleted = false) {
  const data = await ok(
    await api(ctx, `businesses/services/${ctx.b}/create`, { name: 'Matrix service', status: 'active', frequency: 0 }),
    'service',
  );
  if (deleted) await ok(await api(ctx, `businesses/services/${ctx.b}/delete/${data.service._id}`), 'delete service');
  return data.service._id as string;
}
export async function action(ctx: Ctx, deleted = false) {
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
export async function order(ctx: Ctx, deleted = false) {
  const data = await ok(
    await api(ctx, `businesses/orders/${ctx.b}/create`, { customer_id: await customer(ctx), status: 'new' }),
    'order',
  );
  if (deleted) await ok(await api(ctx, `businesses/orders/${ctx.b}/delete/${data.order._id}`), 'delete order');
  return data.order._id as string;
}
export async function memory(ctx: Ctx, options: { deleted?: boolean; type?: string } = {}) {
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
export async function system(
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
export async function conversation(ctx: Ctx) {
  const data = await ok(await api(ctx, `businesses/conversations/${ctx.b}/create`, {}), 'conversation');
  return (data.conversation.id ?? data.conversation._id) as string;
}
export async function member(ctx: Ctx, removed = false) {
  const someone = await ctx.h.signUp();
  await ctx.h.addMember(ctx.b, someone.user.id, []);
  const [row] = await ctx.h.database.db.select().from(businessUsers).where(eq(businessUsers.userId, someone.user.id));
  if (removed) await ok(await api(ctx, `businesses/users/${ctx.b}/remove/${row.id}`), 'remove member');
  return { member_id: row.id, user_id: someone.user.id };
}
export async function notification(ctx: Ctx) {
  const [adminRow] = await ctx.h.database.db.select().from(businessUsers).where(eq(businessUsers.businessId, ctx.b));
  const id = newId();
  await ctx.h.database.db
    .insert(notifications)
    .values({ id, businessId: ctx.b, userId: adminRow.userId, kind: 'task_due', title: 'Matrix', sourceId: id });
  return id;
}

/** A weekday 10:00 inside the default hours, a different day each time, so bookings never overlap. */
let appointmentDays = 2;
export function nextWeekdayAt10(): string {
  for (;;) {
    const day = new Date(Date.now() + appointmentDays++ * 86_400_000);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) return `${day.toISOString().slice(0, 10)}T10:00`;
  }
}
export async function appointment(ctx: Ctx) {
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

export async function outgoingWebhook(ctx: Ctx) {
  const data = await ok(
    await api(ctx, `businesses/outgoing-webhooks/${ctx.b}/create`, {
      url: 'https://hooks.example.com/matrix',
      events: ['contact.created'],
    }),
    'outgoing webhook',
  );
  return data.outgoing_webhook._id as string;
}
