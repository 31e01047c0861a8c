import { Form } from '@remix-run/react';
import type { ApiLearningJob } from '#contract/envelope';
import { isLearningActive } from '#app/lib/learning';
import { ErrorList, Field, SubmitButton } from '../forms';

/**
 * Website learning on screen, shared by onboarding step 4 and the knowledge base's "Learn
 * from my website": the address form and the crawl's progress. Progress updates live
 * through the realtime island (each LearningJobUpdated revalidates the page's loader) and,
 * without JavaScript, through a meta refresh every 3 s while the crawl runs.
 */

const STATUS_LABELS: Record<ApiLearningJob['status'], string> = {
  queued: 'Waiting to start…',
  running: 'Reading your website…',
  done: 'Finished',
  failed: 'Stopped by an error',
  cancelled: 'Stopped',
};

export const learningStatusLabel = (job: ApiLearningJob) => STATUS_LABELS[job.status];

/** The address form: "Learn my website", or "Learn this website again" once a site was read. */
export function WebsiteForm({
  defaultUrl,
  errors,
  relearn,
}: {
  defaultUrl: string;
  errors?: string[];
  relearn: boolean;
}) {
  return (
    <Form method="post" className="flex flex-col gap-3" aria-labelledby="website-heading">
      <h2 id="website-heading" className="font-medium">
        Your website
      </h2>
      <Field
        label="Website address"
        hint="We read the pages of this site (not other sites), as its robots.txt allows, up to 50 pages. Pages read before are updated, not added twice."
        errors={errors}
        inputProps={{
          name: 'url',
          type: 'text',
          inputMode: 'url',
          placeholder: 'https://example.com',
          defaultValue: defaultUrl,
          autoComplete: 'url',
        }}
      />
      <div>
        <SubmitButton name="intent" value="website" pendingText="Starting…">
          {relearn ? 'Learn this website again' : 'Learn my website'}
        </SubmitButton>
      </div>
    </Form>
  );
}

export function JobProgress({ job, canEdit, errors }: { job: ApiLearningJob; canEdit: boolean; errors?: string[] }) {
  const active = isLearningActive(job);
  return (
    <section
      aria-labelledby="progress-heading"
      className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4"
      data-testid="learning-progress"
      data-status={job.status}
    >
      {/* Without JavaScript the page refreshes itself while the crawl runs (the realtime island does it with JS). */}
      {active ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="progress-heading" className="font-medium">
          {STATUS_LABELS[job.status]}
        </h2>
        <span className="min-w-0 truncate text-sm text-slate-500">{job.url}</span>
      </div>
      <progress
        className="h-2 w-full"
        aria-label="Pages read"
        // Indeterminate until the crawl starts: nothing is known yet.
        value={job.status === 'queued' ? undefined : job.pages_fetched}
        max={Math.max(job.pages_found, 1)}
      />
      <dl className="grid grid-cols-3 gap-2 text-center text-sm" aria-live="polite">
        <div>
          <dt className="text-slate-500">Found</dt>
          <dd className="text-lg font-semibold" data-testid="pages-found">
            {job.pages_found}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Read</dt>
          <dd className="text-lg font-semibold" data-testid="pages-fetched">
            {job.pages_fetched}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Learned</dt>
          <dd className="text-lg font-semibold" data-testid="pages-learned">
            {job.pages_learned}
          </dd>
        </div>
      </dl>
      {job.errors.length > 0 ? (
        <details open={!active}>
          <summary className="cursor-pointer text-sm font-medium">
            {job.errors.length === 1
              ? '1 page could not be learned'
              : `${job.errors.length} pages could not be learned`}
          </summary>
          <ul className="mt-2 flex flex-col gap-1 text-sm" data-testid="learning-failures">
            {job.errors.map((failure) => (
              <li key={failure.url} className="break-all">
                <span className="text-slate-700">{failure.url}</span> —{' '}
                <span className="text-slate-600">{failure.error}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <ErrorList errors={errors} />
      {active && canEdit ? (
        <Form method="post">
          <input type="hidden" name="job_id" value={job._id} />
          <SubmitButton name="intent" value="cancel" variant="secondary" pendingText="Stopping…">
            Stop
          </SubmitButton>
        </Form>
      ) : null}
      {active ? (
        <p className="text-xs text-slate-500">
          You can leave this page: learning goes on, and picks up where it was if it is interrupted.
        </p>
      ) : null}
    </section>
  );
}
