import { sql } from 'drizzle-orm';
import type { Db } from '../api/db/client';
import type { RealtimeSettings } from './realtime/settings';

/**
 * /readyz (docs/deploy.md): may a load balancer send this instance traffic? Yes when the
 * database answers and the realtime server is reachable: the embedded one is this process
 * (ready once it listens); a hosted Pusher or Soketi must answer HTTP within the timeout.
 * /healthz stays the cheap liveness check.
 */
export type Readiness = { ready: boolean; checks: { database: string; realtime: string } };

const TIMEOUT_MS = 2000;

/** The hosted realtime server's HTTP address: Soketi at PUSHER_HOST:PORT, or the Pusher cluster's API host. */
export function realtimeProbeUrl(settings: RealtimeSettings): string | null {
  if (settings.mode === 'embedded') return null;
  const scheme = settings.useTLS ? 'https' : 'http';
  if (settings.host) return `${scheme}://${settings.host}${settings.port ? `:${settings.port}` : ''}/`;
  return `https://api-${settings.cluster}.pusher.com/`;
}

async function probe(url: string): Promise<string> {
  try {
    // Any HTTP answer (even 404) means the server is up; only no answer is a failure.
    await fetch(url, { method: 'GET', signal: AbortSignal.timeout(TIMEOUT_MS) });
    return 'ok';
  } catch (error) {
    return `unreachable (${error instanceof Error ? error.message : String(error)})`;
  }
}

export async function checkReadiness(db: Db, realtime: RealtimeSettings): Promise<Readiness> {
  const url = realtimeProbeUrl(realtime);
  const [database, realtimeCheck] = await Promise.all([
    db.execute(sql`select 1`).then(
      () => 'ok',
      (error: unknown) => `unavailable (${error instanceof Error ? error.message : String(error)})`,
    ),
    url ? probe(url) : Promise.resolve('ok'),
  ]);
  return { ready: database === 'ok' && realtimeCheck === 'ok', checks: { database, realtime: realtimeCheck } };
}
