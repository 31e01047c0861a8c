import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type { ApiLearningJob, ApiMemory } from '#contract/envelope';
import { hasPermission } from '#contract/permissions';
import { MAX_UPLOAD_BYTES } from '#contract/schemas/memory';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { ErrorList, Field, SubmitButton } from '../components/forms';
import { OnboardingFrame } from '../components/onboarding-frame';
import { apiCall } from '../lib/api.server';
import { requireDashboard, requirePermission, type DashboardState } from '../lib/guard.server';
import { uploadMemoryFile } from '../lib/memories.server';
import { apiToasts, redirectWithToasts } from '../lib/toast.server';

export const meta: MetaFunction = () => [{ title: 'Learn about your business · Business Assistant' }];

const SELF = '/dashboard/onboard/data-loader';
const NEXT = '/dashboard/onboard/training-questions';
type FormKey = 'website' | 'upload' | 'text' | 'job';
type Reply = { form: FormKey; errors: string[]; values?: Record<string, string> };

const businessId = (state: DashboardState) => {
  if (!state.business) throw data({ message: 'Create your business first.' }, { status: 404 });
  return state.business._id;
};

/**
 * Onboarding step 4: the owner gives the website (crawled in the background by the data
 * loader), uploads documents and/or pastes text. The latest crawl's progress is shown; it
 * updates live through the realtime island (each LearningJobUpdated revalidates this
 * loader) and, without JavaScript, through a meta refresh every 3 s while it runs.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const b = businessId(state);
  const permissions = state.business?.permissions;
  let job: ApiLearningJob | null = null;
  if (hasPermission(permissions, 'memories/view')) {
    const result = await apiCall<{ jobs: ApiLearningJob[] }>(state.caller, `businesses/learning/${b}/list`, { limit: 1 });
    if (result.ok) job = result.data.jobs[0] ?? null;
  }
  return { job, canEdit: hasPermission(permissions, 'memories/edit'), done: Boolean(state.business?.onboarding.data_loaded) };
}

const fail = (form: FormKey, errors: string[], values?: Record<string, string>) => data<Reply>({ form, errors, values }, { status: 400 });
const text = (formData: FormData, key: string) => {
  const value = formData.get(key);
  return typeof value === 'string' ? value.trim() : '';
};

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const b = businessId(state);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024) return fail('upload', ['The file is larger than 20 MB.']);
  const formData = await request.formData();
  const intent = formData.get('intent');

  if (intent === 'continue') {
    const path = `businesses/onboard/${b}`;
    const result = await apiCall(state.caller, path, { step: 'data-loader' });
    return redirectWithToasts(request, result.ok ? NEXT : SELF, apiToasts(path, result));
  }
  requirePermission(state, 'memories/edit');

  if (intent === 'website') {
    const url = text(formData, 'url');
    if (!url) return fail('website', ['Enter your website address.'], { url });
    const path = `businesses/learning/${b}/start`;
    const result = await apiCall(state.caller, path, { url });
    if (!result.ok) return fail('website', [...new Set([...result.errors, ...Object.values(result.fieldErrors).flat()])], { url });
    return redirectWithToasts(request, SELF, apiToasts(path, result));
  }
  if (intent === 'cancel') {
    const path = `businesses/learning/${b}/cancel/${encodeURIComponent(text(formData, 'job_id'))}`;
    const result = await apiCall(state.caller, path);
    return redirectWithToasts(request, SELF, apiToasts(path, result));
  }
  if (intent === 'upload') {
    const file = formData.get('file');
    if (!(file instanceof Blob) || file.size === 0) return fail('upload', ['Choose a file to upload.']);
    const form = new FormData();
    form.set('file', file, (file as File).name || 'upload');
    form.set('status', 'active');
    const path = `businesses/memories/${b}/upload`;
    const result = await uploadMemoryFile(state.caller, path, form);
    if (!result.ok) return fail('upload', [...new Set([...result.errors, ...Object.values(result.fieldErrors).flat()])]);
    return redirectWithToasts(request, SELF, apiToasts(path, result));
  }
  if (intent === 'text') {
    const values = { title: text(formData, 'title'), content: text(formData, 'content') };
    const path = `businesses/memories/${b}/create`;
    const result = await apiCall<{ memory: ApiMemory }>(state.caller, path, { type: 'text', status: 'active', title: values.title, content: values.content });
    if (!result.ok) return fail('text', [...new Set([...result.errors, ...Object.values(result.fieldErrors).flat()])], values);
    return redirectWithToasts(request, SELF, apiToasts(path, result));
  }
  return fail('job', ['Choose what to do.']);
}

const STATUS_LABELS: Record<ApiLearningJob['status'], string> = {
  queued: 'Waiting to start…',
  running: 'Reading your website…',
  done: 'Finished',
  failed: 'Stopped by an error',
  cancelled: 'Stopped',
};

export default function DataLoaderRoute() {
  const { job, canEdit, done } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errorsOf = (form: FormKey) => (reply?.form === form ? reply.errors : undefined);
  const values = reply?.values ?? {};
  return (
    <OnboardingFrame step="data-loader" subtitle="Give it your website, your documents or a few lines of text: your assistant answers callers from what it learns here.">
      <div className="flex flex-col gap-8">
        {job ? <JobProgress job={job} canEdit={canEdit} errors={errorsOf('job')} /> : null}
        {canEdit ? (
          <>
            <Form method="post" className="flex flex-col gap-3" aria-labelledby="website-heading">
              <h2 id="website-heading" className="font-medium">Your website</h2>
              <Field
                label="Website address"
                hint="We read the pages of this site (not other sites), as its robots.txt allows, up to 50 pages."
                errors={errorsOf('website')}
                inputProps={{ name: 'url', type: 'text', inputMode: 'url', placeholder: 'https://example.com', defaultValue: values.url ?? job?.url ?? '', autoComplete: 'url' }}
              />
              <div>
                <SubmitButton name="intent" value="website" pendingText="Starting…">
                  {job ? 'Learn this website again' : 'Learn my website'}
                </SubmitButton>
              </div>
            </Form>

            <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" aria-labelledby="upload-heading">
              <h2 id="upload-heading" className="font-medium">Documents</h2>
              <div className="flex flex-col gap-1">
                <label htmlFor="data-loader-file" className="text-sm font-medium text-slate-700">
                  File
                </label>
                <input id="data-loader-file" name="file" type="file" accept=".pdf,.docx,.txt,.md,.html,.htm,image/*" className="text-sm" />
                <p className="text-xs text-slate-500">A price list, a brochure, your terms: PDF, Word, text, Markdown, HTML or an image, up to 20 MB.</p>
                <ErrorList errors={errorsOf('upload')} />
              </div>
              <div>
                <SubmitButton name="intent" value="upload" variant="secondary" pendingText="Uploading…">
                  Upload
                </SubmitButton>
              </div>
            </Form>

            <Form method="post" className="flex flex-col gap-3" aria-labelledby="text-heading">
              <h2 id="text-heading" className="font-medium">Paste text</h2>
              <Field label="Title (optional)" inputProps={{ name: 'title', type: 'text', defaultValue: values.title ?? '' }} />
              <div className="flex flex-col gap-1">
                <label htmlFor="data-loader-text" className="text-sm font-medium text-slate-700">
                  Text
                </label>
                <textarea
                  id="data-loader-text"
                  name="content"
                  rows={5}
                  defaultValue={values.content ?? ''}
                  placeholder="Opening hours, prices, the area you cover…"
                  className="block w-full rounded-lg border border-slate-300 px-3 py-2 shadow-sm"
                />
                <ErrorList errors={errorsOf('text')} />
              </div>
              <div>
                <SubmitButton name="intent" value="text" variant="secondary" pendingText="Saving…">
                  Save text
                </SubmitButton>
              </div>
            </Form>
          </>
        ) : (
          <p className="text-sm text-slate-600">You can see what the assistant learns, but adding to it needs permission to edit memories.</p>
        )}

        <Form method="post" className="flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <Link to="/dashboard/memories" className="text-sm text-brand-600 underline">
            Open the knowledge base
          </Link>
          <SubmitButton name="intent" value="continue" pendingText="Saving…">
            {done ? 'Continue' : 'Continue to training'}
          </SubmitButton>
        </Form>
      </div>
    </OnboardingFrame>
  );
}

function JobProgress({ job, canEdit, errors }: { job: ApiLearningJob; canEdit: boolean; errors?: string[] }) {
  const active = job.status === 'queued' || job.status === 'running';
  return (
    <section aria-labelledby="progress-heading" className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4" data-testid="learning-progress" data-status={job.status}>
      {/* Without JavaScript the page refreshes itself while the crawl runs (the realtime island does it with JS). */}
      {active ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="progress-heading" className="font-medium">
          {STATUS_LABELS[job.status]}
        </h2>
        <span className="truncate text-sm text-slate-500">{job.url}</span>
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
          <dd className="text-lg font-semibold" data-testid="pages-found">{job.pages_found}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Read</dt>
          <dd className="text-lg font-semibold" data-testid="pages-fetched">{job.pages_fetched}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Learned</dt>
          <dd className="text-lg font-semibold" data-testid="pages-learned">{job.pages_learned}</dd>
        </div>
      </dl>
      {job.errors.length > 0 ? (
        <details open={!active}>
          <summary className="cursor-pointer text-sm font-medium">
            {job.errors.length === 1 ? '1 page could not be learned' : `${job.errors.length} pages could not be learned`}
          </summary>
          <ul className="mt-2 flex flex-col gap-1 text-sm" data-testid="learning-failures">
            {job.errors.map((failure) => (
              <li key={failure.url} className="break-all">
                <span className="text-slate-700">{failure.url}</span> — <span className="text-slate-600">{failure.error}</span>
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
      {active ? <p className="text-xs text-slate-500">You can leave this page: learning goes on, and picks up where it was if it is interrupted.</p> : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
