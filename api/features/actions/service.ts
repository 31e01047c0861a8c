import { and, count, eq, ilike, inArray, isNull, min, or, sql } from 'drizzle-orm';
import type { EntityEventKind } from '#contract/realtime';
import { CUSTOMER_STATUSES } from '#contract/schemas/customer';
import type { ListFilters } from '#contract/schemas/list';
import type { ActionInput, ActionStatus, ActionTrigger, ReadyMadeActionKey } from '#contract/schemas/action';
import type { ApiAction } from '#contract/v1/actions';
import type { Db } from '#api/db/client';
import type { ApiDeps } from '#api/deps';
import { actionRuns, actions, businessUsers } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { invalid, notFound } from '#api/lib/errors';
import { entityChanged } from '#api/lib/events';
import { listQuery } from '#api/lib/list';
import { skipPendingRuns } from './store';

/**
 * The business's actions: the assistant's scheduled follow-ups. The v1 routes,
 * the ready-made installer and the engine go through these, so every write checks the
 * action's references and publishes Action<Kind> once committed. Running them is the
 * engine's job (api/features/actions/); this module only keeps the records.
 */
export type ActionDeps = Pick<ApiDeps, 'db' | 'clock' | 'broadcaster'>;
export type ActionRow = typeof actions.$inferSelect;

/** What the create call accepts (interval already read into text and minutes), plus a recipe key for ready-made ones. */
export type NewAction = Pick<ActionInput, 'name' | 'status' | 'interval'> &
  Partial<Omit<ActionInput, 'name' | 'status' | 'interval'>> & { key?: ReadyMadeActionKey | null };
/** Only the fields given change; a nullable text null (or '') clears it. */
export type ActionPatch = Partial<ActionInput>;

export type ActionListFilters = ListFilters & {
  search?: string;
  status?: ActionStatus;
  trigger?: ActionTrigger;
};

/** Defaults for what a create leaves out: the most common follow-up, polite by default. */
export const ACTION_DEFAULTS = {
  trigger: 'new_lead',
  kind: 'send_sms',
  repeat: false,
  per_customer_limit: 1,
  opening_hours_only: true,
  stop_on_reply: true,
} as const;

const actionNotFound = () => notFound('The action');
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
const clearable = (value: string | null | undefined) => (value === undefined ? undefined : blankToNull(value));

