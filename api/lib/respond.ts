import type { Context } from 'hono';
import type { ApiSuccess } from '#contract/envelope';

/** The success envelope: 200 { data, messages }. */
export function ok<T extends Record<string, unknown>>(c: Context, data: T, messages: string[] = []) {
  return c.json({ data, messages } satisfies ApiSuccess<T>, 200);
}
