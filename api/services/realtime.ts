import Pusher from 'pusher';
import type { RealtimePayload } from '#contract/realtime';

/**
 * The one broadcasting module every write path uses. Pusher Channels and Soketi are reached
 * through the official `pusher` SDK (its signed HTTP API); the embedded server, when it runs
 * in this process, is handed the events directly: the same checks, without a loopback HTTP
 * request and its signature per event (ADR 013). The SDK still signs channel and user
 * authorisations in both cases. A failed broadcast is logged, never fails the write that
 * caused it: clients refetch after a reconnect anyway.
 */
export type PusherSettings = {
  appId: string;
  key: string;
  secret: string;
  host?: string;
  port?: number;
  useTLS: boolean;
  cluster?: string;
  /** The embedded server binds a connection to the user named in its channel authorisations. */
  mode?: 'embedded' | 'hosted';
};

/** The embedded Pusher-protocol server of this process (server/realtime/embedded-pusher.ts). */
export type InProcessPusher = {
  /** Publishes after the events API's checks; returns why the event was refused, or null. */
  trigger(event: { name: string; data: string; channels: string[] }): string | null;
  endUserConnections(userId: string): number;
};

export type Broadcaster = {
  /** Events carry the id only: a client refetches through the API, which checks what the member may view. */
  broadcast(channel: string | string[], event: string, payload: RealtimePayload): Promise<void>;
  /** Sign a private channel subscription for a socket of this user (the caller checks who may). */
  authorizeChannel(socketId: string, channel: string, userId: string): { auth: string; channel_data?: string };
  /** Sign a socket in as this user (Pusher user authentication), so ending their connections reaches it. */
  authenticateUser(socketId: string, userId: string): { auth: string; user_data: string };
  /**
   * End every realtime connection of the user at once (signed out, token revoked, removed
   * from a business, ...): clients reconnect and must authorise each channel again.
   */
  endUserConnections(userId: string): Promise<void>;
};

export function createBroadcaster(
  settings: () => PusherSettings,
  log: (line: { level: 'warn' | 'error'; msg: string; [key: string]: unknown }) => void = () => {},
  /** Given when the embedded server runs in this process: events go to it, not over HTTP. */
  inProcess?: InProcessPusher,
): Broadcaster {
  let client: Pusher | undefined;
  // Built on first use: the embedded server's port is known only once the server listens.
  const pusher = () => {
    if (!client) {
      const s = settings();
      client = new Pusher({
        appId: s.appId,
        key: s.key,
        secret: s.secret,
        useTLS: s.useTLS,
        ...(s.host ? { host: s.host, port: s.port ? String(s.port) : undefined } : { cluster: s.cluster ?? 'eu' }),
      });
    }
    return client;
  };

  return {
    async broadcast(channel, event, payload) {
      const channels = Array.isArray(channel) ? channel : [channel];
      if (channels.length === 0) return;
      // Only the id, whatever the caller holds: the record may show what a member may not view.
      const data: RealtimePayload = { id: payload.id };
      if (inProcess) {
        const body = JSON.stringify(data);
        for (let i = 0; i < channels.length; i += 100) {
          const refusal = inProcess.trigger({ name: event, data: body, channels: channels.slice(i, i + 100) });
          if (refusal) log({ level: 'warn', msg: 'broadcast failed', event, channels, error: refusal });
        }
        return;
      }
      try {
        for (let i = 0; i < channels.length; i += 100) await pusher().trigger(channels.slice(i, i + 100), event, data);
      } catch (error) {
        log({ level: 'warn', msg: 'broadcast failed', event, channels, error: String(error) });
      }
    },
    authorizeChannel(socketId, channel, userId) {
      // Pusher and Soketi sign private channels without channel_data; the embedded server
      // takes {"user_id"} along, so the connection is the user's even without a signin.
      return settings().mode === 'embedded'
        ? pusher().authorizeChannel(socketId, channel, { user_id: userId })
        : pusher().authorizeChannel(socketId, channel);
    },
    authenticateUser(socketId, userId) {
      return pusher().authenticateUser(socketId, { id: userId });
    },
    async endUserConnections(userId) {
      if (inProcess) {
        inProcess.endUserConnections(userId);
        return;
      }
      try {
        await pusher().terminateUserConnections(userId);
      } catch (error) {
        log({
          level: 'error',
          msg: 'ending the realtime connections of a user failed',
          user_id: userId,
          error: String(error),
        });
      }
    },
  };
}

/** For tests and tools that need no realtime: records what would have been sent. */
export function createRecordingBroadcaster(): Broadcaster & {
  sent: { channels: string[]; event: string; payload: RealtimePayload }[];
  ended: string[];
} {
  const sent: { channels: string[]; event: string; payload: RealtimePayload }[] = [];
  const ended: string[] = [];
  return {
    sent,
    ended,
    async broadcast(channel, event, payload) {
      sent.push({ channels: Array.isArray(channel) ? channel : [channel], event, payload: { id: payload.id } });
    },
    authorizeChannel(socketId, channel) {
      return { auth: `test:${socketId}:${channel}` };
    },
    authenticateUser(socketId, userId) {
      return { auth: `test:${socketId}:${userId}`, user_data: JSON.stringify({ id: userId }) };
    },
    async endUserConnections(userId) {
      ended.push(userId);
    },
  };
}
