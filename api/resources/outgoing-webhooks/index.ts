import { createRoute, z } from '@hono/zod-openapi';
import {
  OUTGOING_EVENTS,
  outgoingWebhookCreateSchema,
  outgoingWebhookUpdateSchema,
} from '#contract/schemas/outgoing-webhook';
import type { Db } from '#api/db/client';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { requireBusinessPermission } from '#api/lib/membership';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { sendTestEvent } from '#api/services/outgoing-webhooks/deliveries';
import {
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  listDeliveries,
  listEndpoints,
  rotateEndpointSecret,
  serializeDelivery,
  serializeEndpoint,
  updateEndpoint,
} from '#api/services/outgoing-webhooks/endpoints';
import { optionalJsonBody, parseWith } from '../timeline/schemas';

export const OUTGOING_WEBHOOKS_REFUSAL = 'Only admins can manage outgoing webhooks.';

/** Endpoints send the business's records to another system, with a secret: admins only. */
const requireAdmin = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'admin', OUTGOING_WEBHOOKS_REFUSAL);

const tags = ['Outgoing webhooks'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const base = '/businesses/outgoing-webhooks/{business_id}';

const endpointIdParam = businessIdParam.extend({
  endpoint_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'endpoint_id', in: 'path' } }),
});

const endpointOut = z
  .object({
    _id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.enum(OUTGOING_EVENTS)),
    enabled: z.boolean(),
    secret: z.string().openapi({ description: 'The HMAC-SHA256 signing key (whsec_…)' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('OutgoingWebhook');
const deliveryOut = z
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
  .openapi('WebhookDelivery');
const endpointData = z.object({ outgoing_webhook: endpointOut });
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

const createBody = outgoingWebhookCreateSchema;
const updateBody = outgoingWebhookUpdateSchema;

/**
 * businesses/outgoing-webhooks/{business_id}/...: a business's endpoints for outgoing
 * events (list, get, create, update, delete, rotate-secret, send-test) and each one's
 * delivery log. Admins only; another business's endpoint is not found.
 */
export const outgoingWebhooksRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/list`,
      summary: 'The business’s outgoing webhook endpoints, newest first',
      request: { params: businessIdParam },
      responses: envelope(z.object({ outgoing_webhooks: z.array(endpointOut) })),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await requireAdmin(c.var.deps.db, business_id, c.var.auth.user.id);
      const rows = await listEndpoints(c.var.deps.db, business_id);
      return ok(c, { outgoing_webhooks: rows.map(serializeEndpoint) });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/get/{endpoint_id}`,
      summary: 'One endpoint, with its signing secret',
      request: { params: endpointIdParam },
      responses: envelope(endpointData),
    }),
    async (c) => {
      const { business_id, endpoint_id } = c.req.valid('param');
      await requireAdmin(c.var.deps.db, business_id, c.var.auth.user.id);
      return ok(c, {
        outgoing_webhook: serializeEndpoint(await findEndpoint(c.var.deps.db, business_id, endpoint_id)),
      });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/create`,
      summary: 'Add an https endpoint for the events chosen; answers it with a new signing secret',
      request: { params: businessIdParam, body: jsonBody(createBody) },
      responses: envelope(endpointData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await requireAdmin(c.var.deps.db, business_id, c.var.auth.user.id);
      const row = await createEndpoint(c.var.deps, business_id, c.var.auth.user.id, c.req.valid('json'));
      return ok(c, { outgoing_webhook: serializeEndpoint(row) }, ['Webhook endpoint added.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/update/{endpoint_id}`,
      summary: 'Change the URL, description, events or enabled (only the fields sent)',
      request: { params: endpointIdParam, body: jsonBody(updateBody) },
      responses: envelope(endpointData),
    }),
    async (c) => {
      const { business_id, endpoint_id } = c.req.valid('param');
      await requireAdmin(c.var.deps.db, business_id, c.var.auth.user.id);
      const input = c.req.valid('json');
      const row = await updateEndpoint(c.var.deps, business_id, endpoint_id, input);
      const message =
        input.enabled === undefined || Object.keys(input).length > 1
          ? 'Webhook endpoint saved.'
          : input.enabled
            ? 'Webhook endpoint enabled.'
            : 'Webhook endpoint disabled.';
      return ok(c, { outgoing_webhook: serializeEndpoint(row) }, [message]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/delete/{endpoint_id}`,
      summary: 'Delete an endpoint and its delivery log (nothing more is sent to it)',
      request: { params: endpointIdParam },
      responses: envelope(endpointData),
    }),
    async (c) => {
      const { business_id, endpoint_id } = c.req.valid('param');
      await requireAdmin(c.var.deps.db, business_id, c.var.auth.user.id);
      const row = await deleteEndpoint(c.var.deps, business_id, endpoint_id);
      return ok(c, { outgoing_webhook: serializeEndpoint(row) }, ['Webhook endpoint deleted.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/rotate-secret/{endpoint_id}`,
      summary: 'Replace the signing secret (the old one stops signing at once)',
      request: { params: endpointIdParam },
      responses: envelope(endpointData),
    }),
    async (c) => {
      const { business_id, endpoint_id } = c.req.valid('param');
      await requireAdmin(c.var.deps.db, business_id, c.var.auth.user.id);
      const row = await rotateEndpointSecret(c.var.deps, business_id, endpoint_id);
      return ok(c, { outgoing_webhook: serializeEndpoint(row) }, [
        'New signing secret made. Update your receiver: the old secret no longer signs.',
      ]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/send-test/{endpoint_id}`,
      summary:
        'Send a webhook.test event to the endpoint now; answers the delivery (a failure is retried like any other)',
      request: { params: endpointIdParam },
      responses: envelope(z.object({ delivery: deliveryOut })),
    }),
    async (c) => {
      const { business_id, endpoint_id } = c.req.valid('param');
      await requireAdmin(c.var.deps.db, business_id, c.var.auth.user.id);
      const endpoint = await findEndpoint(c.var.deps.db, business_id, endpoint_id);
      const delivery = serializeDelivery(await sendTestEvent(c.var.deps, endpoint));
      const message =
        delivery.status === 'sent'
          ? `Test event delivered (HTTP ${delivery.response_status}).`
          : `Test event not delivered: ${delivery.last_error ?? 'no answer'} It will be retried.`;
      return ok(c, { delivery }, [message]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/deliveries/{endpoint_id}`,
      summary: "The endpoint's delivery log, newest first: status, response code, attempts, duration",
      request: { params: endpointIdParam, body: optionalJsonBody(deliveriesBody) },
      responses: envelope(z.object({ deliveries: z.array(deliveryOut), has_more: z.boolean() })),
    }),
    async (c) => {
      const { business_id, endpoint_id } = c.req.valid('param');
      await requireAdmin(c.var.deps.db, business_id, c.var.auth.user.id);
      const paging = parseWith(deliveriesBody, c.req.valid('json'));
      const endpoint = await findEndpoint(c.var.deps.db, business_id, endpoint_id);
      return ok(c, await listDeliveries(c.var.deps.db, endpoint.id, paging));
    },
  );
