import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { BusinessSettings } from '#contract/schemas/business-settings';
import { actionRuns, actions, businesses, customers, orders, timelineItems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { publishActionUpdated } from './service';
import { settingsOf } from '../business-settings/service';
import { findSystemById } from '../systems/store';
import { nextSendTime } from './hours';
import { performAction, type RunContext } from './perform';
import {
  finishRun,
  isMessageKind,
  isTimeTrigger,
  MAX_REPEATS,
  minutes,
  type ActionRow,
  type EngineDeps,
  type RunResult,
  type RunRow,
} from './store';

/**
 * One claimed run (status 'running'), start to finish: the checks that may skip or stop
 * it (action paused or deleted, the customer replied, the trigger no longer holds, the
 * per-customer limit), opening hours (a message outside them goes back to pending, due at
 * the next opening), then what the action does (perform.ts), recorded on the run. A
 * repeating action then queues its next occurrence. Never throws: a failure is the run's outcome.
 */
export type ExecuteOutcome = RunRow['status'] | 'deferred';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An inbound SMS, call or form from the customer after the trigger (the trigger's own item aside). */
async function repliedAfter(deps: EngineDeps, run: RunRow): Promise<{ type: string; at: Date } | null> {
  if (!run.customerId) return null;
  const [row] = await deps.db
    .select({ type: timelineItems.type, at: timelineItems.createdAt })
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.businessId, run.businessId),
        eq(timelineItems.customerId, run.customerId),
        eq(timelineItems.direction, 'inbound'),
        inArray(timelineItems.type, ['sms', 'call', 'form']),
        gt(timelineItems.createdAt, run.triggeredAt),
        ne(timelineItems.id, run.subjectId),
        isNull(timelineItems.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Whether a time-based trigger still holds for the run's subject; null = it does, else why not. */
async function triggerGone(deps: EngineDeps, action: ActionRow, run: RunRow, now: Date): Promise<string | null> {
  if (action.trigger === 'order_unconfirmed') {
    const [order] = await deps.db
      .select({ status: orders.status, deletedAt: orders.deletedAt })
      .from(orders)
      .where(eq(orders.id, run.subjectId))
      .limit(1);
    if (!order || order.deletedAt) return 'The order was deleted.';
    return order.status === 'new' ? null : `The order is ${order.status} now.`;
  }
  if (action.trigger === 'task_overdue') {
    const [task] = await deps.db.select().from(timelineItems).where(eq(timelineItems.id, run.subjectId)).limit(1);
    if (!task || task.deletedAt) return 'The task was deleted.';
    if (task.completedAt) return 'The task was completed.';
    return task.reminder && task.reminder <= now ? null : 'The task is no longer overdue.';
  }
  if (action.trigger === 'customer_status') {
    const [customer] = await deps.db
      .select({ status: customers.status })
      .from(customers)
      .where(eq(customers.id, run.subjectId))
      .limit(1);
    return customer?.status === action.triggerStatus
      ? null
      : `The contact is no longer ${action.triggerStatus ?? 'in that status'}.`;
  }
  return null;
}

/** Runs of this action that did something for the customer in the last 24 hours. */
async function runsToday(deps: EngineDeps, run: RunRow, now: Date): Promise<number> {
  if (!run.customerId) return 0;
  const [{ count }] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(actionRuns)
    .where(
      and(
        eq(actionRuns.actionId, run.actionId),
        eq(actionRuns.customerId, run.customerId),
        eq(actionRuns.status, 'done'),
        gt(actionRuns.finishedAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return count;
}

async function checks(
  deps: EngineDeps,
  action: ActionRow | undefined,
  run: RunRow,
  context: { customer: RunContext['customer']; now: Date },
): Promise<RunResult | null> {
  if (!action || action.deletedAt) return { status: 'skipped', outcome: 'The action was deleted.' };
  if (action.status !== 'active') return { status: 'skipped', outcome: 'The action was paused.' };
  if (run.customerId && (!context.customer || context.customer.deletedAt))
    return { status: 'skipped', outcome: 'The contact was deleted.' };
  if (action.stopOnReply) {
    const reply = await repliedAfter(deps, run);
    if (reply)
      return {
        status: 'stopped',
        outcome: `Stopped: the customer replied (${reply.type === 'form' ? 'a web form' : `an inbound ${reply.type}`} at ${reply.at.toISOString()}).`,
        details: { replied_at: reply.at.toISOString(), spell_closed: true },
      };
  }
  if (isTimeTrigger(action.trigger)) {
    const gone = await triggerGone(deps, action, run, context.now);
    if (gone) return { status: 'stopped', outcome: `Stopped: ${gone}`, details: { spell_closed: true } };
  }
  const limit = action.perCustomerLimit;
  if ((await runsToday(deps, run, context.now)) >= limit) {
    return {
      status: 'skipped',
      outcome: `Skipped: the limit of ${limit} ${limit === 1 ? 'run' : 'runs'} per customer per day was reached.`,
    };
  }
  return null;
}

/** Back to pending until the business opens (only a run still ours moves). */
async function defer(deps: EngineDeps, run: RunRow, until: Date): Promise<void> {
  await deps.db
    .update(actionRuns)
    .set({
      status: 'pending',
      dueAt: until,
      startedAt: null,
      outcome: `Waiting for opening hours (${until.toISOString()}).`,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(actionRuns.id, run.id), eq(actionRuns.status, 'running')));
}

/** A repeating action's next occurrence for the subject, while the trigger may still hold. */
async function queueRepeat(deps: EngineDeps, action: ActionRow, run: RunRow, now: Date): Promise<void> {
  if (!action.repeat || action.intervalMinutes <= 0 || run.occurrence + 1 >= MAX_REPEATS) return;
  const base = run.dueAt > now ? run.dueAt : now;
  await deps.db
    .insert(actionRuns)
    .values({
      id: newId(),
      businessId: run.businessId,
      actionId: run.actionId,
      customerId: run.customerId,
      subjectType: run.subjectType,
      subjectId: run.subjectId,
      occurrence: run.occurrence + 1,
      triggeredAt: run.triggeredAt,
      dueAt: new Date(base.getTime() + minutes(action.intervalMinutes)),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

export async function executeRun(deps: EngineDeps, run: RunRow): Promise<{ outcome: ExecuteOutcome; run: RunRow }> {
  const now = deps.clock.now();
  try {
    const [action] = await deps.db.select().from(actions).where(eq(actions.id, run.actionId)).limit(1);
    const [business] = await deps.db.select().from(businesses).where(eq(businesses.id, run.businessId)).limit(1);
    const [customer] = run.customerId
      ? await deps.db.select().from(customers).where(eq(customers.id, run.customerId)).limit(1)
      : [];
    const stop = await checks(deps, action, run, { customer: customer ?? null, now });
    if (stop) return { outcome: stop.status, run: await finishRun(deps, run, stop) };

    const settings: BusinessSettings = settingsOf(business);
    if (action.openingHoursOnly && isMessageKind(action.kind)) {
      const opens = nextSendTime(settings, now);
      if (opens > now) {
        await defer(deps, run, opens);
        return { outcome: 'deferred', run: { ...run, status: 'pending', dueAt: opens } };
      }
    }
    const context: RunContext = {
      action,
      run,
      business,
      customer: customer ?? null,
      now,
      findSystem: (id) => findSystemById(deps.db, id),
    };
    const result = await performAction(deps, context);
    const finished = await finishRun(deps, run, result);
    if (result.status === 'done') {
      await queueRepeat(deps, action, run, now);
      await publishActionUpdated(deps, action.id);
    }
    return { outcome: finished.status, run: finished };
  } catch (error) {
    deps.log?.({
      level: 'error',
      msg: 'action run failed',
      run_id: run.id,
      action_id: run.actionId,
      error: error instanceof Error ? error.stack : String(error),
    });
    const finished = await finishRun(deps, run, {
      status: 'failed',
      outcome: 'The action could not run (see the server log).',
    }).catch(() => run);
    return { outcome: 'failed', run: finished };
  }
}
