import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ApiNotification } from '#contract/envelope';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { customers, notifications, timelineItems } from '#api/db/schema';
import { userEntityChanged } from '#api/lib/events';
import { customerName, type CustomerRef } from '../timeline/records';

/**
 * Notifications belong to one member each: every member sees and dismisses their own. The
 * system creates them (the scheduler, when a task falls due); members only dismiss them.
 */
export type NotificationRow = typeof notifications.$inferSelect;

export const TASK_DUE = 'task_due';

export function serializeNotification(row: NotificationRow, customer: CustomerRef | null): ApiNotification {
  return {
    _id: row.id,
    notification_id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    related_entities: {
      customer: row.customerId && customer ? { _id: customer.id, name: customerName(customer) } : null,
    },
    dismissed_at: row.dismissedAt?.toISOString() ?? null,
    read_at: row.readAt?.toISOString() ?? null,
    internal_link: row.internalLink,
    created_at: row.createdAt.toISOString(),
  };
}

export async function serializeNotifications(db: Db, rows: NotificationRow[]): Promise<ApiNotification[]> {
  const ids = [...new Set(rows.map((row) => row.customerId).filter((id): id is string => Boolean(id)))];
  const found = ids.length
    ? await db
        .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(inArray(customers.id, ids))
    : [];
  const byId = new Map(found.map((customer) => [customer.id, customer]));
  return rows.map((row) => serializeNotification(row, row.customerId ? (byId.get(row.customerId) ?? null) : null));
}

/**
 * The caller's open notifications in one business, newest first. Those about a timeline
 * item that has since been deleted are left out (and come back if it is restored).
 */
export async function listOpenNotifications(
  db: Db,
  businessId: string,
  userId: string,
  paging: { page: number; limit: number },
) {
  const where = and(
    eq(notifications.businessId, businessId),
    eq(notifications.userId, userId),
    isNull(notifications.dismissedAt),
    isNull(timelineItems.deletedAt),
  );
  const rows = await db
    .select({
      notification: notifications,
      customer: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName },
    })
    .from(notifications)
    .leftJoin(timelineItems, eq(timelineItems.id, notifications.sourceId))
    .leftJoin(customers, eq(customers.id, notifications.customerId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(paging.limit + 1)
    .offset(paging.page * paging.limit);
  // A first page that ends the list holds every open notification: it is its own total and
  // unread count (the header's drawer, on every page, asks for one such page).
  const whole = paging.page === 0 && rows.length <= paging.limit;
  const { total, unread } = whole
    ? { total: rows.length, unread: rows.filter((row) => row.notification.readAt === null).length }
    : (
        await db
          .select({ total: count(), unread: count(sql`case when ${notifications.readAt} is null then 1 end`) })
          .from(notifications)
          .leftJoin(timelineItems, eq(timelineItems.id, notifications.sourceId))
          .where(where)
      )[0];
  return {
    notifications: rows.slice(0, paging.limit).map((row) => serializeNotification(row.notification, row.customer)),
    total,
    unread,
    ...paging,
  };
}

/** One of the caller's own notifications in this business (another member's is not found). */
export async function findOwnNotification(db: Db, businessId: string, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.businessId, businessId), eq(notifications.userId, userId)))
    .limit(1);
  return row;
}

/** Publish NotificationCreated/Updated/Deleted on each owner's channel. */
export async function publishNotifications(
  deps: Pick<ApiDeps, 'db' | 'broadcaster'>,
  kind: 'Created' | 'Updated' | 'Deleted',
  rows: NotificationRow[],
) {
  if (rows.length === 0) return;
  const serialized = await serializeNotifications(deps.db, rows);
  await Promise.all(
    rows.map((row, index) => userEntityChanged(deps, row.userId, 'Notification', kind, serialized[index])),
  );
}
