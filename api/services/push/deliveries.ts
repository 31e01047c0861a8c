import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { resolveNotificationPreferences } from '#contract/schemas/business-settings';
import type { ApiDeps } from '#api/deps';
import { businesses, businessUsers, customers, notifications, pushDeliveries, timelineItems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import type { NotificationRow } from '#api/features/notifications/service';
import { customerName } from '#api/features/timeline/records';
import { PushError, sendPush } from './onesignal';
import { quietHoursDecision, URGENT_CALLS, URGENT_KINDS, URGENT_WINDOW_MS } from './quiet-hours';
import { startBatchLoop } from '../batch-loop';

/**
 * Push delivery queue: every notification created for a member gets one push_deliveries row
 * when push is configured (deps.push). The loop claims due pending rows with FOR UPDATE SKIP
 * LOCKED (like the reminders scheduler), leases them, sends through OneSignal and records the
 * outcome. A failure is retried after 1 min, 5 min, 30 min and 2 h; the 5th failed attempt
 * marks the row failed and logs an error. Nothing is dropped silently: every row ends as
 * sent, skipped (quiet hours / no subscribed device, with the reason) or failed (last_error).
 */
export type PushDeps = Pick<ApiDeps, 'db' | 'clock' | 'push' | 'publicUrl' | 'log'>;

export const PUSH_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const PUSH_MAX_ATTEMPTS = PUSH_BACKOFF_MS.length + 1;
/** A claimed row is not claimed again for this long (a loop that died mid-send is retried then). */
export const PUSH_LEASE_MS = 10 * 60_000;

export type DeliveryRow = typeof pushDeliveries.$inferSelect;

/** Urgent: a missed call or voicemail from a customer who called URGENT_CALLS+ times in URGENT_WINDOW_MS. */
async function isUrgent(deps: Pick<ApiDeps, 'db'>, row: NotificationRow): Promise<boolean> {
  if (!URGENT_KINDS.has(row.kind) || !row.customerId) return false;
  const since = new Date(row.createdAt.getTime() - URGENT_WINDOW_MS);
  const [{ calls }] = await deps.db
    .select({ calls: sql<number>`count(*)::int` })
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.businessId, row.businessId),
        eq(timelineItems.customerId, row.customerId),
        eq(timelineItems.type, 'call'),
        eq(timelineItems.direction, 'inbound'),
        gte(timelineItems.createdAt, since),
        lte(timelineItems.createdAt, row.createdAt),
      ),
    );
  return calls >= URGENT_CALLS;
}

/**
 * Queue a push for each new notification (nothing when push is not configured). Quiet hours
 * are decided now, in the business's timezone: a held push is recorded as skipped.
 */
export async function enqueuePushDeliveries(deps: PushDeps, rows: NotificationRow[]): Promise<DeliveryRow[]> {
  if (!deps.push || rows.length === 0) return [];
  const now = deps.clock.now();
  const businessIds = [...new Set(rows.map((row) => row.businessId))];
  const [members, zones] = await Promise.all([
    deps.db
      .select({
        businessId: businessUsers.businessId,
        userId: businessUsers.userId,
        prefs: businessUsers.notificationPrefs,
      })
      .from(businessUsers)
      .where(and(inArray(businessUsers.businessId, businessIds), isNull(businessUsers.removedAt))),
    deps.db
      .select({ id: businesses.id, timezone: businesses.timezone })
      .from(businesses)
      .where(inArray(businesses.id, businessIds)),
  ]);
  const timezone = new Map(zones.map((zone) => [zone.id, zone.timezone]));
  const values: (typeof pushDeliveries.$inferInsert)[] = [];
  for (const row of rows) {
    const member = members.find(
      (candidate) => candidate.businessId === row.businessId && candidate.userId === row.userId,
    );
    const prefs = resolveNotificationPreferences(member?.prefs);
    const urgent = await isUrgent(deps, row);
    const decision = quietHoursDecision(prefs.quiet_hours, now, timezone.get(row.businessId) ?? 'UTC', urgent);
    values.push(
      decision === 'send'
        ? {
            id: newId(),
            notificationId: row.id,
            userId: row.userId,
            status: 'pending',
            nextAttemptAt: now,
            createdAt: now,
            updatedAt: now,
          }
        : {
            id: newId(),
            notificationId: row.id,
            userId: row.userId,
            status: 'skipped',
            lastError: 'quiet hours',
            createdAt: now,
            updatedAt: now,
          },
    );
  }
  const created = await deps.db.insert(pushDeliveries).values(values).onConflictDoNothing().returning();
  for (const delivery of created.filter((entry) => entry.status === 'skipped')) {
    deps.log?.({
      level: 'info',
      msg: 'push held: quiet hours',
      delivery_id: delivery.id,
      notification_id: delivery.notificationId,
      user_id: delivery.userId,
    });
  }
  return created;
}

/** Enqueue, never failing the caller: a queue error is logged (the notification itself stands). */
export async function enqueuePushSafely(deps: PushDeps, rows: NotificationRow[]): Promise<void> {
  if (!deps.push || rows.length === 0) return;
  try {
    await enqueuePushDeliveries(deps, rows);
  } catch (error) {
    deps.log?.({
      level: 'error',
      msg: 'push enqueue failed',
      notification_ids: rows.map((row) => row.id),
      error: error instanceof Error ? error.stack : String(error),
    });
  }
}

