import { z } from '@hono/zod-openapi';
import { SYSTEM_KINDS } from '#contract/schemas/system';
import { businessIdParam } from '#api/lib/openapi';
import { timelineItemOut } from '../timeline/schemas';

/** Request and response schemas of the systems calls (the OpenAPI document is built from them). */
export const systemIdParam = businessIdParam.extend({
  system_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'system_id', in: 'path' } }),
});

export const setupStepOut = z
  .object({
    key: z.string(),
    title: z.string(),
    description: z.string(),
    status: z.enum(['done', 'todo']),
    required: z.boolean(),
    data: z.record(z.string(), z.unknown()),
  })
  .openapi('SystemSetupStep');

const settingsOut = z
  .record(z.string(), z.unknown())
  .openapi({ description: "The kind's settings: stored values over the defaults" });

export const systemOut = z
  .object({
    _id: z.string(),
    name: z.enum(SYSTEM_KINDS),
    label: z.string(),
    status: z.enum(['active', 'requires_setup']),
    status_label: z.enum(['active', 'requires setup']),
    phone_number: z.string().nullable(),
    provider: z.enum(['sandbox', 'twilio']),
    configurations: z.object({ data: z.object({ settings: settingsOut }) }),
    setup_steps: z.array(setupStepOut),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .openapi('System');

export const systemEventOut = z
  .object({
    _id: z.string(),
    system_id: z.string(),
    kind: z.enum(['webhook', 'action']),
    name: z.string(),
    outcome: z.enum(['ok', 'duplicate', 'refused', 'spam', 'failed']),
    error: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .openapi('SystemEvent');

export const availableNumberOut = z
  .object({
    phone_number: z.string(),
    friendly_name: z.string(),
    locality: z.string().nullable(),
    region: z.string().nullable(),
    country: z.string(),
    capabilities: z.object({ voice: z.boolean(), sms: z.boolean() }),
  })
  .openapi('AvailableNumber');

export const systemData = z.object({ system: systemOut });
export const systemListData = z.object({ systems: z.array(systemOut), total: z.number() });
export const eventsData = z.object({
  events: z.array(systemEventOut),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export const setupData = z.object({ setup_steps: z.array(setupStepOut), system: systemOut });
export const settingsData = z.object({
  configurations: z.object({ data: z.object({ settings: settingsOut }) }),
  system: systemOut,
});
export const numbersData = z.object({ available_numbers: z.array(availableNumberOut) });
export const callData = z.object({ call: timelineItemOut });
export const smsData = z.object({ sms: timelineItemOut });
export const purchaseData = z.object({ system: systemOut, phone_number: z.string() });

export const listBody = z.object({}).loose();
export const eventsBody = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const settingsIn = z.record(z.string(), z.unknown());
/** settings/{id}/set: {configurations: {data: {settings}}}; {configurations: {settings}} and {configurations: {…}} are accepted too. */
export const settingsBody = z
  .object({
    configurations: z
      .object({ data: z.object({ settings: settingsIn }).optional(), settings: settingsIn.optional() })
      .loose()
      .optional(),
    settings: settingsIn.optional(),
  })
  .openapi({ description: 'Only the settings sent change; each is validated against the system kind.' });

/** list-available-numbers: country defaults to the business's. */
export const numberSearchBody = z.object({
  country: z.string().optional(),
  area_code: z.union([z.string(), z.number()]).optional(),
  contains: z.union([z.string(), z.number()]).optional(),
});
