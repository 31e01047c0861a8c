import { z } from '@hono/zod-openapi';
import { listFiltersSchema } from '#contract/schemas/list';
import { fromZodError } from '#api/lib/errors';
import { businessIdParam } from '#api/lib/openapi';

/**
 * Schemas shared by the timeline's routes (calls, smses, forms). The timeline item, its
 * page and the merged list's filters are declared with that call (contract/v1/timeline.ts).
 */
export { pageOut, timelineItemOut, timelineListFilters } from '#contract/v1/timeline';

export const itemParams = businessIdParam.extend({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/** Calls, smses and forms: the generic filters plus the contact. */
export const itemListFilters = listFiltersSchema.extend({ customer_id: z.string().max(100).optional() });

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
