import { z } from 'zod';
import { OUTGOING_EVENTS, outgoingWebhookCreateSchema, outgoingWebhookUpdateSchema } from '../schemas/outgoing-webhook';
import { businessParams, defineCall, idParams } from './define';

/**
 * A business's endpoints for outgoing events and each one's delivery log
 * (docs/outgoing-webhooks.md). They send the business's records elsewhere with a secret:
 * admins only; another business's endpoint is not found.
 */
const tags = ['Outgoing webhooks'];
const endpointParams = idParams('endpoint_id');
const admins = { permission: 'admin', refusal: 'Only admins can manage outgoing webhooks.', tags } as const;

export const outgoingWebhookOut = z
  .object({
    _id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.enum(OUTGOING_EVENTS)),
    enabled: z.boolean(),
    secret: z.string().meta({ description: 'The HMAC-SHA256 signing key (whsec_…)' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'OutgoingWebhook' });
export const webhookDeliveryOut = z
  .object({
    _id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(['pending', 'sent', 'failed']),
    attempts: z.number(),
    response_status: z.number().nullable(),
    duration_ms: z.number().nullable(),
    last_error: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    last_attempt_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });

const endpointData = z.object({ outgoing_webhook: outgoingWebhookOut });
const deliveriesBody = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number.' })
    .int()
    .min(1, { error: 'Page must be 1 or more.' })
    .default(1),
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int()
    .min(1)
    .max(100, { error: 'Limit must be at most 100.' })
    .default(50),
});

export const outgoingWebhooks = {
  list: defineCall({
    path: 'businesses/outgoing-webhooks/{business_id}/list',
    params: businessParams,
    response: z.object({ outgoing_webhooks: z.array(outgoingWebhookOut) }),
    summary: 'The business’s outgoing webhook endpoints, newest first',
    ...admins,
  }),
  get: defineCall({
    path: 'businesses/outgoing-webhooks/{business_id}/get/{endpoint_id}',
    params: endpointParams,
    response: endpointData,
    summary: 'One endpoint, with its signing secret',
    ...admins,
  }),
  create: defineCall({
    path: 'businesses/outgoing-webhooks/{business_id}/create',
    params: businessParams,
    body: outgoingWebhookCreateSchema,
    response: endpointData,
    summary: 'Add an https endpoint for the events chosen; answers it with a new signing secret',
    ...admins,
  }),
  update: defineCall({
    path: 'businesses/outgoing-webhooks/{business_id}/update/{endpoint_id}',
    params: endpointParams,
    body: outgoingWebhookUpdateSchema,
    response: endpointData,
    summary: 'Change the URL, description, events or enabled (only the fields sent)',
    ...admins,
  }),
  delete: defineCall({
    path: 'businesses/outgoing-webhooks/{business_id}/delete/{endpoint_id}',
    params: endpointParams,
    response: endpointData,
    summary: 'Delete an endpoint and its delivery log (nothing more is sent to it)',
    ...admins,
  }),
  rotateSecret: defineCall({
    path: 'businesses/outgoing-webhooks/{business_id}/rotate-secret/{endpoint_id}',
    params: endpointParams,
    response: endpointData,
    summary: 'Replace the signing secret (the old one stops signing at once)',
    ...admins,
  }),
  sendTest: defineCall({
    path: 'businesses/outgoing-webhooks/{business_id}/send-test/{endpoint_id}',
    params: endpointParams,
    response: z.object({ delivery: webhookDeliveryOut }),
    summary:
      'Send a webhook.test event to the endpoint now; answers the delivery (a failure is retried like any other)',
    ...admins,
  }),
  deliveries: defineCall({
    path: 'businesses/outgoing-webhooks/{business_id}/deliveries/{endpoint_id}',
    params: endpointParams,
    body: deliveriesBody,
    bodyRequired: false,
    response: z.object({ deliveries: z.array(webhookDeliveryOut), has_more: z.boolean() }),
    summary: "The endpoint's delivery log, newest first: status, response code, attempts, duration",
    ...admins,
  }),
};

/** The v1 answers' shapes, inferred from their response schemas above. */
export type ApiOutgoingWebhook = z.output<typeof outgoingWebhookOut>;
export type ApiWebhookDelivery = z.output<typeof webhookDeliveryOut>;
