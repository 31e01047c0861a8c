import { z } from '@hono/zod-openapi';
import { CUSTOMER_STATUSES, customerSchema, customerUpdateSchema } from '#contract/schemas/customer';
import { listFiltersSchema } from '#contract/schemas/list';
import { messages } from '#contract/messages';
import { COLLECTION_PAGE_SIZE } from '#contract/constants';
import { businessIdParam } from '#api/lib/openapi';

/** Request and response schemas of the customer calls (the OpenAPI document is built from them). */
export const customerIdParam = businessIdParam.extend({
  customer_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'customer_id', in: 'path' } }),
});

const addressOut = z.object({
  line_1: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postcode: z.string().optional(),
  country: z.string().optional(),
});

export const customerOut = z
  .object({
    _id: z.string(),
    first_name: z.string(),
    last_name: z.string().nullable(),
    name: z.string(),
    status: z.string(),
    emails: z.array(z.string()),
    phones: z.array(z.string()),
    addresses: z.array(addressOut),
    duplicates: z.array(z.object({ _id: z.string(), name: z.string(), reason: z.enum(['phone', 'email']) })),
    sms_opt_outs: z
      .array(z.object({ phone: z.string(), at: z.string() }))
      .openapi({ description: 'Their numbers that texted STOP: no SMS is sent to them until they text START' }),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .openapi('Customer');

/** Customers come in pages of 500 (docs/product.md#limits), searchable and filterable by status. */
export const customerListBody = listFiltersSchema.extend({
  limit: z.coerce.number().int().min(1).max(COLLECTION_PAGE_SIZE).default(COLLECTION_PAGE_SIZE),
  search: z
    .string()
    .trim()
    .max(100, { error: messages.lookup.tooLong })
    .optional()
    .transform((value) => value || undefined),
  status: z.enum(CUSTOMER_STATUSES, { error: `Status must be one of ${CUSTOMER_STATUSES.join(', ')}.` }).optional(),
});

/** The API answers last_name null when there is none, so a client may send that back. */
const lastName = z.string().trim().max(100).nullish();
export const customerCreateBody = customerSchema.extend({ last_name: lastName });
/** Partial: only what is sent changes. last_name null or '' clears it; a list replaces the old one. */
export const customerUpdateBody = customerUpdateSchema.extend({ last_name: lastName });
export const mergeBody = z.object({
  merge_id: z
    .string({ error: 'Choose the contact to merge.' })
    .trim()
    .min(1, { error: 'Choose the contact to merge.' }),
});

export const customerData = z.object({ customer: customerOut });
export const customerListData = z.object({
  customers: z.array(customerOut),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export const mergeData = z.object({
  customer: customerOut,
  merged: customerOut,
  moved: z.object({ timeline_items: z.number(), notifications: z.number() }),
});
