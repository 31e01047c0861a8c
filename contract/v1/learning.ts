import { z } from 'zod';
import { learningMessages } from '../messages';
import { businessParams, defineCall, idParams } from './define';

/**
 * The data loader: learn the business's website in the background (onboarding step 4 and
 * "Learn from my website"). What it learns are memories, so the memories permissions govern it.
 */
const tags = ['Data loader'];
const jobParams = idParams('job_id');
const URL_REQUIRED = learningMessages.urlRequired;

export const learningJobOut = z
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
      .meta({ description: 'Pages that could not be learned, and why' }),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'LearningJob' });
const jobData = z.object({ job: learningJobOut });

export const learningStartBody = z.object({
  url: z
    .string({ error: URL_REQUIRED })
    .trim()
    .min(1, { error: URL_REQUIRED })
    .max(2000)
    .meta({ example: 'https://example.com' }),
});
export const learningListBody = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const learning = {
  start: defineCall({
    path: 'businesses/learning/{business_id}/start',
    params: businessParams,
    body: learningStartBody,
    response: jobData,
    permission: 'memories/edit',
    summary: 'Start learning a website: same-site pages become web_page memories, in the background',
    tags,
  }),
  list: defineCall({
    path: 'businesses/learning/{business_id}/list',
    params: businessParams,
    body: learningListBody,
    bodyRequired: false,
    response: z.object({
      jobs: z.array(learningJobOut),
      total: z.number().int(),
      page: z.number().int(),
      limit: z.number().int(),
    }),
    permission: 'memories/view',
    summary: 'Learning jobs, newest first',
    tags,
  }),
  get: defineCall({
    path: 'businesses/learning/{business_id}/get/{job_id}',
    params: jobParams,
    response: jobData,
    permission: 'memories/view',
    summary: 'One learning job and its progress',
    tags,
  }),
  cancel: defineCall({
    path: 'businesses/learning/{business_id}/cancel/{job_id}',
    params: jobParams,
    response: jobData,
    permission: 'memories/edit',
    summary: 'Stop a queued or running learning job (what was learned stays)',
    tags,
  }),
};
