import { eq } from 'drizzle-orm';
import { notifications as notificationCalls } from '#contract/v1/notifications';
import { notifications } from '#api/db/schema';
import { notFound } from '#api/lib/errors';
import { serveCalls } from '#api/lib/v1-call';
import {
  findOwnNotification,
  listOpenNotifications,
  publishNotifications,
  serializeNotifications,
} from '#api/features/notifications/service';

/** The notification calls declared in contract/v1/notifications.ts: any member, for their own notifications only. */
export const notificationsRouter = serveCalls(notificationCalls, {
  listNotDismissed: async (c, { params, body }) => ({
    data: await listOpenNotifications(c.var.deps.db, params.business_id, c.var.auth.user.id, body),
  }),
  update: async (c, { params, body }) => {
    const { db } = c.var.deps;
    const found = await findOwnNotification(db, params.business_id, c.var.auth.user.id, params.notification_id);
    if (!found) throw notFound('The notification');
    const changes: Partial<typeof notifications.$inferInsert> = {};
    if (body.dismissed_at !== undefined) changes.dismissedAt = body.dismissed_at ? new Date(body.dismissed_at) : null;
    // Opening it again keeps when it was first read.
    if (body.read_at !== undefined) changes.readAt = body.read_at ? (found.readAt ?? new Date(body.read_at)) : null;
    const [row] = await db.update(notifications).set(changes).where(eq(notifications.id, found.id)).returning();
    await publishNotifications(c.var.deps, 'Updated', [row]);
    const [notification] = await serializeNotifications(db, [row]);
    return { data: { notification } };
  },
});
