import { z } from 'zod';
import { dateTimeSchema } from '../dates';
import { messages } from '../messages';
import { listFiltersSchema } from '../schemas/list';
import { businessParams, defineCall, idParams } from './define';

/**
 * A member's own notifications in a business: list the open ones, and dismiss (or
 * un-dismiss) one with update { dismissed_at }. Nobody creates or edits them by hand
 * (docs/product.md#capabilities); another member's notification is not found.
 */
const tags = ['Notifications'];

export const notificationOut = z
  .object({
    _id: z.string(),
    notification_id: z.string(),
    kind: z.string(),
    title: z.string(),
    body: z.string().nullable(),
    related_entities: z.object({ customer: z.object({ _id: z.string(), name: z.string() }).nullable() }),
    dismissed_at: z.string().nullable(),
    read_at: z.string().nullable().meta({ description: 'When the member first opened it; null while unread' }),
    internal_link: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Notification' });

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

export const notifications = {
  listNotDismissed: defineCall({
    path: 'businesses/notifications/{business_id}/list-not-dismissed',
    params: businessParams,
    body: listBody,
    bodyRequired: false,
    response: z.object({
      notifications: z.array(notificationOut),
      total: z.number(),
      page: z.number(),
      limit: z.number(),
      unread: z.number(),
    }),
    permission: 'member',
    summary: "The caller's notifications not yet dismissed, newest first (unread: how many of them were never opened)",
    tags,
  }),
  update: defineCall({
    path: 'businesses/notifications/{business_id}/update/{notification_id}',
    params: idParams('notification_id'),
    body: updateBody,
    response: z.object({ notification: notificationOut }),
    permission: 'member',
    summary: 'Dismiss one of your notifications (dismissed_at) or mark it read (read_at); null undoes either',
    tags,
  }),
};
