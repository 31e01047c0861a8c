import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { onboardingMessages } from '#contract/messages';
import { hasPermission } from '#contract/permissions';
import { MAX_UPLOAD_BYTES } from '#contract/schemas/memory';
import { v1Calls } from '#contract/v1/index';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ErrorList, Field, SubmitButton } from '#app/components/forms';
import { JobProgress, WebsiteForm } from '#app/components/memories/website-learning';
import { OnboardingFrame, OnboardingStepFooter } from '#app/routes/dashboard+/onboard+/__onboarding-frame';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { listLearningJobs, websiteLearningAction, type WebsiteReply } from '#app/lib/learning.server';
import { hasLearnedSomething, requireOnboardingBusiness } from '#app/lib/onboarding.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';

export const meta: MetaFunction = () => [{ title: 'Learn about your business · Business Assistant' }];

const SELF = '/dashboard/onboard/data-loader';
const NEXT = '/dashboard/onboard/training-questions';
type FormKey = 'website' | 'upload' | 'text' | 'job' | 'continue';
type Reply = { form: FormKey; errors: string[]; values?: Record<string, string> };

/**
 * Onboarding step 4: the owner gives the website (crawled in the background by the data
 * loader, the same path as the knowledge base's "Learn from my website"), uploads documents
 * and/or pastes text. The latest crawl's progress is shown, live (components/memories/
 * website-learning). Continue needs something learned; "Skip this step" moves on without.
 * After onboarding the page stays (linked from the knowledge base) without the wizard's frame.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const business = requireOnboardingBusiness(state);
  const [job] = await listLearningJobs(state, 1);
  return {
    job: job ?? null,
    canEdit: hasPermission(business.permissions, 'memories/edit'),
    canViewMemories: hasPermission(business.permissions, 'memories/view'),
    done: Boolean(business.onboarding.data_loaded),
    finished: state.wizardFinished,
  };
}

const fail = (form: FormKey, errors: string[], values?: Record<string, string>) =>
  data<Reply>({ form, errors, values }, { status: 400 });
const text = (formData: FormData, key: string) => {
  const value = formData.get(key);
  return typeof value === 'string' ? value.trim() : '';
};

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const b = requireOnboardingBusiness(state)._id;
  if (Number(request.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024)
    return fail('upload', ['The file is larger than 20 MB.']);
  const formData = await request.formData();
  const intent = formData.get('intent');

  if (intent === 'continue') {
    // Moving on with nothing learned is a choice of its own ("Skip this step"), not an accident.
    if (!(await hasLearnedSomething(state))) return fail('continue', [onboardingMessages.learnFirst]);
    const result = await v1(state.caller, b).businesses.onboard({ step: 'data-loader' });
    return redirectWithToasts(request, result.ok ? NEXT : SELF, apiToasts(v1Calls.businesses.onboard.path, result));
  }
  const website = await websiteLearningAction(request, state, formData, SELF);
  if (website) return website;
  requirePermission(state, 'memories/edit');

  if (intent === 'upload') {
    const file = formData.get('file');
    if (!(file instanceof Blob) || file.size === 0) return fail('upload', ['Choose a file to upload.']);
    const form = new FormData();
    form.set('file', file, (file as File).name || 'upload');
    form.set('status', 'active');
    const result = await v1(state.caller).memories.upload(form);
    if (!result.ok)
      return fail('upload', [...new Set([...result.errors, ...Object.values(result.fieldErrors).flat()])]);
    return redirectWithToasts(request, SELF, apiToasts(v1Calls.memories.upload.path, result));
  }
  if (intent === 'text') {
    const values = { title: text(formData, 'title'), content: text(formData, 'content') };
    const result = await v1(state.caller).memories.create({
      type: 'text',
      status: 'active',
      title: values.title,
      content: values.content,
    });
    if (!result.ok)
      return fail('text', [...new Set([...result.errors, ...Object.values(result.fieldErrors).flat()])], values);
    return redirectWithToasts(request, SELF, apiToasts(v1Calls.memories.create.path, result));
  }
  return fail('job', ['Choose what to do.']);
}

export default function DataLoaderRoute() {
  const { job, canEdit, canViewMemories, done, finished } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | WebsiteReply | undefined;
  const errorsOf = (form: FormKey) => (reply?.form === form ? reply.errors : undefined);
  const values = reply?.values ?? {};
  return (
    <OnboardingFrame
      step="data-loader"
      finished={finished}
      subtitle="Give it your website, your documents or a few lines of text: your assistant answers callers from what it learns here."
    >
      <div className="flex flex-col gap-8">
        {job ? <JobProgress job={job} canEdit={canEdit} errors={errorsOf('job')} /> : null}
        {canEdit ? (
          <>
            <WebsiteForm
              defaultUrl={values.url ?? job?.url ?? ''}
              errors={errorsOf('website')}
              relearn={Boolean(job)}
            />

            <Form
              method="post"
              encType="multipart/form-data"
              className="flex flex-col gap-3"
              aria-labelledby="upload-heading"
            >
              <h2 id="upload-heading" className="font-medium">
                Documents
              </h2>
              <div className="flex flex-col gap-1">
                <label htmlFor="data-loader-file" className="text-sm font-medium text-slate-700">
                  File
                </label>
                <input
                  id="data-loader-file"
                  name="file"
                  type="file"
                  accept=".pdf,.docx,.txt,.md,.html,.htm,image/*"
                  className="text-sm"
                />
                <p className="text-xs text-slate-500">
                  A price list, a brochure, your terms: PDF, Word, text, Markdown, HTML or an image, up to 20 MB.
                </p>
                <ErrorList errors={errorsOf('upload')} />
              </div>
              <div>
                <SubmitButton name="intent" value="upload" variant="secondary" pendingText="Uploading…">
                  Upload
                </SubmitButton>
              </div>
            </Form>

            <Form method="post" className="flex flex-col gap-3" aria-labelledby="text-heading">
              <h2 id="text-heading" className="font-medium">
                Paste text
              </h2>
              <Field
                label="Title (optional)"
                inputProps={{ name: 'title', type: 'text', defaultValue: values.title ?? '' }}
              />
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
          <p className="text-sm text-slate-600">
            You can see what the assistant learns, but adding to it needs permission to edit memories.
          </p>
        )}

        <OnboardingStepFooter
          finished={finished}
          canViewMemories={canViewMemories}
          done={done}
          next={NEXT}
          continueLabel={done ? 'Continue' : 'Continue to training'}
          errors={errorsOf('continue')}
        />
      </div>
    </OnboardingFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
