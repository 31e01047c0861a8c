import { and, eq, getTableColumns, isNull, lt, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#api/db/client';
import { conversationMessages, conversations } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { contextVersionSql } from './context';
import type { ConversationRow, MessageRow } from './conversations';

/**
 * The rows of a turn written in one statement each (turns.ts). A turn's statements are its
 * fixed cost before the first words: on PGlite (one connection) every round trip is paid in
 * full, so the work that belongs together is one statement of data-modifying CTEs.
 */

/** Every column of `table`, read from the CTE `cte` of the same shape (drizzle maps them back to the row's types). */
function rowOf(cte: object, table: typeof conversationMessages | typeof conversations): Record<string, PgColumn> {
  const fields = cte as Record<string, PgColumn>;
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, fields[key]]));
}

type MessageValues = { [K in keyof typeof conversationMessages.$inferSelect]-?: SQL | SQL.Aliased | unknown };

/** An insert's select list, in the table's column order (drizzle checks it has every column). */
function messageColumns(values: MessageValues): Record<string, SQL.Aliased> {
  return Object.fromEntries(
    Object.entries(getTableColumns(conversationMessages)).map(([key, column]) => {
      const value = values[key as keyof MessageValues];
      const expression = value instanceof SQL ? value : sql`${value}`;
      return [key, sql`${expression}::${sql.raw(column.getSQLType())}`.as(column.name)];
    }),
  );
}

export type StartedTurn = {
  conversation: ConversationRow;
  question: MessageRow;
  reply: MessageRow;
  /** The conversation's messages before the question (its latest `earlierRows`, or all), newest first. */
  earlier: MessageRow[];
  /** The ids of the dead replies this statement marked failed. */
  expired: string[];
  /** The business context's fingerprint as this statement saw it (null when the business is gone). */
  contextVersion: string | null;
};

/** A message row read as json (row_to_json): the column names mapped back to the row's keys and types. */
function messageFromJson(json: Record<string, unknown>): MessageRow {
  return Object.fromEntries(
    Object.entries(getTableColumns(conversationMessages)).map(([key, column]) => {
      const value = json[column.name];
      return [key, column.getSQLType().startsWith('timestamp') && typeof value === 'string' ? new Date(value) : value];
    }),
  ) as MessageRow;
}

/**
 * What the member (or caller) said and its reply's 'streaming' row, with the conversation's
 * bookkeeping, in one statement: the question, timed after the conversation's latest message
 * (or now), inserted only when the conversation is this business's and not deleted; its reply
 * timed after it; this conversation's dead replies (a 'streaming' row older than `staleBefore`
 * that no server is producing: `liveIds`) marked failed; and the conversation's updated_at
 * moved to the question's time (never backwards). Answers the three rows, the conversation as
 * updated; the latest messages before the question, for the reply's history, and the business
 * context's fingerprint (read here, neither is a statement of its own); null when there is no
 * such conversation (nothing is written then).
 */
export async function insertTurnRows(
  db: Db,
  input: {
    businessId: string;
    conversationId: string;
    content: string;
    audioKey: string | null;
    now: Date;
    staleBefore: Date;
    liveIds: string[];
    interrupted: string;
    /** How many of the messages before the question to answer: the provider's history, or all of them (the turn's answer lists every message). */
    earlierRows: number | 'all';
  },
): Promise<StartedTurn | null> {
  const [row] = await turnRowsStatement(db).execute({
    businessId: input.businessId,
    conversationId: input.conversationId,
    questionId: newId(),
    replyId: newId(),
    content: input.content,
    audioKey: input.audioKey,
    now: input.now.toISOString(),
    staleBefore: input.staleBefore.toISOString(),
    liveIds: JSON.stringify(input.liveIds),
    interrupted: input.interrupted,
    // limit null is no limit.
    earlierRows: input.earlierRows === 'all' ? null : input.earlierRows,
  });
  if (!row) return null;
  const started = row as unknown as Omit<StartedTurn, 'earlier'> & { earlier: Record<string, unknown>[] };
  return { ...started, earlier: started.earlier.map(messageFromJson) };
}

/**
 * The statement, built once per database handle: drizzle keeps its SQL text (building it was
 * about a third of the statement's CPU on PGlite), and on PostgreSQL each pooled connection
 * plans it once, by its name. Every value is bound per turn.
 */
const preparedTurnRows = new WeakMap<Db, ReturnType<typeof prepareTurnRows>>();

function turnRowsStatement(db: Db) {
  let statement = preparedTurnRows.get(db);
  if (!statement) preparedTurnRows.set(db, (statement = prepareTurnRows(db)));
  return statement;
}

