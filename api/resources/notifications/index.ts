import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { dateTimeSchema } from '#contract/dates';
import { messages } from '#contract/messages';
import { listFiltersSchema } from '#contract/schemas/list';
import { notifications } from '../../db/schema';
import { requireAuth } from '../../lib/auth';
import { createRouter } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { loadMembership } from '../../lib/membership';
import { bearer, businessIdParam, envelope, jsonBody } from '../../lib/openapi';
import { ok } from '../../lib/respond';
import { findOwnNotification, listOpenNotifications, publishNotifications, serializeNotifications } from '../../services/notifications';
import { notificationOut, notificationParams, optionalJsonBody, pageOut, parseWith } from '../timeline/schemas';

const tags = ['Notifications'];
const common = { tags, security: bearer, middleware: [requireAuth] };
/** The drawer shows them all: a generous default page. */
const listBody = listFiltersSchema.pick({ page: true }).extend({ limit: z.coerce.number().int().min(1).max(500).default(500) });
const updateBody = z.object({
  dismissed_at: z.string({ error: messages.required }).pipe(dateTimeSchema).nullable(),
});

/**
 * A member's own notifications in a business: list the open ones, and dismiss (or
 * un-dismiss) one with update { dismissed_at }. Nobody creates or edits them by hand
 * (spec section 4); another member's notification is not found.
 */
export const notificationsRouter = createRouter()
  .openapi(
    createRoute({ ...common, method: 'post', path: '/businesses/notifications/{business_id}/list-not-dismissed', summary: "The caller's notifications not yet dismissed, newest first", request: { params: businessIdParam, body: optionalJsonBody(listBody) }, responses: envelope(z.object({ notifications: z.array(notificationOut), ...pageOut })) }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      const paging = parseWith(listBody, c.req.valid('json'));
      await loadMembership(db, business_id, c.var.auth.user.id);
      return ok(c, await listOpenNotifications(db, business_id, c.var.auth.user.id, paging));
    },
  )
  .openapi(
    createRoute({ ...common, method: 'post', path: '/businesses/notifications/{business_id}/update/{notification_id}', summary: 'Dismiss one of your notifications (dismissed_at), or bring it back (null)', request: { params: notificationParams, body: jsonBody(updateBody) }, responses: envelope(z.object({ notification: notificationOut })) }),
    async (c) => {
      const { db } = c.var.deps;
      const { user } = c.var.auth;
      const { business_id, notification_id } = c.req.valid('param');
      const { dismissed_at } = c.req.valid('json');
      await loadMembership(db, business_id, user.id);
      const found = await findOwnNotification(db, business_id, user.id, notification_id);
      if (!found) throw notFound('The notification');
      const [row] = await db
        .update(notifications)
        .set({ dismissedAt: dismissed_at ? new Date(dismissed_at) : null })
        .where(eq(notifications.id, found.id))
        .returning();
      await publishNotifications(c.var.deps, 'Updated', [row]);
      const [notification] = await serializeNotifications(db, [row]);
      return ok(c, { notification });
    },
  );
