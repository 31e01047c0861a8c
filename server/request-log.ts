import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { redactPath } from '../api/lib/log-safe';
import type { Logger } from './logger';

/**
 * Every request gets an id (X-Request-Id, taken from the request or generated) and one JSON
 * log line when it finishes.
 */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = (req.get('x-request-id') || randomUUID()).slice(0, 100);
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    res.on('finish', () => {
      log({
        level: res.statusCode >= 500 ? 'error' : 'info',
        msg: 'request',
        request_id: requestId,
        method: req.method,
        // Without the query, and without the token of an invitation link (api/lib/log-safe.ts).
        path: redactPath(req.originalUrl),
        status: res.statusCode,
        duration_ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        ip: req.ip,
      });
    });
    next();
  };
}
