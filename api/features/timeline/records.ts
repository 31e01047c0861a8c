import { and, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ApiTimelineItem } from '#contract/envelope';
import type { Permission } from '#contract/permissions';
import { PERMISSION_SUBJECT } from '#contract/permissions';
import type { ListFilters } from '#contract/schemas/list';
import type { Db } from '#api/db/client';
import { customers, timelineItems } from '#api/db/schema';
import { listQuery } from '#api/lib/list';
import { timelinePageJson } from './list-json';
import { JsonRows } from '#api/lib/sql-json';

/**
 * Reading the timeline: the v1 shape of an item (with its customer embedded, so a list
 * needs no second call), one-record lookups scoped to a business, and the list query
 * shared by notes, calls, smses, forms and the merged timeline. Writes live in timeline.ts.
 */
export type TimelineRow = typeof timelineItems.$inferSelect;
export type TimelineType = TimelineRow['type'];
export type CustomerRef = { id: string; firstName: string; lastName: string | null };

export const TIMELINE_TYPES = ['call', 'sms', 'form', 'note', 'chat'] as const satisfies readonly TimelineType[];

/** Per type: the permissions, the v1 names and the realtime entity. */
export const TYPE_INFO = {
  call: {
    view: 'calls/view',
    edit: 'calls/edit',
    entity: 'Call',
    one: 'call',
    many: 'calls',
    noun: 'Call',
    lower: 'call',
  },
  sms: { view: 'smses/view', edit: 'smses/edit', entity: 'Sms', one: 'sms', many: 'smses', noun: 'SMS', lower: 'SMS' },
  form: {
    view: 'forms/view',
    edit: 'forms/edit',
    entity: 'Form',
    one: 'form',
    many: 'forms',
    noun: 'Form',
    lower: 'form',
  },
  // Website chat is a customer conversation like SMS, so it shares the SMS permissions.
  chat: {
    view: 'smses/view',
    edit: 'smses/edit',
    entity: 'Chat',
    one: 'chat',
    many: 'chats',
    noun: 'Chat message',
    lower: 'chat message',
  },
  note: {
    view: 'notes/view',
    edit: 'notes/edit',
    entity: 'Note',
    one: 'note',
    many: 'notes',
    noun: 'Note',
    lower: 'note',
  },
} as const satisfies Record<
  TimelineType,
  { view: Permission; edit: Permission; entity: string; one: string; many: string; noun: string; lower: string }
>;

/** The refusal wording of docs/product.md#validation, for viewing and (by analogy) for changing. */
export const viewRefusal = (type: TimelineType) =>
  `You do not have permission to view ${PERMISSION_SUBJECT[TYPE_INFO[type].view]}`;
export const editRefusal = (type: TimelineType) =>
  `You do not have permission to edit ${PERMISSION_SUBJECT[TYPE_INFO[type].view]}`;

export const customerName = (customer: Pick<CustomerRef, 'firstName' | 'lastName'>): string =>
  [customer.firstName, customer.lastName].filter(Boolean).join(' ');

export function serializeTimelineItem(row: TimelineRow, customer: CustomerRef | null): ApiTimelineItem {
  return {
    _id: row.id,
    type: row.type,
    direction: row.direction,
    status: row.status,
    from: row.from,
    to: row.to,
    customer_id: row.customerId,
    customer: row.customerId && customer ? { _id: customer.id, name: customerName(customer) } : null,
    phones_found: row.phonesFound,
    body: row.body,
    reminder: row.reminder?.toISOString() ?? null,
    repeated: row.repeat != null,
    repeat: row.repeat ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    internal: row.internal,
    details: row.details,
    assigned_to: row.assignedTo,
    created_by: row.createdBy,
    sort_at: row.sortAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

/** Serialise rows that are already loaded, fetching their customers in one query. */
export async function serializeRows(db: Db, rows: TimelineRow[]): Promise<ApiTimelineItem[]> {
  const ids = [...new Set(rows.map((row) => row.customerId).filter((id): id is string => Boolean(id)))];
  const found = ids.length
    ? await db
        .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(inArray(customers.id, ids))
    : [];
  const byId = new Map(found.map((customer) => [customer.id, customer]));
  return rows.map((row) => serializeTimelineItem(row, row.customerId ? (byId.get(row.customerId) ?? null) : null));
}

export async function serializeRow(db: Db, row: TimelineRow): Promise<ApiTimelineItem> {
  const [item] = await serializeRows(db, [row]);
  return item;
}

/** One item of this business and type; live ones only unless `deleted` asks for a deleted one. */
export async function findTimelineRow(
  db: Db,
  businessId: string,
  type: TimelineType,
  id: string,
  options: { deleted?: boolean } = {},
) {
  const [row] = await db
    .select()
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.id, id),
        eq(timelineItems.businessId, businessId),
        eq(timelineItems.type, type),
        options.deleted ? isNotNull(timelineItems.deletedAt) : isNull(timelineItems.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

export type TimelineFilters = ListFilters & {
  customer_id?: string;
  tasks_only?: boolean;
  incomplete_tasks_only?: boolean;
  without_reminder?: boolean;
  reminder?: { from?: string; to?: string };
};

/** A task is a note with a reminder, or an internal note (labelled Task in docs/product.md#labels). */
export const isTaskCondition = (): SQL =>
  and(eq(timelineItems.type, 'note'), or(isNotNull(timelineItems.reminder), eq(timelineItems.internal, true)))!;

const sortable = {
  sort_at: timelineItems.sortAt,
  created_at: timelineItems.createdAt,
  updated_at: timelineItems.updatedAt,
  reminder: timelineItems.reminder,
};

/**
 * A page of a business's live timeline items of the given types. Notes and the merged
 * timeline sort by sort_at, calls, smses and forms by created_at (docs/product.md#limits); newest first.
 */
export async function listTimeline(
  db: Db,
  businessId: string,
  types: readonly TimelineType[],
  filters: TimelineFilters,
  options: { defaultSort?: 'sort_at' | 'created_at' } = {},
) {
  const query = listQuery(filters, {
    sortable,
    defaultSort: options.defaultSort ?? 'sort_at',
    createdAt: timelineItems.createdAt,
    tieBreaker: timelineItems.id,
  });
  const page = { page: query.page, limit: query.limit };
  if (types.length === 0) return { items: new JsonRows<ApiTimelineItem>([]), total: 0, ...page };
  const where = and(
    eq(timelineItems.businessId, businessId),
    isNull(timelineItems.deletedAt),
    types.length === TIMELINE_TYPES.length ? undefined : inArray(timelineItems.type, [...types]),
    query.where,
    filters.customer_id ? eq(timelineItems.customerId, filters.customer_id) : undefined,
    filters.tasks_only || filters.incomplete_tasks_only ? isTaskCondition() : undefined,
    filters.incomplete_tasks_only ? isNull(timelineItems.completedAt) : undefined,
    filters.without_reminder ? isNull(timelineItems.reminder) : undefined,
    filters.reminder?.from ? gte(timelineItems.reminder, new Date(filters.reminder.from)) : undefined,
    filters.reminder?.to ? lte(timelineItems.reminder, new Date(filters.reminder.to)) : undefined,
  );
  // Tasks sorted by reminder keep the ones without a reminder (internal notes) at the end.
  const orderBy =
    query.sortBy === 'reminder' ? [sql`${timelineItems.reminder} is null`, ...query.orderBy] : query.orderBy;
  const { rows, total } = await timelinePageJson(db, { where, orderBy, limit: query.limit, offset: query.offset });
  return { items: rows, total, ...page };
}
