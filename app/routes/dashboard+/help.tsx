import { parseWithZod } from '@conform-to/zod/v4';
import { PageHeader } from '#app/components/ui/page-header';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { supportRequestSchema } from '#contract/schemas/member';
import { v1Calls } from '#contract/v1/index';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { SupportForm } from '#app/components/support-form.deferred';
import { replyRateLimited, replyWithApiErrors } from '#app/lib/forms.server';
import { requireDashboard } from '#app/lib/guard.server';
import { helpFor } from '#app/lib/help-topics';
import { safeRedirect } from '#app/lib/safe-redirect';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Help · Business Assistant' }];

/**
 * Help as a page: the help drawer's content for browsers that open it as a page, and where
 * the support form lands without JavaScript when it needs correcting. Open while the
 * wizard is unfinished too: help is most needed then.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireDashboard(request, context, { routeChecks: false });
  const page = safeRedirect(new URL(request.url).searchParams.get('page'), '/dashboard/home');
  return { page, topic: helpFor(page) };
}

/** helpers/support, then back to the page the request was sent from with the API's message. */
export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context, { routeChecks: false });
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: supportRequestSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const result = await v1(state.caller).helpers.support(submission.value);
  if (!result.ok) return result.status === 429 ? replyRateLimited(submission) : replyWithApiErrors(submission, result);
  const back = safeRedirect(formData.get('redirect_to'), '/dashboard/home');
  return redirectWithToasts(request, back, apiToasts(v1Calls.helpers.support.path, result));
}

export default function HelpRoute() {
  const { page, topic } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Help" />
      <Card aria-labelledby="help-page-topic">
        <h2 id="help-page-topic" className="text-lg font-semibold">
          {topic.title}
        </h2>
        <p className="mt-1 text-slate-700">{topic.text}</p>
      </Card>
      <Card aria-labelledby="help-page-support">
        <h2 id="help-page-support" className="mb-3 text-lg font-semibold">
          Contact support
        </h2>
        <SupportForm id="support-page" page={page} reply={reply ?? null} />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
