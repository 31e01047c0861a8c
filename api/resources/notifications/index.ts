import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { dateTimeSchema } from '#contract/dates';
import { messages } from '#contract/messages';
import { listFiltersSchema } from '#contract/schemas/list';
import { notifications } from '#api/db/schema';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import {
  findOwnNotification,
  listOpenNotifications,
  publishNotifications,
  serializeNotifications,
} from '#api/services/notifications';
import { notificationOut, notificationParams, optionalJsonBody, pageOut, parseWith } from '../timeline/schemas';

const tags = ['Notifications'];
const common = { tags, security: bearer, middleware: [requireAuth] };
/** The drawer shows them all: a generous default page. */
const listBody = listFiltersSchema
  .pick({ page: true })
  .extend({ limit: z.coerce.number().int().min(1).max(500).default(500) });
const when = z.string({ error: messages.required }).pipe(dateTimeSchema).nullable();
/** Either field alone (or both); a body with neither asks for dismissed_at, the older input. */
const updateBody = z
  .object({ dismissed_at: when.optional(), read_at: when.optional() })
  .refine((body) => body.dismissed_at !== undefined || body.read_at !== undefined, {
    message: messages.required,
    path: ['dismissed_at'],
  });

/**
 * A member's own notifications in a business: list the open ones, and dismiss (or
 * un-dismiss) one with update { dismissed_at }. Nobody creates or edits them by hand
 * (docs/product.md#capabilities); another member's notification is not found.
 */
export const notificationsRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: '/businesses/notifications/{business_id}/list-not-dismissed',
      summary:
        "The caller's notifications not yet dismissed, newest first (unread: how many of them were never opened)",
      request: { params: businessIdParam, body: optionalJsonBody(listBody) },
      responses: envelope(z.object({ notifications: z.array(notificationOut), ...pageOut, unread: z.number() })),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      const paging = parseWith(listBody, c.req.valid('json'));
      await loadMembership(db, business_id, c.var.auth.user.id);
      return ok(c, await listOpenNotifications(db, business_id, c.var.auth.user.id, paging));
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: '/businesses/notifications/{business_id}/update/{notification_id}',
      summary: 'Dismiss one of your notifications (dismissed_at) or mark it read (read_at); null undoes either',
      request: { params: notificationParams, body: jsonBody(updateBody) },
      responses: envelope(z.object({ notification: notificationOut })),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { user } = c.var.auth;
      const { business_id, notification_id } = c.req.valid('param');
      const { dismissed_at, read_at } = c.req.valid('json');
      await loadMembership(db, business_id, user.id);
      const found = await findOwnNotification(db, business_id, user.id, notification_id);
      if (!found) throw notFound('The notification');
      const changes: Partial<typeof notifications.$inferInsert> = {};
      if (dismissed_at !== undefined) changes.dismissedAt = dismissed_at ? new Date(dismissed_at) : null;
      // Opening it again keeps when it was first read.
      if (read_at !== undefined) changes.readAt = read_at ? (found.readAt ?? new Date(read_at)) : null;
      const [row] = await db.update(notifications).set(changes).where(eq(notifications.id, found.id)).returning();
      await publishNotifications(c.var.deps, 'Updated', [row]);
      const [notification] = await serializeNotifications(db, [row]);
      return ok(c, { notification });
    },
  );
