import { z } from '@hono/zod-openapi';
import { listFiltersSchema } from '#contract/schemas/list';
import { messages } from '#contract/messages';
import { FREQUENCY_UNITS, SERVICE_STATUSES, serviceSchema, serviceUpdateSchema } from '#contract/schemas/service';
import { businessIdParam } from '#api/lib/openapi';

/** Request and response schemas of the service calls (the OpenAPI document is built from them). */
export const serviceIdParam = businessIdParam.extend({
  service_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'service_id', in: 'path' } }),
});

export const serviceOut = z
  .object({
    _id: z.string(),
    name: z.string(),
    status: z.string(),
    frequency: z.number().openapi({ description: 'How many frequency_units between visits; 0 = one-off' }),
    frequency_unit: z
      .enum(FREQUENCY_UNITS)
      .openapi({ description: 'What frequency counts: day, week or month (days when a request leaves it out)' }),
    duration_minutes: z
      .number()
      .openapi({ description: 'How long a visit lasts, in minutes (5–1440; 60 when a create leaves it out)' }),
    description: z.string().nullable(),
    price: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .openapi('Service');

/** Generic list filters (sort_by name|created_at|updated_at|status|frequency), plus search and status. */
export const serviceListBody = listFiltersSchema.extend({
  search: z
    .string()
    .trim()
    .max(100, { error: messages.lookup.tooLong })
    .optional()
    .transform((value) => value || undefined),
  status: z.enum(SERVICE_STATUSES, { error: `Status must be one of ${SERVICE_STATUSES.join(', ')}.` }).optional(),
});

/** The API answers description/price null when there is none, so a client may send that back (null or '' clears). */
const clearable = (max: number) => z.string().trim().max(max).nullish();
export const serviceCreateBody = serviceSchema.extend({ description: clearable(5000), price: clearable(200) });
export const serviceUpdateBody = serviceUpdateSchema.extend({ description: clearable(5000), price: clearable(200) });

export const serviceData = z.object({ service: serviceOut });
export const serviceListData = z.object({
  services: z.array(serviceOut),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
