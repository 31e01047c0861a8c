import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Pusher protocol 7 facts the embedded server relies on (DESIGN.md "Realtime"), in one place.
 */
export const PROTOCOL_VERSION = 7;
export const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/;
export const CHANNEL_NAME_MAX = 200;
export const MAX_EVENT_BYTES = 10 * 1024;
export const MAX_CHANNELS_PER_EVENT = 100;
/** Signed HTTP requests older or newer than this are refused (replay protection). */
export const AUTH_TIMESTAMP_GRACE_S = 600;

export const CLOSE = {
  /** 4000-4099: do not reconnect. */
  appNotFound: 4001,
  protocolUnsupported: 4007,
  unauthorised: 4009,
  /** 4100-4199: reconnect after backing off. */
  overCapacity: 4100,
  /** 4200-4299: reconnect at once. */
  shuttingDown: 4200,
  /** The user's access changed (signed out, removed, ...): reconnect and authorise every channel again. */
  reauthorise: 4200,
  pongTimeout: 4201,
  closedForInactivity: 4202,
} as const;

export const isValidChannel = (name: unknown): name is string =>
  typeof name === 'string' && name.length > 0 && name.length <= CHANNEL_NAME_MAX && CHANNEL_NAME.test(name);

export const isPrivate = (channel: string) => channel.startsWith('private-');
export const isPresence = (channel: string) => channel.startsWith('presence-');

export const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex');
export const md5 = (value: string | Buffer) => createHash('md5').update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The signature a client's `auth` must carry for a private channel: "key:hmac(socket_id:channel)". */
export function channelSignature(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const subject = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${key}:${hmac(secret, subject)}`;
}

/** The signature a client's `pusher:signin` must carry: "key:hmac(socket_id::user::user_data)". */
export function userSignature(key: string, secret: string, socketId: string, userData: string): string {
  return `${key}:${hmac(secret, `${socketId}::user::${userData}`)}`;
}

/** pusher-js subscribes a signed-in socket to this channel for events sent to its user. */
export const SERVER_TO_USER_PREFIX = '#server-to-user-';

/**
 * Verify a signed HTTP API request: auth_key, auth_timestamp within the grace window,
 * auth_version 1.0, body_md5 of the raw body, and auth_signature =
 * hmac(secret, "METHOD\nPATH\nsorted query without auth_signature"). Returns a reason when refused.
 */
export function verifySignedRequest(options: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  key: string;
  secret: string;
  nowS: number;
}): string | null {
  const { query } = options;
  if (query.get('auth_key') !== options.key) return 'Unknown auth_key';
  const timestamp = Number(query.get('auth_timestamp'));
  if (!Number.isFinite(timestamp) || Math.abs(options.nowS - timestamp) > AUTH_TIMESTAMP_GRACE_S) {
    return 'Timestamp expired: the auth_timestamp is too far from the server time';
  }
  if (query.get('auth_version') !== '1.0') return 'Unsupported auth_version';
  if (options.body.length > 0 && query.get('body_md5') !== md5(options.body))
    return 'The body_md5 does not match the body';
  const signature = query.get('auth_signature') ?? '';
  const params = [...query.entries()]
    .filter(([name]) => name !== 'auth_signature')
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const expected = hmac(options.secret, `${options.method.toUpperCase()}\n${options.path}\n${params}`);
  return safeEqual(signature, expected) ? null : 'Invalid signature: the auth_signature does not match';
}
