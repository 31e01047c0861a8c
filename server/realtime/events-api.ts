import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_CHANNELS_PER_EVENT, MAX_EVENT_BYTES, isValidChannel, verifySignedRequest } from './protocol';

/**
 * The embedded server's HTTP API, the one the official `pusher` SDK calls: events, batches
 * of events and terminate-user-connections, each signed with the app's secret.
 */
export type PublishedEvent = { name: string; data: string; channels: string[]; socket_id?: string };

/** The limits of Pusher's events API, for events from the HTTP API and from this process alike. */
export function validateEvent(event: Partial<PublishedEvent> & { channel?: string }): {
  event?: PublishedEvent;
  status?: number;
  error?: string;
} {
  const list = event.channels ?? (event.channel ? [event.channel] : []);
  if (typeof event.name !== 'string' || event.name.length === 0 || event.name.length > 200)
    return { status: 400, error: 'Event name is required (up to 200 characters)' };
  if (list.length === 0 || list.length > MAX_CHANNELS_PER_EVENT)
    return { status: 400, error: 'Between 1 and 100 channels are required' };
  if (!list.every(isValidChannel)) return { status: 400, error: 'Invalid channel name' };
  const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data ?? {});
  if (Buffer.byteLength(data) > MAX_EVENT_BYTES) return { status: 413, error: 'Event data is over the 10 kB limit' };
  return { event: { name: event.name, data, channels: list, socket_id: event.socket_id } };
}

/** The HTTP API: POST /apps/{appId}/events and /batch_events, signed like Pusher's. */
export function handleEventsApi(
  request: IncomingMessage,
  response: ServerResponse,
  body: string,
  options: {
    appId: string;
    key: string;
    secret: string;
    publish: (event: PublishedEvent) => number;
    endUserConnections: (userId: string) => number;
  },
) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const reply = (status: number, payload: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(payload));
  };
  const match = /^\/apps\/([^/]+)\/(events|batch_events|users\/([^/]+)\/terminate_connections)$/.exec(url.pathname);
  if (!match || request.method !== 'POST') return reply(404, { error: 'Not found' });
  if (match[1] !== options.appId) return reply(404, { error: 'Unknown app' });
  const refusal = verifySignedRequest({
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    body,
    key: options.key,
    secret: options.secret,
    nowS: Math.floor(Date.now() / 1000),
  });
  if (refusal) return reply(401, { error: refusal });
  if (match[3] !== undefined) {
    let userId: string;
    try {
      userId = decodeURIComponent(match[3]);
    } catch {
      return reply(400, { error: 'Invalid user id' });
    }
    options.endUserConnections(userId);
    return reply(200, {});
  }
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(body);
  } catch {
    return reply(400, { error: 'The body must be JSON' });
  }
  const events = match[2] === 'batch_events' ? (Array.isArray(payload.batch) ? payload.batch : []) : [payload];
  if (events.length === 0 || events.length > 10) return reply(400, { error: 'A batch holds 1 to 10 events' });
  const checked = events.map((event) => validateEvent(event as Partial<PublishedEvent>));
  const bad = checked.find((result) => !result.event);
  if (bad) return reply(bad.status ?? 400, { error: bad.error });
  for (const result of checked) options.publish(result.event!);
  return reply(200, match[2] === 'batch_events' ? { batch: checked.map(() => ({})) } : {});
}
