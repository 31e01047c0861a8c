import { and, eq, isNull } from 'drizzle-orm';
import type { ActionTrigger } from '#contract/schemas/action';
import { actionRuns, actions, businesses } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { settingsOf } from '../business-settings/service';
import { executeRun, type ExecuteOutcome } from './execute';
import { nextSendTime } from './hours';
import { ensureReadyMadeActions } from './ready-made';
import { isMessageKind, minutes, type EngineDeps, type RunRow } from './store';

/**
 * An event that may start actions: a missed call or voicemail (subject: the call item), a
 * new lead from a web form (the form item). Every active action of the business with this
 * trigger gets one run for the subject (action_runs_once: a retried webhook adds none), due
 * its interval later (a message under "opening hours only" at the next opening). Runs
 * already due (interval 0, the business open) are claimed and run at once, before this
 * answers, so the caller (a webhook, a form post) sees their outcome; the rest wait for
 * the action loop (engine.ts). Never throws: a failure is logged and the event stands.
 */
export type TriggerEvent = {
  businessId: string;
  trigger: ActionTrigger;
  customerId: string | null;
  subjectType: 'call' | 'form' | 'order' | 'task' | 'customer';
  subjectId: string;
  /** When it happened (default now). */
  at?: Date;
};

export type FiredRun = { run: RunRow; outcome: ExecuteOutcome | 'pending'; key: string | null };

/** Claim one pending run for this process (0 rows when a loop or another request has it). */
export async function claimRun(deps: EngineDeps, runId: string): Promise<RunRow | undefined> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(actionRuns)
    .set({ status: 'running', startedAt: now, updatedAt: now })
    .where(and(eq(actionRuns.id, runId), eq(actionRuns.status, 'pending')))
    .returning();
  return row;
}

export async function fireTrigger(deps: EngineDeps, event: TriggerEvent): Promise<FiredRun[]> {
  try {
    await ensureReadyMadeActions(deps, event.businessId);
    const matching = await deps.db
      .select()
      .from(actions)
      .where(
        and(
          eq(actions.businessId, event.businessId),
          eq(actions.trigger, event.trigger),
          eq(actions.status, 'active'),
          isNull(actions.deletedAt),
        ),
      );
    if (matching.length === 0) return [];
    const [business] = await deps.db.select().from(businesses).where(eq(businesses.id, event.businessId)).limit(1);
    const settings = settingsOf(business);
    const now = deps.clock.now();
    const at = event.at ?? now;
    const fired: FiredRun[] = [];
    for (const action of matching) {
      let dueAt = new Date(at.getTime() + minutes(action.intervalMinutes));
      if (action.openingHoursOnly && isMessageKind(action.kind)) dueAt = nextSendTime(settings, dueAt);
      const [run] = await deps.db
        .insert(actionRuns)
        .values({
          id: newId(),
          businessId: event.businessId,
          actionId: action.id,
          customerId: event.customerId,
          subjectType: event.subjectType,
          subjectId: event.subjectId,
          triggeredAt: at,
          dueAt,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (run) fired.push({ run, outcome: 'pending', key: action.key });
    }
    for (const entry of fired) {
      if (entry.run.dueAt > now) continue;
      const claimed = await claimRun(deps, entry.run.id);
      if (!claimed) continue;
      const result = await executeRun(deps, claimed);
      entry.run = result.run;
      entry.outcome = result.outcome;
    }
    return fired;
  } catch (error) {
    deps.log?.({
      level: 'error',
      msg: 'action trigger failed',
      trigger: event.trigger,
      subject_id: event.subjectId,
      error: error instanceof Error ? error.stack : String(error),
    });
    return [];
  }
}
