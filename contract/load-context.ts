import type { RealtimeClientConfig } from './realtime';

/**
 * What server.ts hands the Remix app in its load context. `apiFetch` is the embedded v1
 * app's fetch (in process, no socket): this is how app/ reaches api/ without importing it.
 */
export type AppContext = {
  apiFetch: (request: Request) => Promise<Response>;
  cspNonce: string;
  clientIp: string;
  requestId: string;
  /** Counts one auth attempt for this client; false once the per-minute limit is spent (shared store: async). */
  rateLimit: (bucket: RateLimitBucket) => Promise<boolean>;
  /** How the browser's realtime island connects (public values only). */
  realtime: RealtimeClientConfig;
};

export type RateLimitBucket =
  | 'login'
  | 'register'
  | 'forgot-password'
  | 'reset-password'
  | 'mobile-submit'
  | 'mobile-verify'
  | 'business-lookup'
  | 'email-change-verify';
