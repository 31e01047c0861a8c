import { outgoingWebhooks } from '#contract/v1/outgoing-webhooks';
import { serveCalls } from '#api/lib/v1-call';
import { sendTestEvent } from '#api/features/outgoing-webhooks/deliveries';
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
} from '#api/features/outgoing-webhooks/endpoints';

/** The outgoing webhook calls declared in contract/v1/outgoing-webhooks.ts (admins only, checked from there). */
export const outgoingWebhooksRouter = serveCalls(outgoingWebhooks, {
  list: async (c, { params }) => {
    const rows = await listEndpoints(c.var.deps.db, params.business_id);
    return { data: { outgoing_webhooks: rows.map(serializeEndpoint) } };
  },
  get: async (c, { params }) => ({
    data: {
      outgoing_webhook: serializeEndpoint(await findEndpoint(c.var.deps.db, params.business_id, params.endpoint_id)),
    },
  }),
  create: async (c, { params, body }) => {
    const row = await createEndpoint(c.var.deps, params.business_id, c.var.auth.user.id, body);
    return { data: { outgoing_webhook: serializeEndpoint(row) }, messages: ['Webhook endpoint added.'] };
  },
  update: async (c, { params, body }) => {
    const row = await updateEndpoint(c.var.deps, params.business_id, params.endpoint_id, body);
    const message =
      body.enabled === undefined || Object.keys(body).length > 1
        ? 'Webhook endpoint saved.'
        : body.enabled
          ? 'Webhook endpoint enabled.'
          : 'Webhook endpoint disabled.';
    return { data: { outgoing_webhook: serializeEndpoint(row) }, messages: [message] };
  },
  delete: async (c, { params }) => {
    const row = await deleteEndpoint(c.var.deps, params.business_id, params.endpoint_id);
    return { data: { outgoing_webhook: serializeEndpoint(row) }, messages: ['Webhook endpoint deleted.'] };
  },
  rotateSecret: async (c, { params }) => {
    const row = await rotateEndpointSecret(c.var.deps, params.business_id, params.endpoint_id);
    return {
      data: { outgoing_webhook: serializeEndpoint(row) },
      messages: ['New signing secret made. Update your receiver: the old secret no longer signs.'],
    };
  },
  sendTest: async (c, { params }) => {
    const endpoint = await findEndpoint(c.var.deps.db, params.business_id, params.endpoint_id);
    const delivery = serializeDelivery(await sendTestEvent(c.var.deps, endpoint));
    const message =
      delivery.status === 'sent'
        ? `Test event delivered (HTTP ${delivery.response_status}).`
        : `Test event not delivered: ${delivery.last_error ?? 'no answer'} It will be retried.`;
    return { data: { delivery }, messages: [message] };
  },
  deliveries: async (c, { params, body }) => {
    const endpoint = await findEndpoint(c.var.deps.db, params.business_id, params.endpoint_id);
    return { data: await listDeliveries(c.var.deps.db, endpoint.id, body) };
  },
});
