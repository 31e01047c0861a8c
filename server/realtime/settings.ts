import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REALTIME_TIMEOUTS } from '#contract/constants';
import type { Env } from '#contract/env';
import type { RealtimeClientConfig } from '#contract/realtime';

export type RealtimeSettings = {
  /** embedded: this process serves the Pusher protocol; hosted: Pusher Channels or Soketi. */
  mode: 'embedded' | 'hosted';
  appId: string;
  key: string;
  secret: string;
  host?: string;
  port?: number;
  useTLS: boolean;
  cluster: string;
};

/**
 * PUSHER_* decide: with no PUSHER_HOST and no PUSHER_CLUSTER the embedded server runs, with
 * the given credentials or generated ones kept in DATA_DIR (so open pages reconnect to the
 * same key after a restart). Hosted Pusher gets the spec's defaults: cluster eu, TLS.
 */
export function realtimeSettings(env: Env): RealtimeSettings {
  const embedded = !env.PUSHER_HOST && !env.PUSHER_CLUSTER;
  const generated =
    embedded && !(env.PUSHER_APP_ID && env.PUSHER_KEY && env.PUSHER_SECRET) ? devCredentials(env.DATA_DIR) : undefined;
  const appId = env.PUSHER_APP_ID ?? generated?.appId;
  const key = env.PUSHER_KEY ?? generated?.key;
  const secret = env.PUSHER_SECRET ?? generated?.secret;
  if (!appId || !key || !secret) {
    throw new Error(
      'PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET are required when PUSHER_HOST or PUSHER_CLUSTER is set.',
    );
  }
  return {
    mode: embedded ? 'embedded' : 'hosted',
    appId,
    key,
    secret,
    host: env.PUSHER_HOST,
    port: env.PUSHER_PORT,
    useTLS: env.PUSHER_USE_TLS ?? !embedded,
    cluster: env.PUSHER_CLUSTER ?? 'eu',
  };
}

function devCredentials(dataDir: string): { appId: string; key: string; secret: string } {
  const file = path.resolve(dataDir, 'realtime-credentials.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    const credentials = {
      appId: 'local',
      key: `local-${randomBytes(8).toString('hex')}`,
      secret: randomBytes(24).toString('base64url'),
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
    return credentials;
  }
}

/** What the browser gets (never the secret). */
export function clientConfig(settings: RealtimeSettings): RealtimeClientConfig {
  return {
    key: settings.key,
    cluster: settings.cluster,
    embedded: settings.mode === 'embedded',
    ...(settings.mode === 'hosted' && settings.host ? { wsHost: settings.host, wsPort: settings.port } : {}),
    forceTLS: settings.useTLS,
    authEndpoint: '/broadcasting/auth',
    userAuthEndpoint: '/broadcasting/user-auth',
    activityTimeout: REALTIME_TIMEOUTS.activityMs,
    pongTimeout: REALTIME_TIMEOUTS.pongMs,
    unavailableTimeout: REALTIME_TIMEOUTS.unavailableMs,
  };
}
