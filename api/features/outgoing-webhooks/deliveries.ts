import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import { SIGNATURE_HEADER, TEST_EVENT, type OutgoingEvent } from '#contract/schemas/outgoing-webhook';
import type { ApiDeps } from '#api/deps';
import { webhookDeliveries, webhookEndpoints } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { OutboundRefused, outboundDispatcher } from '#api/lib/outbound-url';
import { startBatchLoop } from '#api/services/batch-loop';
import type { DeliveryRow, EndpointRow } from './endpoints';
import { signatureHeader } from './signing';

/**
 * The outgoing webhook queue. An event becomes one webhook_deliveries row per enabled
 * endpoint that chose it (in the database, so a restart loses nothing); the loop claims due
 * pending rows with FOR UPDATE SKIP LOCKED and a lease (like push deliveries), POSTs the
 * signed body through the outbound guard (public addresses only, 10 s, at most 5 redirects
 * never followed) and records status, response code, attempts and duration. A failure is
 * retried after 1 min, 5 min, 30 min, 2 h, 6 h and 12 h; the 7th failed attempt marks it failed.
 * A disabled endpoint's pending deliveries wait until it is enabled again.
 */
export type WebhookDeps = Pick<ApiDeps, 'db' | 'clock' | 'outbound' | 'log'>;

export const WEBHOOK_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000, 12 * 3600_000];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_BACKOFF_MS.length + 1;
/** A claimed row is not claimed again for this long (a worker that died mid-send is retried then). */
export const WEBHOOK_LEASE_MS = 2 * 60_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is kept of a receiver's answer in the log (and read at most). */
const RESPONSE_EXCERPT_BYTES = 500;

/** The retry after failed attempt number `attempts` (1-based), or null when there is none left. */
export function retryDelay(attempts: number): number | null {
  return attempts >= WEBHOOK_MAX_ATTEMPTS ? null : WEBHOOK_BACKOFF_MS[attempts - 1];
}

type Payload = { id: string; type: string; created_at: string; business_id: string; data: Record<string, unknown> };

function rowFor(endpoint: EndpointRow, payload: Payload, now: Date): typeof webhookDeliveries.$inferInsert {
  return {
    id: newId(),
    endpointId: endpoint.id,
    businessId: endpoint.businessId,
    eventId: payload.id,
    eventType: payload.type,
    payload: JSON.stringify(payload),
    status: 'pending',
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Queue `type` for every enabled endpoint of the business that chose it. Never fails the
 * write that caused it (a contact is created whatever happens here): errors are logged.
 */
export async function emitOutgoingEvent(
  deps: Pick<ApiDeps, 'db' | 'clock' | 'log'>,
  businessId: string,
  type: OutgoingEvent,
  data: Record<string, unknown>,
): Promise<void> {
  try {
    const endpoints = await deps.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.enabled, true)));
    const chosen = endpoints.filter((endpoint) => endpoint.events.includes(type));
    if (chosen.length === 0) return;
    const now = deps.clock.now();
    const payload: Payload = {
      id: `evt_${newId().replace(/-/g, '')}`,
      type,
      created_at: now.toISOString(),
      business_id: businessId,
      data,
    };
    await deps.db
      .insert(webhookDeliveries)
      .values(chosen.map((endpoint) => rowFor(endpoint, payload, now)))
      .onConflictDoNothing();
  } catch (error) {
    deps.log?.({
      level: 'error',
      msg: 'outgoing webhook not queued',
      business_id: businessId,
      event: type,
      error: error instanceof Error ? error.stack : String(error),
    });
  }
}

