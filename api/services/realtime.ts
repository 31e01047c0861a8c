import Pusher from 'pusher';
import { MAX_EVENT_BYTES, type RealtimePayload } from '#contract/realtime';

/**
 * The one broadcasting module every write path uses. It always goes through the official
 * `pusher` SDK, so the embedded server, Pusher Channels and Soketi are reached the same way.
 * A failed broadcast is logged, never fails the write that caused it: clients refetch
 * after a reconnect anyway.
 */
export type PusherSettings = {
  appId: string;
  key: string;
  secret: string;
  host?: string;
  port?: number;
  useTLS: boolean;
  cluster?: string;
};

export type Broadcaster = {
  broadcast(channel: string | string[], event: string, payload: RealtimePayload): Promise<void>;
  /** Sign a private channel subscription for a socket (the caller checks who may). */
  authorizeChannel(socketId: string, channel: string): { auth: string };
};

export function createBroadcaster(
  settings: () => PusherSettings,
  log: (line: { level: 'warn' | 'error'; msg: string; [key: string]: unknown }) => void = () => {},
): Broadcaster {
  let client: Pusher | undefined;
  // Built on first use: the embedded server's port is known only once the server listens.
  const pusher = () => {
    if (!client) {
      const s = settings();
      client = new Pusher({ appId: s.appId, key: s.key, secret: s.secret, useTLS: s.useTLS, ...(s.host ? { host: s.host, port: s.port ? String(s.port) : undefined } : { cluster: s.cluster ?? 'eu' }) });
    }
    return client;
  };

  return {
    async broadcast(channel, event, payload) {
      const channels = Array.isArray(channel) ? channel : [channel];
      if (channels.length === 0) return;
      // Leave the record out when it would push the event past the limit: clients refetch.
      const data = Buffer.byteLength(JSON.stringify(payload)) > MAX_EVENT_BYTES - 512 ? { id: payload.id } : payload;
      try {
        for (let i = 0; i < channels.length; i += 100) await pusher().trigger(channels.slice(i, i + 100), event, data);
      } catch (error) {
        log({ level: 'warn', msg: 'broadcast failed', event, channels, error: String(error) });
      }
    },
    authorizeChannel(socketId, channel) {
      return pusher().authorizeChannel(socketId, channel);
    },
  };
}

/** For tests and tools that need no realtime: records what would have been sent. */
export function createRecordingBroadcaster(): Broadcaster & { sent: { channels: string[]; event: string; payload: RealtimePayload }[] } {
  const sent: { channels: string[]; event: string; payload: RealtimePayload }[] = [];
  return {
    sent,
    async broadcast(channel, event, payload) {
      sent.push({ channels: Array.isArray(channel) ? channel : [channel], event, payload });
    },
    authorizeChannel(socketId, channel) {
      return { auth: `test:${socketId}:${channel}` };
    },
  };
}
