import { and, eq, isNull } from 'drizzle-orm';
import { businessChannel, userChannel, type EntityEventKind } from '#contract/realtime';
import type { ApiDeps } from '../deps';
import { businessUsers, type businesses } from '../db/schema';
import type { UserRow } from './context';

/**
 * The realtime events of the account and business calls (contract/realtime.ts). Every
 * write path publishes through these, after its transaction has committed. Events carry
 * ids only: clients refetch through the API, which checks what each member may view.
 */
export async function userUpdated(deps: ApiDeps, user: UserRow | string) {
  await deps.broadcaster.broadcast(userChannel(typeof user === 'string' ? user : user.id), 'UserUpdated', {
    id: typeof user === 'string' ? user : user.id,
  });
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
  await deps.broadcaster.broadcast(businessChannel(business.id), `Business${kind}`, { id: business.id });
  const users = new Set([...(await memberIds(deps, business.id)), ...alsoNotify]);
  await Promise.all([...users].map((id) => userUpdated(deps, id === actor.id ? actor : id)));
}

/**
 * <Entity><Kind> on the business channel with the record's id, e.g. CustomerCreated. Used
 * by every business-scoped entity (customers, calls, smses, forms, notes, ...). Every
 * member is on that channel, whatever they may view: the record stays out of the event.
 */
export async function entityChanged(
  deps: Pick<ApiDeps, 'broadcaster'>,
  businessId: string,
  entity: string,
  kind: EntityEventKind,
  record: { _id: string },
) {
  await deps.broadcaster.broadcast(businessChannel(businessId), `${entity}${kind}`, { id: record._id });
}

/** <Entity><Kind> on one member's own channel (their notifications). */
export async function userEntityChanged(
  deps: Pick<ApiDeps, 'broadcaster'>,
  userId: string,
  entity: string,
  kind: EntityEventKind,
  record: { _id: string },
) {
  await deps.broadcaster.broadcast(userChannel(userId), `${entity}${kind}`, { id: record._id });
}

/**
 * ConversationUpdated on the business channel (conversations only have Updated, and it
 * refetches that one conversation). Payload id = the conversation id.
 */
export async function conversationUpdated(
  deps: Pick<ApiDeps, 'broadcaster'>,
  businessId: string,
  record: { id: string },
) {
  await deps.broadcaster.broadcast(businessChannel(businessId), 'ConversationUpdated', { id: record.id });
}
