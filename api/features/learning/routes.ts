import { learning } from '#contract/v1/learning';
import { serveCalls } from '#api/lib/v1-call';
import { cancelLearningJob, getLearningJob, listLearningJobs, startLearningJob } from '#api/features/learning/jobs';

/** Onboarding step 4's website learning (services/learning), declared in contract/v1/learning.ts. */
export const learningRouter = serveCalls(learning, {
  start: async (c, { params, body }) => ({
    data: { job: await startLearningJob(c.var.deps, params.business_id, body.url, c.var.auth.user.id) },
    messages: ['Learning your website started.'],
  }),
  list: async (c, { params, body }) => ({ data: await listLearningJobs(c.var.deps.db, params.business_id, body) }),
  get: async (c, { params }) => ({
    data: { job: await getLearningJob(c.var.deps.db, params.business_id, params.job_id) },
  }),
  cancel: async (c, { params }) => ({
    data: { job: await cancelLearningJob(c.var.deps, params.business_id, params.job_id) },
    messages: ['Learning stopped.'],
  }),
});
