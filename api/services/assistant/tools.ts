import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKnowledgeHit } from '#contract/envelope';
import type { ConversationAction } from '#contract/schemas/conversation';
import { businesses, customers, memories } from '#api/db/schema';
import { settingsOf } from '#api/features/business-settings/service';
import { searchKnowledge } from '../knowledge';
import { createMemory, updateMemory } from '#api/features/memories/service';
import { notifyMembers } from '#api/features/notifications/notify-members';
import { linkTaskToQuestion } from '#api/features/memories/question-tasks';
import { createNote } from '#api/features/timeline/service';
import { loadCustomerFact } from './context';
import { placeOrder } from './orders';
import { closestWaitingQuestion } from './question-paraphrases';
import { taskDueAt } from './task-due';
import { appointmentSlots, bookAppointment, callerAppointments, changeAppointment } from './appointments';
import { markRequestTask, requestTaskBody, updateRequestTask } from './request-tasks';
import type { ToolDeps, ToolScope } from './tool-scope';
import type { AssistantTools, CapturedDetails, TaskKind } from './types';

/** The page a team member opens from a task to read the conversation. */
export const conversationLink = (conversationId: string) => `/dashboard/assistant-conversations/${conversationId}`;

/** Questions compare equal when they differ only in case, punctuation and spacing. */
export function normaliseQuestion(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const WORDINGS_KEPT = 10;

/** The wordings a waiting question was also asked in, each once, the first ten. */
function withWording(known: unknown, text: string): string[] {
  const list = Array.isArray(known) ? known.filter((item): item is string => typeof item === 'string') : [];
  const normalised = normaliseQuestion(text);
  if (list.some((item) => normaliseQuestion(item) === normalised) || list.length >= WORDINGS_KEPT) return list;
  return [...list, text.slice(0, 500)];
}

export function createAssistantTools(deps: ToolDeps, scope: ToolScope): AssistantTools {
  const { db } = deps;

  /** The known caller, else a live contact whose phone the caller gave. */
  async function customerFor(details: CapturedDetails): Promise<string | null> {
    if (scope.customerId) return scope.customerId;
    const phone = details.phone?.replace(/[\s()-]/g, '');
    if (!phone || !/^\+\d{6,14}$/.test(phone)) return null;
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.businessId, scope.businessId),
          isNull(customers.deletedAt),
          sql`${customers.phones} @> ${JSON.stringify([phone])}::jsonb`,
        ),
      )
      .orderBy(customers.createdAt)
      .limit(1);
    return row?.id ?? null;
  }

  /** Due in the team's working time: the business's next opening, or shortly when it is open now. */
  async function dueAt(): Promise<Date> {
    const now = deps.clock.now();
    const [business] = await db
      .select({ settings: businesses.settings, timezone: businesses.timezone })
      .from(businesses)
      .where(eq(businesses.id, scope.businessId))
      .limit(1);
    return business ? taskDueAt(settingsOf(business), now) : now;
  }

  async function createTask(input: {
    title: string;
    details: CapturedDetails;
    question?: string;
    kind?: TaskKind;
  }): Promise<ConversationAction> {
    const body = requestTaskBody({
      ...input,
      channel: scope.channel,
      conversationLink: scope.conversationId ? conversationLink(scope.conversationId) : null,
    });
    const note = await createNote(
      deps,
      scope.businessId,
      {
        body,
        internal: true,
        // A task: the team sees it among the tasks at once; the reminder loop notifies them when it falls due.
        reminder: (await dueAt()).toISOString(),
        customer_id: await customerFor(input.details),
      },
      { actorId: null },
    );
    if (input.kind && scope.conversationId)
      await markRequestTask(db, scope.businessId, note._id, scope.conversationId, input.kind);
    await announceTask(note, body);
    return { type: 'task_created', note_id: note._id, summary: input.title.trim() || 'Task created for the team' };
  }

  /** The team hears of the task at once (its reminder may only fall due at the next opening). */
  async function announceTask(note: { _id: string; customer_id: string | null }, body: string): Promise<void> {
    try {
      await notifyMembers(deps, {
        businessId: scope.businessId,
        event: 'assistant_task',
        permission: 'notes/view',
        title: 'The assistant created a task',
        body,
        customerId: note.customer_id,
        internalLink: `/dashboard/notes/${note._id}`,
        sourceId: note._id,
      });
    } catch (error) {
      deps.log?.({ level: 'warn', msg: 'assistant task not announced', note_id: note._id, error: String(error) });
    }
  }

  // One turn's tools: a search asked twice in a turn (an area question's, areas.ts) is made once.
  const searches = new Map<string, Promise<ApiKnowledgeHit[]>>();
  return {
    searchKnowledge(query, limit) {
      const key = `${limit ?? ''}\u0000${query}`;
      let found = searches.get(key);
      if (!found) {
        found = searchKnowledge(db, scope.businessId, query, { limit, semantic: true });
        searches.set(key, found);
      }
      return found;
    },

    createTask,
    updateRequestTask: (details) => updateRequestTask(deps, scope, details),

    appointmentSlots: (preferredTime, service) => appointmentSlots(deps, scope, preferredTime, service),
    bookAppointment: (request) => bookAppointment(deps, scope, request),
    callerAppointments: () => callerAppointments(deps, scope),
    changeAppointment: (request) => changeAppointment(deps, scope, request),

    /**
     * One open 'question' memory per question (compared normalised, else as a paraphrase:
     * question-paraphrases.ts); a repeat counts how often it was asked and links each
     * conversation and contact, so the owner's answer reaches every asker. The team gets a task when the question
     * is new, or when a known customer is waiting for the answer.
     */
    async recordUnansweredQuestion(question) {
      const text = question.trim().slice(0, 2000);
      const normalised = normaliseQuestion(text);
      if (!normalised) return [];
      const outcome = await db.transaction(async (tx) => {
        // Two callers asking the same thing at once (in any words) still make one memory.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`question:${scope.businessId}`}))`);
        const open = await tx
          .select({ id: memories.id, content: memories.content, meta: memories.meta })
          .from(memories)
          .where(
            and(eq(memories.businessId, scope.businessId), eq(memories.type, 'question'), isNull(memories.deletedAt)),
          );
        const existing =
          open.find(
            (row) =>
              (typeof row.meta.normalised === 'string' ? row.meta.normalised : normaliseQuestion(row.content)) ===
              normalised,
          ) ?? closestWaitingQuestion(text, open);
        const txDeps = { ...deps, db: tx };
        if (existing) {
          const meta = existing.meta;
          const conversationIds = Array.isArray(meta.conversation_ids) ? (meta.conversation_ids as string[]) : [];
          const customerIds = Array.isArray(meta.customer_ids) ? (meta.customer_ids as string[]) : [];
          const memory = await updateMemory(txDeps, scope.businessId, existing.id, {
            meta: {
              ...meta,
              // The waiting question keeps its own words: a paraphrase joins it, it does not rename it.
              normalised: typeof meta.normalised === 'string' ? meta.normalised : normaliseQuestion(existing.content),
              asked_count: (typeof meta.asked_count === 'number' ? meta.asked_count : 1) + 1,
              conversation_ids:
                scope.conversationId && !conversationIds.includes(scope.conversationId)
                  ? [...conversationIds, scope.conversationId]
                  : conversationIds,
              ...(scope.customerId
                ? {
                    customer_id: (meta.customer_id as string | undefined) ?? scope.customerId,
                    customer_ids: customerIds.includes(scope.customerId)
                      ? customerIds
                      : [...customerIds, scope.customerId],
                  }
                : {}),
              // The other wordings it was asked in, so the owner sees how callers put it.
              ...(normaliseQuestion(existing.content) === normalised
                ? {}
                : { asked_as: withWording(meta.asked_as, text) }),
              last_asked_at: deps.clock.now().toISOString(),
            },
          });
          return { memory, duplicate: true };
        }
        const memory = await createMemory(txDeps, scope.businessId, {
          type: 'question',
          status: 'active',
          content: text,
          meta: {
            source: 'assistant',
            normalised,
            asked_count: 1,
            conversation_ids: scope.conversationId ? [scope.conversationId] : [],
            channel: scope.channel,
            ...(scope.customerId ? { customer_id: scope.customerId, customer_ids: [scope.customerId] } : {}),
            last_asked_at: deps.clock.now().toISOString(),
          },
        });
        return { memory, duplicate: false };
      });
      const actions: ConversationAction[] = [
        {
          type: 'question_recorded',
          memory_id: outcome.memory._id,
          summary: outcome.duplicate
            ? 'Question added to one already waiting for an answer'
            : 'Question recorded for the team to answer',
          duplicate: outcome.duplicate,
        },
      ];
      if (!outcome.duplicate || scope.customerId) {
        const task = await createTask({
          title: 'Answer a question the assistant could not',
          details: {},
          question: text,
        });
        // Answering the question completes its task (question-tasks.ts).
        if (task.type === 'task_created')
          await linkTaskToQuestion(db, scope.businessId, task.note_id, outcome.memory._id);
        actions.push(task);
      }
      return actions;
    },

    async lookupCustomer() {
      return loadCustomerFact(db, scope.businessId, scope.customerId);
    },

    takeOrder(order) {
      return placeOrder(deps, scope, order);
    },
  };
}
