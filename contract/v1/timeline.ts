import { z } from 'zod';
import { taskFiltersSchema } from '../schemas/list';
import { businessParams, defineCall } from './define';

/** The merged timeline: calls, SMS, forms and notes in one list (home, "Recents", a contact's own). */
const customerRef = z.object({ _id: z.string(), name: z.string() }).nullable();

export const timelineItemOut = z
  .object({
    _id: z.string(),
    type: z.enum(['call', 'sms', 'form', 'note', 'chat']),
    direction: z.enum(['inbound', 'outbound']).nullable(),
    status: z.string().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    customer_id: z.string().nullable(),
    /** Embedded so lists need no second call. */
    customer: customerRef,
    phones_found: z.array(z.string()),
    body: z.string().nullable(),
    reminder: z.string().nullable(),
    repeated: z.boolean(),
    repeat: z.object({ every: z.enum(['day', 'week', 'month']), interval: z.number() }).nullable(),
    completed_at: z.string().nullable(),
    internal: z.boolean(),
    details: z.record(z.string(), z.unknown()),
    assigned_to: z.string().nullable(),
    created_by: z.string().nullable(),
    sort_at: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'TimelineItem' });

export const pageOut = { total: z.number(), page: z.number(), limit: z.number() };

const typeEnum = z.enum(['call', 'sms', 'form', 'note', 'chat']);
/** The task filters plus the type(s) to show. */
export const timelineListFilters = taskFiltersSchema.extend({
  type: z.union([typeEnum, z.array(typeEnum)]).optional(),
});

export const timeline = {
  /**
   * Any member may call it: it holds only the types the caller may view, and asking for a type
   * the caller may not view is refused with that type's message (a check on the data, in the handler).
   */
  list: defineCall({
    path: 'businesses/timeline/{business_id}/list',
    params: businessParams,
    body: timelineListFilters,
    bodyRequired: false,
    response: z.object({ timeline: z.array(timelineItemOut), ...pageOut }),
    permission: 'member',
    summary: 'The merged timeline of calls, SMS, forms and notes the caller may view',
    tags: ['Timeline'],
  }),
};
