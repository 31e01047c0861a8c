import { z } from 'zod';
import { WEB_URL_INVALID } from '../fields';
import { isHttpUrl } from '../web-address';
import { messages } from '../messages';
import { OUTGOING_EVENTS } from '../outgoing-webhook-terms';

/**
 * Outgoing webhooks: the events a business can send to its own https endpoints (Zapier,
 * Make, a CRM), and the bodies of businesses/outgoing-webhooks/{business_id}/create|update.
 * Signing and delivery: api/services/outgoing-webhooks, docs/outgoing-webhooks.md.
 */
export * from '../outgoing-webhook-terms';

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

const urlField = z
  .string({ error: messages.outgoingWebhook.urlRequired })
  .trim()
  .min(1, { error: messages.outgoingWebhook.urlRequired, abort: true })
  .max(2000, { error: 'Endpoint URL must be less than 2000 characters.' })
  .refine((value) => isHttpUrl(value), { error: WEB_URL_INVALID, abort: true })
  // The service also refuses plain http and non-public hosts (with the test allowance as the only exception).
  .refine((value) => !/^https?:\/\/[^/]*@/i.test(value), {
    error: 'The endpoint URL must not contain a user name or password.',
  });

const eventsField = z
  .array(z.enum(OUTGOING_EVENTS, { error: messages.outgoingWebhook.eventUnknown }), {
    error: messages.outgoingWebhook.eventsRequired,
  })
  .min(1, { error: messages.outgoingWebhook.eventsRequired })
  .transform((events) => OUTGOING_EVENTS.filter((event) => events.includes(event)));

const descriptionField = z
  .string()
  .trim()
  .max(200, { error: 'Description must be less than 200 characters.' })
  .nullish()
  .transform((value) => (value ? value : null));

export const outgoingWebhookCreateSchema = z.object({
  url: urlField,
  description: descriptionField,
  events: eventsField,
  enabled: bool.default(true),
});

/** Only the fields sent change. */
export const outgoingWebhookUpdateSchema = z.object({
  url: urlField.optional(),
  description: descriptionField.optional(),
  events: eventsField.optional(),
  enabled: bool.optional(),
});
