import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatInterval, type ActionKind, type ActionTrigger, type ReadyMadeActionKey } from '#contract/schemas/action';
import type { ApiDeps } from '#api/deps';
import { actions, systems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { phoneSettings } from '../systems/text-back';
import { systemSettings, type SystemRow } from '../systems/store';
import { publishActionUpdated } from './service';

/**
 * The ready-made actions every business is offered on first use (its first actions list,
 * its first trigger): the telephony issue's missed-call text-back and lead follow-up, now
 * editable actions, and two paused suggestions. Installed once per business: the unique
 * index actions_ready_made_once (business, key) makes concurrent installs insert once.
 *
 * The two issue-8 behaviours keep their per-system settings (missed_call_text_back off = that
 * number never texts back; a form's follow_up says whether and how that form is followed
 * up); the action is the business-wide switch and the template (null = the system's).
 */
type Recipe = {
  key: ReadyMadeActionKey;
  name: string;
  trigger: ActionTrigger;
  intervalMinutes: number;
  repeat?: boolean;
  kind: ActionKind;
  template: string | null;
  perCustomerLimit: number;
  openingHoursOnly: boolean;
  stopOnReply: boolean;
};

export const READY_MADE: Record<ReadyMadeActionKey, Recipe> = {
  // As with the other lead follow-ups: at once, day or night; at most once per caller per hour (rate_marks).
  missed_call_text_back: {
    key: 'missed_call_text_back',
    name: 'Text back missed calls',
    trigger: 'missed_call',
    intervalMinutes: 0,
    kind: 'send_sms',
    template: null,
    perCustomerLimit: 24,
    openingHoursOnly: false,
    stopOnReply: true,
  },
  lead_follow_up: {
    key: 'lead_follow_up',
    name: 'Follow up new web leads',
    trigger: 'new_lead',
    intervalMinutes: 0,
    kind: 'send_sms',
    template: null,
    perCustomerLimit: 10,
    openingHoursOnly: false,
    stopOnReply: true,
  },
  unconfirmed_order_reminder: {
    key: 'unconfirmed_order_reminder',
    name: 'Remind customers of an unconfirmed order after 2 days',
    trigger: 'order_unconfirmed',
    intervalMinutes: 2 * 24 * 60,
    kind: 'send_sms',
    template:
      'Hi {first_name}, {business_name} here about your order ({order}). Is it still wanted? Reply to confirm or tell us what to change.',
    perCustomerLimit: 1,
    openingHoursOnly: true,
    stopOnReply: true,
  },
  overdue_tasks_nudge: {
    key: 'overdue_tasks_nudge',
    name: 'Nudge the team about overdue tasks',
    trigger: 'task_overdue',
    intervalMinutes: 24 * 60,
    repeat: true,
    kind: 'create_task',
    template: 'Overdue: {task}',
    perCustomerLimit: 5,
    openingHoursOnly: true,
    stopOnReply: false,
  },
};

/** What the business's systems say today: whether text-back is on anywhere, and the first form's follow-up channel. */
async function systemDefaults(deps: Pick<ApiDeps, 'db'>, businessId: string) {
  const rows = await deps.db
    .select()
    .from(systems)
    .where(and(eq(systems.businessId, businessId), isNull(systems.deletedAt)));
  const phones = rows.filter((row) => row.name !== 'leadcatcher');
  const textBack = phones.length === 0 || phones.some((row) => phoneSettings(row).missed_call_text_back);
  const channel = rows
    .filter((row): row is SystemRow & { name: 'leadcatcher' } => row.name === 'leadcatcher')
    .map((row) => systemSettings(row).follow_up)
    .find((value) => value === 'sms' || value === 'email');
  return { textBack, channel };
}

/** Install the ready-made actions the business does not have yet (idempotent; cheap when all are there). */
export async function ensureReadyMadeActions(deps: Pick<ApiDeps, 'db' | 'clock'>, businessId: string): Promise<void> {
  const present = await deps.db
    .select({ key: actions.key })
    .from(actions)
    .where(and(eq(actions.businessId, businessId), sql`${actions.key} is not null`));
  const missing = (Object.keys(READY_MADE) as ReadyMadeActionKey[]).filter(
    (key) => !present.some((row) => row.key === key),
  );
  if (missing.length === 0) return;
  const { textBack, channel } = await systemDefaults(deps, businessId);
  const now = deps.clock.now();
  const values = missing.map((key) => {
    const recipe = READY_MADE[key];
    const active = key === 'missed_call_text_back' ? textBack : key === 'lead_follow_up' ? Boolean(channel) : false;
    return {
      id: newId(),
      businessId,
      key,
      name: recipe.name,
      status: active ? ('active' as const) : ('paused' as const),
      interval: formatInterval(recipe.intervalMinutes),
      intervalMinutes: recipe.intervalMinutes,
      repeat: recipe.repeat ?? false,
      trigger: recipe.trigger,
      kind: key === 'lead_follow_up' && channel === 'email' ? 'send_email' : recipe.kind,
      template: recipe.template,
      perCustomerLimit: recipe.perCustomerLimit,
      openingHoursOnly: recipe.openingHoursOnly,
      stopOnReply: recipe.stopOnReply,
      createdAt: now,
      updatedAt: now,
    };
  });
  await deps.db.insert(actions).values(values).onConflictDoNothing();
}

/**
 * A system's settings changed: switching text-back or a form's follow-up on in the systems
 * pages turns the ready-made action on too, so the two switches never
 * disagree that way. Switching a system off leaves the action alone (other systems may use it).
 */
export async function syncReadyMadeWithSystem(
  deps: Pick<ApiDeps, 'db' | 'clock' | 'broadcaster' | 'log'>,
  system: SystemRow,
  changed: Record<string, unknown>,
): Promise<void> {
  const now = deps.clock.now();
  const where = (key: ReadyMadeActionKey) =>
    and(eq(actions.businessId, system.businessId), eq(actions.key, key), isNull(actions.deletedAt));
  const changedRows: { id: string }[] = [];
  if (system.name !== 'leadcatcher' && changed.missed_call_text_back === true) {
    changedRows.push(
      ...(await deps.db
        .update(actions)
        .set({ status: 'active', updatedAt: now })
        .where(and(where('missed_call_text_back'), eq(actions.status, 'paused')))
        .returning({ id: actions.id })),
    );
  }
  if (system.name === 'leadcatcher' && (changed.follow_up === 'sms' || changed.follow_up === 'email')) {
    const kind = changed.follow_up === 'email' ? 'send_email' : 'send_sms';
    changedRows.push(
      ...(await deps.db
        .update(actions)
        .set({ status: 'active', kind, updatedAt: now })
        .where(and(where('lead_follow_up'), sql`(${actions.status} <> 'active' or ${actions.kind} <> ${kind})`))
        .returning({ id: actions.id })),
    );
  }
  for (const row of changedRows) await publishActionUpdated(deps, row.id);
}
