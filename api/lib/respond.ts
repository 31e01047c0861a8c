import type { Context } from 'hono';
import type { ApiSuccess } from '#contract/envelope';
import { handOver } from '#contract/in-process-answer.server';

/**
 * The success envelope: 200 { data, messages }. To the web app's own in-process call, the
 * envelope object itself with an empty body (contract/in-process-answer.server.ts).
 */
export function ok<T extends Record<string, unknown>>(c: Context, data: T, messages: string[] = []) {
  const envelope = { data, messages } satisfies ApiSuccess<T>;
  if (handOver(c.req.raw, envelope)) return c.body(null, 200);
  return c.json(envelope, 200);
}
