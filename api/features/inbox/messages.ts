import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { InboxAuthor } from '#contract/schemas/inbox';
import type { ApiInboxMessage } from '#contract/v1/inbox';
import { hasPermission } from '#contract/permissions';
import type { Db } from '#api/db/client';
import { customers, timelineItems, users } from '#api/db/schema';
import { notFound } from '#api/lib/errors';
import type { CustomerMessageDeps } from '../systems/customer-messages';

/**
 * The inbox's messages: which timeline items a thread holds, who wrote each (contact,
 * assistant, member or business) and the thread's contact (inbox.ts).
 */
export type InboxDeps = CustomerMessageDeps;
export type InboxType = 'sms' | 'form' | 'chat';

/** The outbound SMS the assistant (or an automation acting for it) wrote, by details.purpose. */
const ASSISTANT_PURPOSES = new Set(['auto_reply', 'lead_follow_up', 'missed_call_text_back', 'action']);
export const THREAD_MESSAGES = 200;

/** SMS and website chat always (the inbox needs smses/view); forms only for members who may view them. */
export function inboxTypes(permissions: readonly string[]): InboxType[] {
  return hasPermission(permissions, 'forms/view') ? ['sms', 'chat', 'form'] : ['sms', 'chat'];
}

type ItemRow = typeof timelineItems.$inferSelect;

function authorOf(row: ItemRow): InboxAuthor {
  if (row.direction !== 'outbound') return 'contact';
  const details = row.details as { purpose?: string; sent_by?: string };
  if (details.sent_by) return 'member';
  return details.purpose && ASSISTANT_PURPOSES.has(details.purpose) ? 'assistant' : 'business';
}

export function serializeMessage(row: ItemRow, names: Map<string, string>): ApiInboxMessage {
  const sentBy = (row.details as { sent_by?: string }).sent_by ?? null;
  return {
    _id: row.id,
    type: row.type as InboxType,
    direction: row.direction ?? 'inbound',
    author: authorOf(row),
    sent_by: sentBy ? { _id: sentBy, name: names.get(sentBy) ?? 'A former member' } : null,
    body: row.body,
    from: row.from,
    to: row.to,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

export async function userNames(db: Db, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export const threadItems = (businessId: string, types: InboxType[]) =>
  and(eq(timelineItems.businessId, businessId), inArray(timelineItems.type, types), isNull(timelineItems.deletedAt));

export async function findContact(db: Db, businessId: string, customerId: string) {
  const [person] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.businessId, businessId), eq(customers.id, customerId), isNull(customers.deletedAt)))
    .limit(1);
  if (!person) throw notFound('The conversation');
  return person;
}
