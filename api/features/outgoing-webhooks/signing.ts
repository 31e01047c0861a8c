import { createHmac, randomBytes } from 'node:crypto';

/**
 * The signature every outgoing webhook request carries, in Stripe's shape:
 *   X-Assistant-Signature: t=1767225600,v1=5257a869e7ec…
 * v1 is the hex HMAC-SHA256 of `${t}.${body}` keyed with the endpoint's secret. Receivers
 * recompute it over the raw body and refuse a t older than a few minutes (replays).
 * docs/outgoing-webhooks.md has a Node snippet that verifies it.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** A new signing secret: whsec_ and 32 random bytes (base64url). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;
