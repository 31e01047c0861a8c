import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { actionRuns, actions, businesses, customers, orders, timelineItems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { minutes, TIME_TRIGGERS, type ActionRow, type EngineDeps } from './store';

/**
 * The time-based triggers, found by looking (each tick of the action loop):
 * - order_unconfirmed: an order still 'new' `interval` after it was placed (subject: the order);
 * - task_overdue: a task whose reminder passed `interval` ago and is not done (subject: the task;
 *   tasks the actions created themselves are left out, so a nudge is never nudged);
 * - customer_status: a contact in `trigger_status`, first seen so by the loop (subject: the
 *   contact; due `interval` after that). A spell ends when the contact is seen in another
 *   status (its runs are marked spell_closed), and a new spell may start a new run.
 * Runs are inserted ON CONFLICT DO NOTHING on (action, subject, occurrence), so two loops
 * looking at once create each run once. Only subjects falling due since the action was
 * created or last edited (less a 15-minute grace for the loop's own delay) are taken:
 * creating or re-enabling an action does not go back and message last month's orders.
 */
const GRACE_MS = 15 * 60_000;
const BATCH = 500;

type Candidate = { subjectId: string; customerId: string | null; triggeredAt: Date; occurrence?: number };

function since(action: ActionRow): Date {
  const edited = new Date(action.updatedAt.getTime() - GRACE_MS);
  return edited > action.createdAt ? edited : action.createdAt;
}

async function orderCandidates(deps: EngineDeps, action: ActionRow, now: Date): Promise<Candidate[]> {
  const delay = sql`(${action.intervalMinutes} * interval '1 minute')`;
  const rows = await deps.db
    .select({ subjectId: orders.id, customerId: orders.customerId, triggeredAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.businessId, action.businessId),
        eq(orders.status, 'new'),
        isNull(orders.deletedAt),
        sql`${orders.createdAt} + ${delay} <= ${now}`,
        sql`${orders.createdAt} + ${delay} >= ${since(action)}`,
        sql`not exists (select 1 from ${actionRuns} r where r.action_id = ${action.id} and r.subject_type = 'order' and r.subject_id = ${orders.id})`,
      ),
    )
    .limit(BATCH);
  return rows;
}

async function taskCandidates(deps: EngineDeps, action: ActionRow, now: Date): Promise<Candidate[]> {
  const delay = sql`(${action.intervalMinutes} * interval '1 minute')`;
  const rows = await deps.db
    .select({ subjectId: timelineItems.id, customerId: timelineItems.customerId, triggeredAt: timelineItems.reminder })
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.businessId, action.businessId),
        eq(timelineItems.type, 'note'),
        isNull(timelineItems.completedAt),
        isNull(timelineItems.deletedAt),
        sql`${timelineItems.reminder} + ${delay} <= ${now}`,
        sql`${timelineItems.reminder} + ${delay} >= ${since(action)}`,
        sql`not exists (select 1 from ${actionRuns} r where r.action_id = ${action.id} and r.subject_type = 'task' and r.subject_id = ${timelineItems.id})`,
        sql`not exists (select 1 from ${actionRuns} r where r.item_id = ${timelineItems.id})`,
      ),
    )
    .limit(BATCH);
  return rows.map((row) => ({ ...row, triggeredAt: row.triggeredAt ?? now }));
}

async function customerCandidates(deps: EngineDeps, action: ActionRow, now: Date): Promise<Candidate[]> {
  if (!action.triggerStatus) return [];
  // A finished run of a contact no longer in the status ends that spell.
  await deps.db
    .update(actionRuns)
    .set({ details: sql`${actionRuns.details} || '{"spell_closed": true}'::jsonb` })
    .where(
      and(
        eq(actionRuns.actionId, action.id),
        eq(actionRuns.subjectType, 'customer'),
        sql`${actionRuns.status} not in ('pending', 'running')`,
        sql`not (${actionRuns.details} ? 'spell_closed')`,
        sql`not exists (select 1 from ${customers} c where c.id = ${actionRuns.subjectId} and c.status = ${action.triggerStatus} and c.deleted_at is null)`,
      ),
    );
  const rows = await deps.db
    .select({
      subjectId: customers.id,
      customerId: customers.id,
      // Spelled out: in a select list drizzle leaves the column unqualified, which r.id would capture.
      occurrence: sql<number>`coalesce((select max(r.occurrence) + 1 from ${actionRuns} r where r.action_id = ${action.id} and r.subject_type = 'customer' and r.subject_id = "customers"."id"), 0)::int`,
    })
    .from(customers)
    .where(
      and(
        eq(customers.businessId, action.businessId),
        eq(customers.status, action.triggerStatus),
        isNull(customers.deletedAt),
        isNull(customers.mergedIntoId),
        sql`not exists (select 1 from ${actionRuns} r where r.action_id = ${action.id} and r.subject_type = 'customer' and r.subject_id = ${customers.id} and not (r.details ? 'spell_closed'))`,
      ),
    )
    .limit(BATCH);
  return rows.map((row) => ({ ...row, triggeredAt: now }));
}

const SUBJECT_TYPE = { order_unconfirmed: 'order', task_overdue: 'task', customer_status: 'customer' } as const;

/** Insert the runs of every active time-based action that became due. Answers how many were created. */
export async function discoverDueSubjects(deps: EngineDeps, options: { businessIds?: string[] } = {}): Promise<number> {
  const now = deps.clock.now();
  const watching = await deps.db
    .select({ action: actions })
    .from(actions)
    .innerJoin(businesses, eq(businesses.id, actions.businessId))
    .where(
      and(
        inArray(actions.trigger, [...TIME_TRIGGERS]),
        eq(actions.status, 'active'),
        isNull(actions.deletedAt),
        isNull(businesses.deletedAt),
        options.businessIds ? inArray(actions.businessId, options.businessIds) : undefined,
      ),
    );
  let created = 0;
  for (const { action } of watching) {
    const trigger = action.trigger as (typeof TIME_TRIGGERS)[number];
    const found =
      trigger === 'order_unconfirmed'
        ? await orderCandidates(deps, action, now)
        : trigger === 'task_overdue'
          ? await taskCandidates(deps, action, now)
          : await customerCandidates(deps, action, now);
    if (found.length === 0) continue;
    const rows = await deps.db
      .insert(actionRuns)
      .values(
        found.map((candidate) => ({
          id: newId(),
          businessId: action.businessId,
          actionId: action.id,
          customerId: candidate.customerId,
          subjectType: SUBJECT_TYPE[trigger],
          subjectId: candidate.subjectId,
          occurrence: candidate.occurrence ?? 0,
          triggeredAt: candidate.triggeredAt,
          dueAt:
            trigger === 'customer_status'
              ? new Date(now.getTime() + minutes(action.intervalMinutes))
              : new Date(candidate.triggeredAt.getTime() + minutes(action.intervalMinutes)),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: actionRuns.id });
    created += rows.length;
  }
  return created;
}
