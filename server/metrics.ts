import { sql } from 'drizzle-orm';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../api/db/client';

/**
 * Prometheus metrics at /metrics (docs/deploy.md): request latency by route group, the
 * depth of each queue of scheduled work (read from the database at scrape time, so every
 * instance reports the shared truth), realtime connections, and Node's process metrics.
 */
export type Metrics = { registry: Registry; middleware: RequestHandler };

/** A bounded label for a path: ids and tokens never become label values. */
export function routeGroup(path: string): string {
  if (path.startsWith('/api/v1/')) {
    const [first, second] = path.slice('/api/v1/'.length).split('/');
    // businesses/<resource>/<business id>/...: the resource names the call family.
    return `/api/v1/${first ?? ''}${first === 'businesses' && second && !/\d/.test(second) ? `/${second}` : ''}`;
  }
  if (path.startsWith('/assets/')) return '/assets';
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path;
  const [, first, second] = path.split('/');
  if (first === 'dashboard') return `/dashboard${second && !/\d/.test(second) ? `/${second}` : ''}`;
  return first && !/\d/.test(first) && first.length < 40 ? `/${first}` : '/other';
}

export function createMetrics(options: { db: Db; realtimeConnections?: () => number }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route group and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route group and status class',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'scheduled_work_queue_depth',
    help: 'Scheduled work that is due and not yet done, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const result = await options.db.execute(sql`
        select 'reminders' as queue, count(*)::int as depth from timeline_items
          where type = 'note' and reminder <= now() and reminder_notified_at is null and completed_at is null and deleted_at is null
        union all select 'push_deliveries', count(*)::int from push_deliveries where status = 'pending' and (next_attempt_at is null or next_attempt_at <= now())
        union all select 'action_runs', count(*)::int from action_runs where status = 'pending' and due_at <= now()
        union all select 'learning_jobs', count(*)::int from learning_jobs where status in ('queued', 'running')`);
      this.reset();
      for (const row of (result as unknown as { rows: { queue: string; depth: number }[] }).rows)
        this.set({ queue: row.queue }, Number(row.depth));
    },
  });

  new Gauge({
    name: 'realtime_connections',
    help: 'Websocket connections open to the embedded realtime server (0 when a hosted one is used)',
    registers: [registry],
    collect() {
      this.set(options.realtimeConnections?.() ?? 0);
    },
  });

  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      const labels = {
        method: req.method,
        route: routeGroup(req.originalUrl.split('?')[0]),
        status: `${Math.floor(res.statusCode / 100)}xx`,
      };
      end(labels);
      requests.inc(labels);
    });
    next();
  };
  return { registry, middleware };
}
