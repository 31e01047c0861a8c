import { createRoute, z } from '@hono/zod-openapi';
import { learningMessages, permissionRefusal } from '#contract/messages';
import type { Db } from '#api/db/client';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { requireBusinessPermission } from '#api/lib/membership';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { cancelLearningJob, getLearningJob, listLearningJobs, startLearningJob } from '#api/services/learning/jobs';

const tags = ['Data loader'];

const URL_REQUIRED = learningMessages.urlRequired;
export const LEARNING_EDIT_REFUSAL = 'You do not have permission to edit memories';

// What the data loader learns are memories: the memories permissions govern it.
const canView = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'memories/view', permissionRefusal('memories'));
const canEdit = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'memories/edit', LEARNING_EDIT_REFUSAL);

const jobOut = z
  .object({
    _id: z.string(),
    kind: z.literal('website'),
    url: z.string().nullable(),
    status: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
    pages_found: z.number().int(),
    pages_fetched: z.number().int(),
    pages_learned: z.number().int(),
    errors: z
      .array(z.object({ url: z.string(), error: z.string() }))
      .openapi({ description: 'Pages that could not be learned, and why' }),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('LearningJob');
const jobData = z.object({ job: jobOut });
const jobIdParam = businessIdParam.extend({
  job_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'job_id', in: 'path' } }),
});
const startBody = z.object({
  url: z
    .string({ error: URL_REQUIRED })
    .trim()
    .min(1, { error: URL_REQUIRED })
    .max(2000)
    .openapi({ example: 'https://example.com' }),
});
const listBody = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const listData = z.object({
  jobs: z.array(jobOut),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** Onboarding step 4: learn the business's website in the background (services/learning). */
export const learningRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/learning/{business_id}/start',
      tags,
      summary: 'Start learning a website: same-site pages become web_page memories, in the background',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam, body: jsonBody(startBody) },
      responses: envelope(jobData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const job = await startLearningJob(c.var.deps, business_id, c.req.valid('json').url, c.var.auth.user.id);
      return ok(c, { job }, ['Learning your website started.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/learning/{business_id}/list',
      tags,
      summary: 'Learning jobs, newest first',
      security: bearer,
      middleware: [requireAuth] as const,
      request: {
        params: businessIdParam,
        body: { required: false, content: { 'application/json': { schema: listBody } } },
      },
      responses: envelope(listData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await canView(c.var.deps.db, business_id, c.var.auth.user.id);
      const filters = listBody.parse(c.req.valid('json') ?? {});
      return ok(c, await listLearningJobs(c.var.deps.db, business_id, filters));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/learning/{business_id}/get/{job_id}',
      tags,
      summary: 'One learning job and its progress',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: jobIdParam },
      responses: envelope(jobData),
    }),
    async (c) => {
      const { business_id, job_id } = c.req.valid('param');
      await canView(c.var.deps.db, business_id, c.var.auth.user.id);
      return ok(c, { job: await getLearningJob(c.var.deps.db, business_id, job_id) });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/learning/{business_id}/cancel/{job_id}',
      tags,
      summary: 'Stop a queued or running learning job (what was learned stays)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: jobIdParam },
      responses: envelope(jobData),
    }),
    async (c) => {
      const { business_id, job_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const job = await cancelLearningJob(c.var.deps, business_id, job_id);
      return ok(c, { job }, ['Learning stopped.']);
    },
  );
