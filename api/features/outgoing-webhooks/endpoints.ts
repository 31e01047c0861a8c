import { and, desc, eq } from 'drizzle-orm';
import { WEB_URL_NOT_PUBLIC } from '#contract/fields';
import { messages } from '#contract/messages';
import {
  type outgoingWebhookCreateSchema,
  type outgoingWebhookUpdateSchema,
  type OutgoingEvent,
} from '#contract/schemas/outgoing-webhook';
import type { ApiOutgoingWebhook, ApiWebhookDelivery } from '#contract/v1/outgoing-webhooks';
import { isPublicWebUrl } from '#contract/web-address';
import type { z } from 'zod';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { webhookDeliveries, webhookEndpoints } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { invalid, notFound } from '#api/lib/errors';
import { newWebhookSecret } from './signing';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type EndpointDeps = Pick<ApiDeps, 'db' | 'clock' | 'outbound'>;

export const endpointNotFound = () => notFound('The webhook endpoint');

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function serializeEndpoint(row: EndpointRow): ApiOutgoingWebhook {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as OutgoingEvent[],
    enabled: row.enabled,
    secret: row.secret,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function serializeDelivery(row: DeliveryRow): ApiWebhookDelivery {
  return {
    _id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    duration_ms: row.durationMs,
    last_error: row.lastError,
    next_attempt_at: iso(row.nextAttemptAt),
    last_attempt_at: iso(row.lastAttemptAt),
    created_at: row.createdAt.toISOString(),
  };
}

const isLoopbackHost = (hostname: string) => /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/i.test(hostname);

/**
 * Why a business may not send to `url`, or null. Only https to a public host; the one
 * exception is the loopback test allowance (OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS), under which
 * the tests' own receivers on 127.0.0.1 answer over plain http. The connection itself is
 * checked again at send time (a public name may resolve to a private address).
 */
export function endpointUrlRefusal(url: string, policy: ApiDeps['outbound']): string | null {
  const parsed = new URL(url);
  const testReceiver = Boolean(policy?.allowLoopback) && isLoopbackHost(parsed.hostname);
  if (testReceiver) return null;
  if (parsed.protocol !== 'https:') return messages.outgoingWebhook.urlHttps;
  if (!isPublicWebUrl(url)) return WEB_URL_NOT_PUBLIC;
  return null;
}

function checkUrl(deps: EndpointDeps, url: string | undefined) {
  if (url === undefined) return;
  const refusal = endpointUrlRefusal(url, deps.outbound);
  if (refusal) throw invalid({ url: [refusal] });
}

export async function listEndpoints(db: Db, businessId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.businessId, businessId))
    .orderBy(desc(webhookEndpoints.createdAt));
}

export async function findEndpoint(db: Db, businessId: string, endpointId: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.businessId, businessId)))
    .limit(1);
  if (!row) throw endpointNotFound();
  return row;
}

export async function createEndpoint(
  deps: EndpointDeps,
  businessId: string,
  userId: string,
  input: z.output<typeof outgoingWebhookCreateSchema>,
): Promise<EndpointRow> {
  checkUrl(deps, input.url);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(webhookEndpoints)
    .values({
      id: newId(),
      businessId,
      url: input.url,
      description: input.description,
      events: input.events,
      enabled: input.enabled,
      secret: newWebhookSecret(),
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

export async function updateEndpoint(
  deps: EndpointDeps,
  businessId: string,
  endpointId: string,
  input: z.output<typeof outgoingWebhookUpdateSchema>,
): Promise<EndpointRow> {
  await findEndpoint(deps.db, businessId, endpointId);
  checkUrl(deps, input.url);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: deps.clock.now() })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.businessId, businessId)))
    .returning();
  return row;
}

/** A new secret; the old one stops signing at once (receivers switch to the new one). */
export async function rotateEndpointSecret(
  deps: EndpointDeps,
  businessId: string,
  endpointId: string,
): Promise<EndpointRow> {
  await findEndpoint(deps.db, businessId, endpointId);
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({ secret: newWebhookSecret(), updatedAt: deps.clock.now() })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.businessId, businessId)))
    .returning();
  return row;
}

/** Gone for good, with its delivery log (pending deliveries are never sent). */
export async function deleteEndpoint(deps: EndpointDeps, businessId: string, endpointId: string): Promise<EndpointRow> {
  const row = await findEndpoint(deps.db, businessId, endpointId);
  await deps.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
  return row;
}

/** The endpoint's delivery log, newest first. */
export async function listDeliveries(db: Db, endpointId: string, options: { limit: number; page: number }) {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(options.limit + 1)
    .offset((options.page - 1) * options.limit);
  return { deliveries: rows.slice(0, options.limit).map(serializeDelivery), has_more: rows.length > options.limit };
}
