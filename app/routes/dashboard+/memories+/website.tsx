import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type { ApiLearningJob } from '#contract/envelope';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { SubmitButton } from '#app/components/forms';
import { JobProgress, WebsiteForm, learningStatusLabel } from '#app/components/memories/website-learning';
import { isLearningActive } from '#app/lib/memories';
import { requireDashboard } from '#app/lib/guard.server';
import { listLearningJobs, websiteLearningAction, type WebsiteReply } from '#app/lib/learning.server';
import { canEditMemories } from '#app/lib/memories.server';
import { businessTimeZone } from '#app/lib/timeline.server';
import { formatDateTime } from '#app/lib/timezone';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Learn from my website · Business Assistant' }];

const SELF = '/dashboard/memories/website';
/** How many past crawls are read to list the sites learned (each site once, newest first). */
const JOBS_READ = 50;

/**
 * The knowledge base's "Learn from my website": the same crawl as onboarding step 4 (v1
 * businesses/learning/..., its outbound-address guard and limits), at any time after
 * onboarding. The latest crawl's progress is live (realtime island; a meta refresh without
 * JavaScript), and every site learned before can be read again, which updates its pages.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const jobs = await listLearningJobs(state, JOBS_READ);
  const sites = new Map<string, ApiLearningJob>();
  for (const job of jobs) if (job.url && !sites.has(job.url)) sites.set(job.url, job);
  return {
    latest: jobs[0] ?? null,
    sites: [...sites.values()],
    canEdit: canEditMemories(state),
    timeZone: businessTimeZone(state),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const formData = await request.formData();
  const reply = await websiteLearningAction(request, state, formData, SELF);
  return reply ?? data<WebsiteReply>({ form: 'job', errors: ['Choose what to do.'] }, { status: 400 });
}

export default function LearnFromWebsiteRoute() {
  const { latest, sites, canEdit, timeZone } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as WebsiteReply | undefined;
  const errorsOf = (form: WebsiteReply['form']) => (reply?.form === form ? reply.errors : undefined);
  const busy = latest ? isLearningActive(latest) : false;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div>
        <Link to="/dashboard/memories" className="text-sm text-brand-600 underline">
          Knowledge base
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">Learn from my website</h1>
        <p className="text-sm text-slate-600">
          The assistant reads your website into the knowledge base, one memory per page. Read it again after you change
          the site.
        </p>
      </div>

      {latest ? <JobProgress job={latest} canEdit={canEdit} errors={errorsOf('job')} /> : null}

      {canEdit ? (
        <Card>
          <WebsiteForm
            defaultUrl={reply?.values?.url ?? latest?.url ?? ''}
            errors={errorsOf('website')}
            relearn={Boolean(latest)}
          />
        </Card>
      ) : (
        <p className="text-sm text-slate-600">
          You can see what the assistant learns, but adding to it needs permission to edit memories.
        </p>
      )}

      {sites.length > 0 ? (
        <section aria-labelledby="sites-heading" className="flex flex-col gap-3">
          <h2 id="sites-heading" className="font-medium">
            Websites learned
          </h2>
          <Card as="ul" padding="none" className="flex flex-col divide-y divide-slate-200" data-testid="learned-sites">
            {sites.map((job) => (
              <li
                key={job._id}
                className="flex flex-wrap items-center justify-between gap-3 p-4"
                data-testid="learned-site"
                data-url={job.url}
              >
                <div className="min-w-0">
                  <p className="break-all font-medium">{job.url}</p>
                  <p className="text-sm text-slate-600">
                    {learningStatusLabel(job)}
                    {job.finished_at ? ` · ${formatDateTime(job.finished_at, timeZone)}` : ''}
                    {` · ${job.pages_learned === 1 ? '1 page learned' : `${job.pages_learned} pages learned`}`}
                  </p>
                </div>
                {canEdit && !busy ? (
                  <Form method="post">
                    <input type="hidden" name="url" value={job.url ?? ''} />
                    <SubmitButton name="intent" value="website" variant="secondary" pendingText="Starting…">
                      Learn again
                    </SubmitButton>
                  </Form>
                ) : null}
              </li>
            ))}
          </Card>
          {canEdit && busy ? (
            <p className="text-xs text-slate-500">
              A site can be read again once the current reading has finished or been stopped.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
