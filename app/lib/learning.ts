import type { ApiLearningJob } from '#contract/envelope';

/**
 * A website crawl still queued or running. Apart from app/lib/memories.ts (which re-exports
 * it) so that the onboarding's learning step does not load the memory labels and helpers.
 */
export const isLearningActive = (job: ApiLearningJob) => job.status === 'queued' || job.status === 'running';
