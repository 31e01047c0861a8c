import { and, eq, isNull } from 'drizzle-orm';
import { businessChannel, userChannel, type EntityEventKind } from '#contract/realtime';
import type { ApiDeps } from '../deps';
import { businessUsers, type businesses } from '../db/schema';
import type { UserRow } from './context';
import { serializeBusiness, serializeUser } from './serialize';

/**
 * The realtime events of the account and business calls (contract/realtime.ts). Every
 * write path publishes through these, after its transaction has committed.
 */
export async function userUpdated(deps: ApiDeps, user: UserRow | string) {
  const id = typeof user === 'string' ? user : user.id;
  await deps.broadcaster.broadcast(userChannel(id), 'UserUpdated', typeof user === 'string' ? { id } : { id, record: serializeUser(user) });
}

async function memberIds(deps: ApiDeps, businessId: string) {
  const rows = await deps.db
    .select({ userId: businessUsers.userId })
    .from(businessUsers)
    .where(and(eq(businessUsers.businessId, businessId), isNull(businessUsers.removedAt)));
  return rows.map((row) => row.userId);
}

/**
 * Business<Kind> on the business channel, and UserUpdated for each member (their list of
 * businesses or permissions changed), plus any users named in `alsoNotify` (e.g. a member
 * who just left, and so is no longer on the list).
 */
export async function businessChanged(
  deps: ApiDeps,
  kind: EntityEventKind,
  business: typeof businesses.$inferSelect,
  actor: UserRow,
  alsoNotify: string[] = [],
) {
  await deps.broadcaster.broadcast(businessChannel(business.id), `Business${kind}`, {
    id: business.id,
    record: serializeBusiness(business, actor, deps.version),
  });
  const users = new Set([...(await memberIds(deps, business.id)), ...alsoNotify]);
  await Promise.all([...users].map((id) => userUpdated(deps, id === actor.id ? actor : id)));
}

/**
 * <Entity><Kind> on the business channel with the record, e.g. CustomerCreated. Used by
 * every business-scoped entity (customers, calls, smses, forms, notes, ...). The payload
 * carries the record so a native client can patch its list without refetching (the
 * broadcaster drops it when it would pass 10 kB).
 */
export async function entityChanged(deps: Pick<ApiDeps, 'broadcaster'>, businessId: string, entity: string, kind: EntityEventKind, record: { _id: string } & Record<string, unknown>) {
  await deps.broadcaster.broadcast(businessChannel(businessId), `${entity}${kind}`, { id: record._id, record });
}

/** <Entity><Kind> on one member's own channel (their notifications). */
export async function userEntityChanged(deps: Pick<ApiDeps, 'broadcaster'>, userId: string, entity: string, kind: EntityEventKind, record: { _id: string } & Record<string, unknown>) {
  await deps.broadcaster.broadcast(userChannel(userId), `${entity}${kind}`, { id: record._id, record });
}

/**
 * ConversationUpdated on the business channel (spec section 4: conversations only have
 * Updated, and it refetches that one conversation). Payload id = the conversation id; the
 * record is the conversation without its messages.
 */
export async function conversationUpdated(deps: Pick<ApiDeps, 'broadcaster'>, businessId: string, record: { id: string } & Record<string, unknown>) {
  await deps.broadcaster.broadcast(businessChannel(businessId), 'ConversationUpdated', { id: record.id, record });
}
