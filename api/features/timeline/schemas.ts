import type { z } from '@hono/zod-openapi';
import { fromZodError } from '#api/lib/errors';

/**
 * Helpers shared by routers still written with createRoute. The timeline item, its page and
 * the merged list's filters are declared with that call (contract/v1/timeline.ts).
 */
export { pageOut, timelineItemOut, timelineListFilters } from '#contract/v1/timeline';

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