function prepareTurnRows(db: Db) {
  const bound = (name: string) => sql.placeholder(name);
  const now = sql`${bound('now')}::timestamptz`;
  const empty = sql`'[]'::jsonb`;
  const questionAt = sql`greatest(${now}, (select max(${conversationMessages.createdAt}) + interval '1 millisecond' from ${conversationMessages} where ${conversationMessages.conversationId} = ${conversations.id}))`;
  const question = db.$with('question').as(
    db
      .insert(conversationMessages)
      .select(
        db
          .select(
            messageColumns({
              id: bound('questionId'),
              conversationId: conversations.id,
              businessId: conversations.businessId,
              role: 'user',
              content: bound('content'),
              status: 'complete',
              replyTo: null,
              sources: empty,
              actions: empty,
              audioKey: bound('audioKey'),
              error: null,
              createdAt: questionAt,
              updatedAt: questionAt,
            }),
          )
          .from(conversations)
          .where(
            and(
              eq(conversations.id, bound('conversationId')),
              eq(conversations.businessId, bound('businessId')),
              isNull(conversations.deletedAt),
            ),
          ) as never,
      )
      .returning(),
  );
  // The question's columns by name: the reply's row is made from them.
  const asked = (column: string) => sql.raw(`question.${column}`);
  const replyAt = sql`greatest(${now}, ${asked('created_at')} + interval '1 millisecond')`;
  const reply = db.$with('reply').as(
    db
      .insert(conversationMessages)
      .select(
        sql`select ${sql.join(
          Object.values(
            messageColumns({
              id: bound('replyId'),
              conversationId: asked('conversation_id'),
              businessId: asked('business_id'),
              role: 'assistant',
              content: '',
              status: 'streaming',
              replyTo: asked('id'),
              sources: empty,
              actions: empty,
              audioKey: null,
              error: null,
              createdAt: replyAt,
              updatedAt: replyAt,
            }),
          ).map((column) => column.getSQL()),
          sql`, `,
        )} from question`,
      )
      .returning(),
  );
  const expired = db.$with('expired').as(
    db
      .update(conversationMessages)
      .set({ status: 'failed', error: sql`${bound('interrupted')}::text`, updatedAt: now })
      .where(
        and(
          eq(conversationMessages.conversationId, bound('conversationId')),
          eq(conversationMessages.status, 'streaming'),
          lt(conversationMessages.createdAt, sql`${bound('staleBefore')}::timestamptz`),
          sql`${conversationMessages.id} not in (select json_array_elements_text(${bound('liveIds')}::json))`,
          sql`exists (select 1 from question)`,
        ),
      )
      .returning({ id: conversationMessages.id }),
  );
  const touched = db.$with('touched').as(
    db
      .update(conversations)
      .set({ updatedAt: sql`greatest(${conversations.updatedAt}, (select created_at from question))` })
      .where(sql`${conversations.id} = (select conversation_id from question)`)
      .returning(),
  );
  return db
    .with(question, reply, expired, touched)
    .select({
      question: rowOf(question, conversationMessages),
      reply: rowOf(reply, conversationMessages),
      conversation: rowOf(touched, conversations),
      // The statement's snapshot: the messages as they were before this question (and before `expired` marked any failed).
      earlier: sql<Record<string, unknown>[]>`(
        select coalesce(json_agg(row_to_json(e) order by e.created_at desc, e.id desc), '[]'::json)
        from (
          select * from ${conversationMessages}
          where ${conversationMessages.conversationId} = ${bound('conversationId')}
          order by ${conversationMessages.createdAt} desc, ${conversationMessages.id} desc
          limit ${bound('earlierRows')}::integer
        ) e
      )`,
      expired: sql<string[]>`(select coalesce(json_agg(id), '[]'::json) from expired)`,
      // The business context's fingerprint (context.ts), so the reply's context costs no statement of its own.
      contextVersion: contextVersionSql(bound('businessId')),
    })
    .from(question)
    .innerJoin(reply, sql`true`)
    .innerJoin(touched, sql`true`)
    .prepare('turn_rows');
}

/**
 * The reply row of `question`, timed after it: 'streaming' and empty for a reply about to be
 * produced, or 'complete' with set words. Undefined when the question already has a reply
 * (the unique reply_to index: some request, on any server, inserted it first).
 */
export async function insertReplyRow(
  db: Db,
  question: MessageRow,
  reply: { at: Date; content: string; status: 'streaming' | 'complete' },
): Promise<MessageRow | undefined> {
  const [row] = await db
    .insert(conversationMessages)
    .values({
      id: newId(),
      conversationId: question.conversationId,
      businessId: question.businessId,
      role: 'assistant',
      content: reply.content,
      status: reply.status,
      replyTo: question.id,
      createdAt: reply.at,
      updatedAt: reply.at,
    })
    .onConflictDoNothing({ target: conversationMessages.replyTo })
    .returning();
  return row;
}
