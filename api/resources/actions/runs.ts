import { createRoute, z } from '@hono/zod-openapi';
import { ACTION_KINDS } from '#contract/schemas/action';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { findAction } from '#api/services/actions';
import { previewActionText } from '#api/services/actions/preview';
import { listRuns } from '#api/services/actions/store';
import { optionalJsonBody, parseWith } from '../timeline/schemas';
import { canViewActions as canView } from './access';
import { actionIdParam } from './schemas';

/**
 * The engine's side of the actions calls: an action's run history, and the
 * editor's preview of a template for a sample customer. Both only read: actions/view.
 */
const tags = ['Actions'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const base = '/businesses/actions/{business_id}';

const runsBody = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const runOut = z
  .object({
    _id: z.string(),
    action_id: z.string(),
    customer: z.object({ _id: z.string(), name: z.string() }).nullable(),
    subject_type: z.string().openapi({ description: 'call, form, order, task or customer' }),
    subject_id: z.string(),
    occurrence: z.number(),
    triggered_at: z.string(),
    due_at: z.string(),
    status: z.string().openapi({ description: 'pending, running, done, skipped, failed or stopped' }),
    outcome: z.string().nullable().openapi({ description: 'What was sent or done and to whom, or why not' }),
    details: z.record(z.string(), z.unknown()),
    item_id: z.string().nullable().openapi({ description: 'The timeline item the run made (SMS, note, task)' }),
    finished_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('ActionRun');

const previewBody = z.object({
  template: z.string().max(1600, { error: 'Template must be less than 1600 characters.' }).nullish(),
  kind: z.enum(ACTION_KINDS, { error: `What the action does must be one of ${ACTION_KINDS.join(', ')}.` }).optional(),
  customer_id: z.string().max(100).nullish(),
  action_id: z.string().max(100).nullish().openapi({
    description: 'With an empty template: preview what this action sends (a ready-made action: its system template)',
  }),
});

export const actionRunsRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/runs/{action_id}`,
      summary:
        "An action's run history, newest first, paged (page from 0, limit): when, for whom, what was sent or done, the outcome",
      request: { params: actionIdParam, body: optionalJsonBody(runsBody) },
      responses: envelope(z.object({ runs: z.array(runOut), total: z.number(), page: z.number(), limit: z.number() })),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id, action_id } = c.req.valid('param');
      await canView(db, business_id, c.var.auth.user.id);
      // A deleted action keeps its history (it can be restored).
      const action =
        (await findAction(db, business_id, action_id)) ??
        (await findAction(db, business_id, action_id, { deleted: true }));
      if (!action) throw notFound('The action');
      const page = parseWith(runsBody, c.req.valid('json'));
      return ok(c, { ...(await listRuns(db, business_id, action.id, page)), page: page.page, limit: page.limit });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/preview`,
      summary:
        'Preview a template for a sample customer (the one given, else the most recent contact, else "Alex Sample")',
      request: { params: businessIdParam, body: jsonBody(previewBody) },
      responses: envelope(
        z.object({
          preview: z.object({ text: z.string(), customer: z.object({ _id: z.string(), name: z.string() }).nullable() }),
        }),
      ),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      await canView(db, business_id, c.var.auth.user.id);
      return ok(c, { preview: await previewActionText(db, business_id, c.req.valid('json')) });
    },
  );
