import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import type { StreamAnswer, V1Call } from '#contract/v1/define';
import { requireAuth } from './auth';
import { createRouter, type ApiEnv, type Router } from './context';
import { fromZodError } from './errors';
import { requireMember } from './membership';
import { bearer, envelope } from './openapi';
import { ok, parsedData, type AnswerData } from './respond';
import type { JsonRows } from './sql-json';

/**
 * The API side of a declared v1 call (contract/v1): its route, bearer auth, the permission
 * check the declaration names (before the body is read, so a caller without it learns
 * nothing from validation), and in tests and development a check of the answer against the
 * declared response. Production skips that check: it would parse every answer twice.
 */
export type CallInput<C extends V1Call> = {
  params: z.output<C['params']>;
  body: C['body'] extends z.ZodType ? z.output<C['body']> : undefined;
};
/** The envelope's data (and messages), or for a streamed call (stream) the Response itself. */
export type CallReply<C extends V1Call> = C['stream'] extends StreamAnswer
  ? Response
  : { data: MaybeJsonRows<z.input<C['response']>>; messages?: string[] };
/** A top-level value of an answer's data may be the database's JSON text of it (api/lib/respond.ts). */
type MaybeJsonRows<D> =
  D extends Record<string, unknown>
    ? { [K in keyof D]: D[K] | (D[K] extends readonly (infer R)[] ? JsonRows<R> : never) }
    : D;
export type CallHandler<C extends V1Call> = (c: Context<ApiEnv>, input: CallInput<C>) => Promise<CallReply<C>>;

const checkAnswers = process.env.NODE_ENV !== 'production';

function permitted(call: V1Call) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const businessId = c.req.param('business_id');
    const { permission } = call;
    if (businessId !== undefined && permission !== 'signed-in' && permission !== 'public') {
      // The bearer check read the membership with the token (every call: no cache across calls).
      requireMember(c.var.membership ?? null, permission === 'member' ? undefined : permission, call.refusal);
    }
    await next();
  });
}

const DESCRIPTION: Partial<Record<V1Call['permission'], string>> = {
  member: 'Any member of the business',
  'signed-in': 'Any signed-in user',
  public: 'No sign-in needed',
};

const MEDIA_TYPE = { json: 'application/json', multipart: 'multipart/form-data' } as const;

/** A streamed call's 200 by media type; its refusals, before the stream starts, are the envelope's. */
function streamed(stream: StreamAnswer, response: z.ZodType) {
  const content = Object.fromEntries(Object.entries(stream.content).map(([type, schema]) => [type, { schema }]));
  return { ...envelope(response), 200: { description: stream.description, content } };
}

export function routeFor(call: V1Call, middleware: MiddlewareHandler<ApiEnv>[] = []) {
  const body = call.body
    ? { required: call.bodyRequired, content: { [MEDIA_TYPE[call.bodyKind]]: { schema: call.body } } }
    : undefined;
  return createRoute({
    method: 'post',
    path: `/${call.path}`,
    tags: call.tags,
    summary: call.summary,
    description: DESCRIPTION[call.permission] ?? `Needs ${call.permission}`,
    ...(call.permission === 'public'
      ? { middleware }
      : { security: bearer, middleware: [requireAuth, permitted(call), ...middleware] }),
    request: { params: call.params, ...(call.headers ? { headers: call.headers } : {}), ...(body ? { body } : {}) },
    responses: call.stream ? streamed(call.stream, call.response) : envelope(call.response),
  } as RouteConfig);
}

/**
 * Serves one declared call on the router. `middleware` runs after the permission check and
 * before the body is read (e.g. an upload's size limit).
 */
export function serve<C extends V1Call>(
  router: Router,
  call: C,
  handler: CallHandler<C>,
  middleware: MiddlewareHandler<ApiEnv>[] = [],
): Router {
  return router.openapi(routeFor(call, middleware), async (c: Context<ApiEnv>) => {
    const valid = c.req.valid.bind(c.req) as (target: 'param' | 'json' | 'form') => unknown;
    const params = valid('param') as CallInput<C>['params'];
    // Without a body the validator hands over {} unparsed: parse it so the defaults apply.
    let body = call.body ? valid(call.bodyKind === 'multipart' ? 'form' : 'json') : undefined;
    if (call.body && !call.bodyRequired) {
      const parsed = call.body.safeParse(body ?? {});
      if (!parsed.success) throw fromZodError(parsed.error);
      body = parsed.data;
    }
    const reply = await handler(c, { params, body: body as CallInput<C>['body'] });
    if (reply instanceof Response) return reply;
    if (checkAnswers) {
      const checked = call.response.safeParse(parsedData(reply.data as AnswerData));
      if (!checked.success)
        throw new Error(`${call.path}: the answer does not match its declared response: ${checked.error.message}`);
    }
    return ok(c, reply.data as Record<string, unknown>, reply.messages);
  });
}

/**
 * A router serving every call of a feature's table: a call without a handler does not compile.
 * `middleware` adds, per call, what runs between the permission check and the body (see serve).
 */
export function serveCalls<T extends Record<string, V1Call>>(
  calls: T,
  handlers: { [K in keyof T]: CallHandler<T[K]> },
  middleware: { [K in keyof T]?: MiddlewareHandler<ApiEnv>[] } = {},
): Router {
  const router = createRouter();
  for (const name of Object.keys(calls) as (keyof T)[]) serve(router, calls[name], handlers[name], middleware[name]);
  return router;
}
