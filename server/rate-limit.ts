/**
 * Fixed-window counters per key (client IP + endpoint), kept in memory. Auth endpoints
 * are cheap to hammer and expensive to answer (argon2), so this runs before the work.
 * With several app servers, each keeps its own window: a client gets at most
 * N x limit, still far below what brute force needs.
 */
export type RateLimiter = { hit(key: string): boolean; reset(): void };

export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    hit(key) {
      const time = now();
      if (time - lastSweep > options.windowMs) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
        lastSweep = time;
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= time) {
        windows.set(key, { count: 1, resetAt: time + options.windowMs });
        return true;
      }
      current.count += 1;
      return current.count <= options.limit;
    },
    reset() {
      windows.clear();
    },
  };
}

/** v1 calls that count against the auth limit, by the bucket the web forms share. */
export const API_RATE_LIMITED: Record<string, string> = {
  '/api/v1/users/login': 'login',
  '/api/v1/users/create': 'register',
  '/api/v1/users/forgot-password': 'forgot-password',
  '/api/v1/users/verify-password-code': 'reset-password',
  '/api/v1/users/mobile-submit': 'mobile-submit',
  '/api/v1/users/mobile-verify': 'mobile-verify',
};