export function serializeAction(row: ActionRow, nextRunAt: Date | null = null): ApiAction {
  return {
    _id: row.id,
    key: (row.key as ReadyMadeActionKey | null) ?? null,
    name: row.name,
    status: row.status,
    interval: row.interval,
    interval_minutes: row.intervalMinutes,
    repeat: row.repeat,
    trigger: row.trigger as ApiAction['trigger'],
    trigger_status: row.triggerStatus,
    kind: row.kind as ApiAction['kind'],
    template: row.template,
    assignee_id: row.assigneeId,
    target_status: row.targetStatus,
    per_customer_limit: row.perCustomerLimit,
    opening_hours_only: row.openingHoursOnly,
    stop_on_reply: row.stopOnReply,
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    next_run_at: nextRunAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

/** An action of this business; live ones only unless `deleted` says otherwise. */
export async function findAction(
  db: Db,
  businessId: string,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<ActionRow | undefined> {
  const [row] = await db
    .select()
    .from(actions)
    .where(
      and(
        eq(actions.id, id),
        eq(actions.businessId, businessId),
        options.deleted ? sql`${actions.deletedAt} is not null` : isNull(actions.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The earliest pending run of each action ("next run" on the list). A paused action has
 * none: pausing stops future runs, so showing a due time for it would be a lie.
 */
export async function nextRunTimes(db: Db, rows: ActionRow[]): Promise<Map<string, Date>> {
  const ids = rows.filter((row) => row.status === 'active' && !row.deletedAt).map((row) => row.id);
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ actionId: actionRuns.actionId, dueAt: min(actionRuns.dueAt) })
    .from(actionRuns)
    .where(and(inArray(actionRuns.actionId, ids), eq(actionRuns.status, 'pending')))
    .groupBy(actionRuns.actionId);
  return new Map(found.filter((row) => row.dueAt).map((row) => [row.actionId, new Date(row.dueAt!)]));
}

/** One action as the API answers it, with its next run. */
export async function serializeOneAction(db: Db, row: ActionRow): Promise<ApiAction> {
  const next = await nextRunTimes(db, [row]);
  return serializeAction(row, next.get(row.id) ?? null);
}

/** Escape LIKE wildcards so a search for "50%" means the text 50%. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

const sortable = {
  created_at: actions.createdAt,
  updated_at: actions.updatedAt,
  name: actions.name,
  status: actions.status,
  trigger: actions.trigger,
  last_run_at: actions.lastRunAt,
};

/** A page of the business's live actions, newest first by default; search matches name and template. */
export async function listActions(db: Db, businessId: string, filters: ActionListFilters) {
  const query = listQuery(filters, {
    sortable,
    defaultSort: 'created_at',
    createdAt: actions.createdAt,
    tieBreaker: actions.id,
  });
  const pattern = filters.search ? likePattern(filters.search) : undefined;
  const where = and(
    eq(actions.businessId, businessId),
    isNull(actions.deletedAt),
    query.where,
    filters.status ? eq(actions.status, filters.status) : undefined,
    filters.trigger ? eq(actions.trigger, filters.trigger) : undefined,
    pattern ? or(ilike(actions.name, pattern), ilike(actions.template, pattern)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(actions)
      .where(where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(actions).where(where),
  ]);
  const next = await nextRunTimes(db, rows);
  return {
    actions: rows.map((row) => serializeAction(row, next.get(row.id) ?? null)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

type ActionShape = {
  trigger: string;
  triggerStatus: string | null;
  kind: string;
  targetStatus: string | null;
  assigneeId: string | null;
};

/**
 * 422 unless the action as it will be saved makes sense: a "stays in a status" trigger
 * names a contact status, a "move the contact" action names where to, and an assignee is
 * a member of this business. Checked on the merged record, so an update that only changes
 * the trigger is held to the same rule as a create.
 */
async function checkAction(db: Db, businessId: string, shape: ActionShape) {
  const errors: Record<string, string[]> = {};
  const statuses: readonly string[] = CUSTOMER_STATUSES;
  if (shape.trigger === 'customer_status' && !shape.triggerStatus)
    errors.trigger_status = ['Choose the status the contact must be in.'];
  else if (shape.triggerStatus && !statuses.includes(shape.triggerStatus))
    errors.trigger_status = [`Status must be one of ${CUSTOMER_STATUSES.join(', ')}.`];
  if (shape.kind === 'set_customer_status' && !shape.targetStatus)
    errors.target_status = ['Choose the status to move the contact to.'];
  else if (shape.targetStatus && !statuses.includes(shape.targetStatus))
    errors.target_status = [`Status must be one of ${CUSTOMER_STATUSES.join(', ')}.`];
  if (shape.assigneeId) {
    const [member] = await db
      .select({ id: businessUsers.id })
      .from(businessUsers)
      .where(
        and(
          eq(businessUsers.businessId, businessId),
          eq(businessUsers.userId, shape.assigneeId),
          isNull(businessUsers.removedAt),
        ),
      )
      .limit(1);
    if (!member) errors.assignee_id = ['The assignee is not a member of this business.'];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/** Publish Action<Kind> for a committed write, with the action's next run. */
async function published(
  deps: ActionDeps,
  kind: EntityEventKind,
  row: ActionRow | undefined,
  missing: () => Error,
): Promise<ApiAction> {
  if (!row) throw missing();
  const action = await serializeOneAction(deps.db, row);
  await entityChanged(deps, row.businessId, 'Action', kind, action);
  return action;
}

export async function createAction(deps: ActionDeps, businessId: string, input: NewAction): Promise<ApiAction> {
  const values = {
    trigger: input.trigger ?? ACTION_DEFAULTS.trigger,
    triggerStatus: blankToNull(input.trigger_status),
    kind: input.kind ?? ACTION_DEFAULTS.kind,
    targetStatus: blankToNull(input.target_status),
    assigneeId: blankToNull(input.assignee_id),
  };
  await checkAction(deps.db, businessId, values);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(actions)
    .values({
      id: newId(),
      businessId,
      key: input.key ?? null,
      name: input.name.trim(),
      status: input.status,
      interval: input.interval.text,
      intervalMinutes: input.interval.minutes,
      repeat: input.repeat ?? ACTION_DEFAULTS.repeat,
      ...values,
      template: blankToNull(input.template),
      perCustomerLimit: input.per_customer_limit ?? ACTION_DEFAULTS.per_customer_limit,
      openingHoursOnly: input.opening_hours_only ?? ACTION_DEFAULTS.opening_hours_only,
      stopOnReply: input.stop_on_reply ?? ACTION_DEFAULTS.stop_on_reply,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return published(deps, 'Created', row, actionNotFound);
}

/**
 * Change only the fields given. Pausing takes effect at once: its pending runs are skipped
 * in the same transaction, so nothing queued goes out after this commits.
 */
export async function updateAction(
  deps: ActionDeps,
  businessId: string,
  id: string,
  patch: ActionPatch,
): Promise<ApiAction> {
  const current = await findAction(deps.db, businessId, id);
  if (!current) throw actionNotFound();
  const merged: ActionShape = {
    trigger: patch.trigger ?? current.trigger,
    triggerStatus: patch.trigger_status === undefined ? current.triggerStatus : blankToNull(patch.trigger_status),
    kind: patch.kind ?? current.kind,
    targetStatus: patch.target_status === undefined ? current.targetStatus : blankToNull(patch.target_status),
    assigneeId: patch.assignee_id === undefined ? current.assigneeId : blankToNull(patch.assignee_id),
  };
  await checkAction(deps.db, businessId, merged);
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(actions)
      .set({
        name: patch.name?.trim() || undefined,
        status: patch.status,
        interval: patch.interval?.text,
        intervalMinutes: patch.interval?.minutes,
        repeat: patch.repeat,
        trigger: patch.trigger,
        triggerStatus: clearable(patch.trigger_status),
        kind: patch.kind,
        template: clearable(patch.template),
        assigneeId: clearable(patch.assignee_id),
        targetStatus: clearable(patch.target_status),
        perCustomerLimit: patch.per_customer_limit,
        openingHoursOnly: patch.opening_hours_only,
        stopOnReply: patch.stop_on_reply,
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(actions.id, id), eq(actions.businessId, businessId), isNull(actions.deletedAt)))
      .returning();
    if (updated?.status === 'paused') await skipPendingRuns({ db: tx, clock: deps.clock }, id);
    return updated;
  });
  return published(deps, 'Updated', row, actionNotFound);
}

/** Soft delete: only deleted_at is set, so a restore brings back exactly what was deleted; its pending runs are skipped. */
export async function deleteAction(deps: ActionDeps, businessId: string, id: string): Promise<ApiAction> {
  const row = await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(actions)
      .set({ deletedAt: deps.clock.now() })
      .where(and(eq(actions.id, id), eq(actions.businessId, businessId), isNull(actions.deletedAt)))
      .returning();
    if (deleted) await skipPendingRuns({ db: tx, clock: deps.clock }, id, 'The action was deleted.');
    return deleted;
  });
  return published(deps, 'Deleted', row, actionNotFound);
}

/** Undo a delete. Publishes ActionCreated: a client that dropped the record adds it back. */
export async function restoreAction(deps: ActionDeps, businessId: string, id: string): Promise<ApiAction> {
  const [row] = await deps.db
    .update(actions)
    .set({ deletedAt: null })
    .where(and(eq(actions.id, id), eq(actions.businessId, businessId), sql`${actions.deletedAt} is not null`))
    .returning();
  return published(deps, 'Created', row, () => notFound('The deleted action'));
}

/**
 * Tell the business's clients an action changed (last_run_at, next_run_at, or its status
 * switched on from the systems settings). Best effort: a failed publish never fails a run.
 */
export async function publishActionUpdated(
  deps: Pick<ApiDeps, 'db' | 'broadcaster' | 'log'>,
  actionId: string,
): Promise<void> {
  try {
    const [row] = await deps.db.select().from(actions).where(eq(actions.id, actionId)).limit(1);
    if (row) await entityChanged(deps, row.businessId, 'Action', 'Updated', await serializeOneAction(deps.db, row));
  } catch (error) {
    deps.log?.({ level: 'warn', msg: 'action update not published', action_id: actionId, error: String(error) });
  }
}