/** Read at most `limit` bytes of a body, then let the rest go. */
async function excerpt(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

export type AttemptOutcome = { ok: boolean; responseStatus: number | null; durationMs: number; error: string | null };

/** One POST of a delivery to its endpoint, through the outbound guard. */
export async function postDelivery(
  deps: WebhookDeps,
  endpoint: EndpointRow,
  delivery: Pick<DeliveryRow, 'id' | 'eventId' | 'eventType' | 'payload'>,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const dispatcher: Dispatcher = outboundDispatcher(deps.outbound);
  try {
    const response = await undiciFetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'BusinessAssistant-Webhooks/1',
        [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, delivery.payload, deps.clock.now()),
        'x-assistant-event': delivery.eventType,
        'x-assistant-event-id': delivery.eventId,
        'x-assistant-delivery-id': delivery.id,
      },
      body: delivery.payload,
      // A redirect is an answer, never followed: the receiver must be the address given.
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      dispatcher,
    });
    const text = await excerpt(response as unknown as Response, RESPONSE_EXCERPT_BYTES);
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      responseStatus: response.status,
      durationMs: took(),
      error: ok ? null : `HTTP ${response.status}${text.trim() ? `: ${text.trim().slice(0, 200)}` : ''}`,
    };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    // A refused address is said plainly; which one stays in the server log.
    if (cause instanceof OutboundRefused) {
      deps.log?.({
        level: 'warn',
        msg: 'outgoing webhook refused by the outbound guard',
        endpoint_id: endpoint.id,
        reason: cause.message,
      });
      return {
        ok: false,
        responseStatus: null,
        durationMs: took(),
        error: 'The address is not public, so nothing was sent.',
      };
    }
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      ok: false,
      responseStatus: null,
      durationMs: took(),
      error: timedOut ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.` : 'The endpoint could not be reached.',
    };
  }
}

/** Record an attempt: sent, or pending with the next retry, or failed when none is left. */
async function recordAttempt(deps: WebhookDeps, delivery: DeliveryRow, outcome: AttemptOutcome): Promise<DeliveryRow> {
  const now = deps.clock.now();
  const delay = outcome.ok ? null : retryDelay(delivery.attempts);
  const status = outcome.ok ? 'sent' : delay === null ? 'failed' : 'pending';
  const [row] = await deps.db
    .update(webhookDeliveries)
    .set({
      status,
      responseStatus: outcome.responseStatus,
      durationMs: outcome.durationMs,
      lastError: outcome.error,
      lastAttemptAt: now,
      nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay),
      updatedAt: now,
    })
    .where(eq(webhookDeliveries.id, delivery.id))
    .returning();
  if (status === 'failed')
    deps.log?.({
      level: 'warn',
      msg: 'outgoing webhook failed, giving up',
      delivery_id: delivery.id,
      endpoint_id: delivery.endpointId,
      attempts: delivery.attempts,
      error: outcome.error,
    });
  return row ?? delivery;
}

export type WebhookTickOptions = { batchSize?: number; businessIds?: string[] };
export type WebhookTickResult = { claimed: string[]; sent: number; retried: number; failed: number };

/** Claim up to batchSize due deliveries of enabled endpoints and send them. */
export async function runWebhookDeliveries(
  deps: WebhookDeps,
  options: WebhookTickOptions = {},
): Promise<WebhookTickResult> {
  const result: WebhookTickResult = { claimed: [], sent: 0, retried: 0, failed: 0 };
  const now = deps.clock.now();
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          eq(webhookEndpoints.enabled, true),
          options.businessIds ? inArray(webhookDeliveries.businessId, options.businessIds) : undefined,
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(options.batchSize ?? 20)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS),
        updatedAt: now,
      })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
  if (claimed.length === 0) return result;
  const endpoints = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((delivery) => delivery.endpointId))]));
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  // Sent one after another: a slow receiver delays only this worker's batch (bounded by the timeout).
  for (const delivery of claimed) {
    result.claimed.push(delivery.id);
    const endpoint = byId.get(delivery.endpointId);
    if (!endpoint) continue; // deleted meanwhile: its rows went with it
    const row = await recordAttempt(deps, delivery, await postDelivery(deps, endpoint, delivery));
    if (row.status === 'sent') result.sent += 1;
    else if (row.status === 'failed') result.failed += 1;
    else result.retried += 1;
  }
  return result;
}

/**
 * "Send a test event": a webhook.test delivery to this endpoint (enabled or not), tried at
 * once so the page shows the answer; a failure is retried like any other delivery.
 */
export async function sendTestEvent(deps: WebhookDeps, endpoint: EndpointRow): Promise<DeliveryRow> {
  const now = deps.clock.now();
  const payload: Payload = {
    id: `evt_${newId().replace(/-/g, '')}`,
    type: TEST_EVENT,
    created_at: now.toISOString(),
    business_id: endpoint.businessId,
    data: { message: 'A test event from your business assistant. Your endpoint received it.' },
  };
  const [queued] = await deps.db
    .insert(webhookDeliveries)
    .values({
      ...rowFor(endpoint, payload, now),
      attempts: 1,
      nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS),
    })
    .returning();
  return recordAttempt(deps, queued, await postDelivery(deps, endpoint, queued));
}

/** The delivery loop (startBatchLoop: a tick now, then every intervalMs). Answers stop(). */
export function startWebhookDeliveries(
  deps: WebhookDeps,
  options: WebhookTickOptions & { intervalMs?: number } = {},
): () => Promise<void> {
  return startBatchLoop({
    name: 'outgoing webhooks',
    intervalMs: options.intervalMs ?? 5_000,
    batchSize: options.batchSize ?? 20,
    run: (size) => runWebhookDeliveries(deps, { batchSize: size, businessIds: options.businessIds }),
    log: deps.log,
  });
}
