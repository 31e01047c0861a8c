import { z } from '@hono/zod-openapi';
import { listFiltersSchema, taskFiltersSchema } from '#contract/schemas/list';
import { fromZodError } from '#api/lib/errors';
import { businessIdParam } from '#api/lib/openapi';

/**
 * Request and response schemas shared by the timeline's routes (notes, calls, smses,
 * forms, the merged timeline). The response schema mirrors contract/envelope.ts
 * ApiTimelineItem for the OpenAPI document.
 */
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
  .openapi('TimelineItem');

export const pageOut = { total: z.number(), page: z.number(), limit: z.number() };

export const itemParams = businessIdParam.extend({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/** Calls, smses and forms: the generic filters plus the contact. */
export const itemListFilters = listFiltersSchema.extend({ customer_id: z.string().max(100).optional() });
export const noteListFilters = taskFiltersSchema;
const typeEnum = z.enum(['call', 'sms', 'form', 'note', 'chat']);
/** The merged timeline: the task filters plus the type(s) to show. */
export const timelineListFilters = taskFiltersSchema.extend({
  type: z.union([typeEnum, z.array(typeEnum)]).optional(),
});

/** A list call's body is optional: no body means the defaults (page 0, newest first). */
export function optionalJsonBody<T extends z.ZodType>(schema: T) {
  return { required: false, content: { 'application/json': { schema } } } as const;
}

/** Parse (again) with the defaults applied, since an absent optional body skips validation. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
