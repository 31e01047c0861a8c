import { sql } from 'drizzle-orm';
import type express from 'express';
import type { Db } from '../api/db/client';
import type { Env } from '../contract/env';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import { checkReadiness } from './readiness';
import type { RealtimeSettings } from './realtime/settings';

/**
 * What operators and orchestrators ask the server: /healthz (alive: the database answers),
 * /readyz (ready: the database and the realtime server answer) and /metrics (Prometheus).
 */
export function mountHealthRoutes(
  app: express.Express,
  options: { db: Db; realtime: RealtimeSettings; metrics: Metrics; env: Env; log: Logger; version: string },
): void {
  const { db, realtime, metrics, env, log, version } = options;
  app.get('/healthz', async (_req, res) => {
    try {
      await db.execute(sql`select 1`);
      res.json({ status: 'ok', version });
    } catch {
      res.status(503).json({ status: 'unavailable', version });
    }
  });

  app.get('/readyz', async (_req, res) => {
    const readiness = await checkReadiness(db, realtime);
    res
      .status(readiness.ready ? 200 : 503)
      .json({ status: readiness.ready ? 'ready' : 'unavailable', version, checks: readiness.checks });
  });

  // Prometheus format; with METRICS_TOKEN set only a scraper holding it may read them. In
  // production they are never open to anyone: without a token the endpoint does not exist.
  const metricsClosed = env.APP_ENV === 'production' && !env.METRICS_TOKEN;
  if (metricsClosed)
    log({ level: 'warn', msg: 'metrics: /metrics is off (APP_ENV=production needs METRICS_TOKEN to serve it)' });
  app.get('/metrics', async (req, res) => {
    if (metricsClosed) {
      res.status(404).json({ errors: ['There is no such page.'] });
      return;
    }
    if (env.METRICS_TOKEN && req.get('authorization') !== `Bearer ${env.METRICS_TOKEN}`) {
      res.status(401).json({ errors: ['Unauthenticated.'] });
      return;
    }
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  });
}