export type PushTickOptions = {
  batchSize?: number;
  /** Only these businesses' deliveries (tests sharing a database). */
  businessIds?: string[];
};

export type PushTickResult = { claimed: string[]; sent: number; retried: number; failed: number; skipped: number };

function preview(title: string, body: string | null, customer: string | null): string {
  const text = (body ?? '').replace(/\s+/g, ' ').trim();
  const short = text.length > 140 ? `${text.slice(0, 139)}…` : text;
  if (customer && short) return `${customer}: ${short}`;
  return short || customer || title;
}

/** Claim and send up to batchSize due deliveries. */
export async function runPushDeliveries(deps: PushDeps, options: PushTickOptions = {}): Promise<PushTickResult> {
  const result: PushTickResult = { claimed: [], sent: 0, retried: 0, failed: 0, skipped: 0 };
  const config = deps.push;
  if (!config) return result;
  const now = deps.clock.now();
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: pushDeliveries.id })
      .from(pushDeliveries)
      .innerJoin(notifications, eq(notifications.id, pushDeliveries.notificationId))
      .where(
        and(
          eq(pushDeliveries.status, 'pending'),
          lte(pushDeliveries.nextAttemptAt, now),
          options.businessIds ? inArray(notifications.businessId, options.businessIds) : undefined,
        ),
      )
      .orderBy(asc(pushDeliveries.nextAttemptAt))
      .limit(options.batchSize ?? 50)
      .for('update', { of: pushDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(pushDeliveries)
      .set({
        attempts: sql`${pushDeliveries.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + PUSH_LEASE_MS),
        updatedAt: now,
      })
      .where(
        inArray(
          pushDeliveries.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
  if (claimed.length === 0) return result;

  const rows = await deps.db
    .select({
      notification: notifications,
      customer: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName },
    })
    .from(notifications)
    .leftJoin(customers, eq(customers.id, notifications.customerId))
    .where(
      inArray(
        notifications.id,
        claimed.map((delivery) => delivery.notificationId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.notification.id, row]));

  for (const delivery of claimed) {
    result.claimed.push(delivery.id);
    const found = byId.get(delivery.notificationId);
    const done = deps.clock.now();
    const record = (values: Partial<typeof pushDeliveries.$inferInsert>) =>
      deps.db
        .update(pushDeliveries)
        .set({ ...values, updatedAt: done })
        .where(eq(pushDeliveries.id, delivery.id));
    if (!found) {
      await record({ status: 'skipped', lastError: 'notification gone', nextAttemptAt: null });
      result.skipped += 1;
      continue;
    }
    const { notification, customer } = found;
    try {
      const sent = await sendPush(config, {
        userId: delivery.userId,
        title: notification.title,
        preview: preview(notification.title, notification.body, customer?.id ? customerName(customer) : null),
        internalLink: notification.internalLink,
        publicUrl: deps.publicUrl,
      });
      if (sent.outcome === 'sent') {
        await record({ status: 'sent', providerId: sent.id, nextAttemptAt: null, lastError: null });
        result.sent += 1;
      } else {
        await record({ status: 'skipped', lastError: sent.error, nextAttemptAt: null });
        deps.log?.({
          level: 'info',
          msg: 'push not delivered: no subscribed device',
          delivery_id: delivery.id,
          user_id: delivery.userId,
          error: sent.error,
        });
        result.skipped += 1;
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PushError && error.permanent;
      if (permanent || delivery.attempts >= PUSH_MAX_ATTEMPTS) {
        await record({ status: 'failed', lastError: message, nextAttemptAt: null });
        deps.log?.({
          level: 'error',
          msg: 'push failed, giving up',
          delivery_id: delivery.id,
          notification_id: delivery.notificationId,
          user_id: delivery.userId,
          attempts: delivery.attempts,
          error: message,
        });
        result.failed += 1;
      } else {
        const retryAt = new Date(
          done.getTime() + PUSH_BACKOFF_MS[Math.min(delivery.attempts, PUSH_BACKOFF_MS.length) - 1],
        );
        await record({ status: 'pending', lastError: message, nextAttemptAt: retryAt });
        deps.log?.({
          level: 'warn',
          msg: 'push failed, will retry',
          delivery_id: delivery.id,
          attempts: delivery.attempts,
          retry_at: retryAt.toISOString(),
          error: message,
        });
        result.retried += 1;
      }
    }
  }
  return result;
}

/** The push loop (startBatchLoop: a tick now, then every `intervalMs`). Answers stop(). */
export function startPushDeliveries(
  deps: PushDeps,
  options: PushTickOptions & { intervalMs?: number; onTick?: (result: PushTickResult) => void } = {},
): () => Promise<void> {
  return startBatchLoop({
    name: 'push',
    intervalMs: options.intervalMs ?? 5_000,
    batchSize: options.batchSize ?? 50,
    run: (size) => runPushDeliveries(deps, { batchSize: size, businessIds: options.businessIds }),
    onTick: options.onTick,
    log: deps.log,
  });
}
