import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { createCall, createForm, createSms } from '#api/services/timeline';

const body = z.object({
  type: z.enum(['call', 'sms', 'form']),
  direction: z.enum(['inbound', 'outbound']).default('inbound'),
  status: z.string().max(50).nullish(),
  from: z.string().max(50).nullish(),
  to: z.string().max(50).nullish(),
  body: z.string().max(5000).nullish(),
  customer_id: z.string().max(100).nullish(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Outside production only: create a call, SMS or form as the telephony and lead-catcher
 * systems will (same service functions), so a developer or an e2e test can see those pages
 * before a real number is connected. Members of the business only.
 */
export const devSystemItemsRouter = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/dev/system-items/{business_id}/create',
    tags: ['Development'],
    summary: 'Create a call, SMS or form like the systems do (not in production)',
    security: bearer,
    middleware: [requireAuth] as const,
    request: { params: businessIdParam, body: jsonBody(body) },
    responses: envelope(z.object({ item: z.record(z.string(), z.unknown()) })),
  }),
  async (c) => {
    const deps = c.var.deps;
    if (deps.env.APP_ENV === 'production') throw notFound('The page');
    const { business_id } = c.req.valid('param');
    await loadMembership(deps.db, business_id, c.var.auth.user.id);
    const input = c.req.valid('json');
    const common = {
      businessId: business_id,
      status: input.status ?? null,
      from: input.from ?? null,
      to: input.to ?? null,
      body: input.body ?? null,
      ...(input.customer_id !== undefined ? { customerId: input.customer_id } : {}),
      details: input.details ?? {},
    };
    const item =
      input.type === 'call'
        ? await createCall(deps, { ...common, direction: input.direction })
        : input.type === 'sms'
          ? await createSms(deps, { ...common, direction: input.direction, body: input.body ?? '' })
          : await createForm(deps, common);
    return ok(c, { item });
  },
);
