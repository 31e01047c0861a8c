import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { truncate } from '#contract/constants';
import type { ApiConversation, ApiConversationMessage } from '#contract/envelope';
import type { ConversationChannel } from '#contract/schemas/conversation';
import type { ListFilters } from '#contract/schemas/list';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { conversationMessages, conversations } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { notFound } from '#api/lib/errors';
import { conversationUpdated } from '#api/lib/events';
import { listQuery } from '#api/lib/list';

/**
 * Conversations with the assistant: rows, their v1 shape and the realtime event. The turn
 * logic (a message in, the reply out) is in turns.ts.
 */
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof conversationMessages.$inferSelect;
export type ConversationDeps = Pick<ApiDeps, 'db' | 'clock' | 'broadcaster'>;

export const conversationNotFound = () => notFound('The conversation');

/** What a title defaults to: the first thing the member (or caller) said. */
export const TITLE_LENGTH = 60;

export function serializeMessage(row: MessageRow): ApiConversationMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    sources: row.sources ?? [],
    actions: row.actions ?? [],
    from_voice: Boolean(row.audioKey),
    error: row.error,
  };
}

type Summary = { count: number; last: MessageRow | null; firstUser: string | null };

export function serializeConversation(
  row: ConversationRow,
  summary: Summary,
  messages?: MessageRow[],
): ApiConversation {
  return {
    id: row.id,
    conversation_id: row.id,
    channel: row.channel as ConversationChannel,
    title:
      row.title ?? (summary.firstUser ? truncate(summary.firstUser.replace(/\s+/g, ' ').trim(), TITLE_LENGTH) : null),
    user_id: row.userId,
    customer_id: row.customerId,
    message_count: summary.count,
    last_message: summary.last
      ? { role: summary.last.role, content: summary.last.content, created_at: summary.last.createdAt.toISOString() }
      : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(messages ? { messages: messages.map(serializeMessage) } : {}),
  };
}

/** Message counts, the latest message and the first user message of each conversation, in three indexed queries. */
async function summaries(db: Db, ids: string[]): Promise<Map<string, Summary>> {
  const map = new Map<string, Summary>(ids.map((id) => [id, { count: 0, last: null, firstUser: null }]));
  if (ids.length === 0) return map;
  const [counts, lasts, firsts] = await Promise.all([
    db
      .select({ id: conversationMessages.conversationId, n: count() })
      .from(conversationMessages)
      .where(inArray(conversationMessages.conversationId, ids))
      .groupBy(conversationMessages.conversationId),
    db
      .selectDistinctOn([conversationMessages.conversationId])
      .from(conversationMessages)
      .where(inArray(conversationMessages.conversationId, ids))
      .orderBy(
        conversationMessages.conversationId,
        desc(conversationMessages.createdAt),
        desc(conversationMessages.id),
      ),
    db
      .selectDistinctOn([conversationMessages.conversationId], {
        id: conversationMessages.conversationId,
        content: conversationMessages.content,
      })
      .from(conversationMessages)
      .where(and(inArray(conversationMessages.conversationId, ids), eq(conversationMessages.role, 'user')))
      .orderBy(conversationMessages.conversationId, asc(conversationMessages.createdAt), asc(conversationMessages.id)),
  ]);
  for (const row of counts) map.get(row.id)!.count = Number(row.n);
  for (const row of lasts) map.get(row.conversationId)!.last = row;
  for (const row of firsts) map.get(row.id)!.firstUser = row.content;
  return map;
}

/** The summary of a conversation whose messages are already at hand, oldest first (as listMessages reads them). */
export function summaryOf(messages: MessageRow[]): Summary {
  return {
    count: messages.length,
    last: messages.at(-1) ?? null,
    firstUser: messages.find((message) => message.role === 'user')?.content ?? null,
  };
}

export async function serializeConversations(db: Db, rows: ConversationRow[]): Promise<ApiConversation[]> {
  const map = await summaries(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => serializeConversation(row, map.get(row.id)!));
}

/** A live conversation of this business, or undefined (another business's is never found). */
export async function findConversation(db: Db, businessId: string, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.businessId, businessId), isNull(conversations.deletedAt)))
    .limit(1);
  return row;
}

export async function requireConversation(db: Db, businessId: string, id: string): Promise<ConversationRow> {
  const row = await findConversation(db, businessId, id);
  if (!row) throw conversationNotFound();
  return row;
}

/** Every message, oldest first (a reply always sorts after the message it answers). */
export async function listMessages(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
}

export async function conversationRecord(db: Db, row: ConversationRow): Promise<ApiConversation> {
  const [record] = await serializeConversations(db, [row]);
  return record;
}

/** ConversationUpdated with the conversation (without its messages). */
export async function publishConversation(deps: ConversationDeps, row: ConversationRow): Promise<ApiConversation> {
  const record = await conversationRecord(deps.db, row);
  await conversationUpdated(deps, row.businessId, record);
  return record;
}

export type NewConversation = {
  channel: ConversationChannel;
  title?: string | null;
  /** The member who started it (dashboard chat and voice). */
  userId?: string | null;
  /** The caller (calls, SMS, forms). */
  customerId?: string | null;
};

/** Dashboard chats, and later each call, SMS thread or form the assistant answers. */
export async function createConversation(
  deps: ConversationDeps,
  businessId: string,
  input: NewConversation,
): Promise<ApiConversation> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(conversations)
    .values({
      id: newId(),
      businessId,
      channel: input.channel,
      title: input.title?.trim() || null,
      userId: input.userId ?? null,
      customerId: input.customerId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return publishConversation(deps, row);
}

export type ConversationListFilters = ListFilters & { channel?: ConversationChannel };

/**
 * Newest first by created_at by default; sortable by created_at or updated_at; filterable by
 * channel. `visible` keeps those the caller may see (access.ts).
 */
export async function listConversations(db: Db, businessId: string, filters: ConversationListFilters, visible: SQL) {
  const query = listQuery(filters, {
    sortable: { created_at: conversations.createdAt, updated_at: conversations.updatedAt },
    defaultSort: 'created_at',
    createdAt: conversations.createdAt,
    tieBreaker: conversations.id,
  });
  const where = and(
    eq(conversations.businessId, businessId),
    isNull(conversations.deletedAt),
    filters.channel ? eq(conversations.channel, filters.channel) : undefined,
    visible,
    query.where,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(conversations)
      .where(where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)` })
      .from(conversations)
      .where(where),
  ]);
  return {
    conversations: await serializeConversations(db, rows),
    total: Number(total),
    page: query.page,
    limit: query.limit,
  };
}
