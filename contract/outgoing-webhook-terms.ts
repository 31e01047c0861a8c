/**
 * Outgoing webhooks' events, their labels and the signature header, apart from the schema
 * (contract/schemas/outgoing-webhook.ts, which re-exports them) so that the webhook pages show
 * them without loading zod. Signing and delivery: api/services/outgoing-webhooks,
 * docs/outgoing-webhooks.md.
 */
export const OUTGOING_EVENTS = [
  'contact.created',
  'call.ended',
  'sms.received',
  'lead.received',
  'order.created',
  'appointment.booked',
] as const;
export type OutgoingEvent = (typeof OUTGOING_EVENTS)[number];

export const OUTGOING_EVENT_LABELS: Record<OutgoingEvent, string> = {
  'contact.created': 'A contact is created',
  'call.ended': 'A call ends (with its summary)',
  'sms.received': 'An SMS is received',
  'lead.received': 'A web form lead is received',
  'order.created': 'An order is created',
  'appointment.booked': 'An appointment is booked',
};

/** The test event ("send a test event"): sent to one endpoint whatever events it chose. */
export const TEST_EVENT = 'webhook.test';

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (Stripe's shape). */
export const SIGNATURE_HEADER = 'X-Assistant-Signature';
