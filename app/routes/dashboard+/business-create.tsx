import { parseWithZod } from '@conform-to/zod/v4';
import { PageHeader } from '#app/components/ui/page-header';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { v1Calls } from '#contract/v1/index';
import { businessSchema } from '#contract/schemas/business';
import { BusinessDetailsForm } from '#app/components/business-form.deferred';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { CancelLink } from '#app/components/forms';
import { replyWithApiErrors } from '#app/lib/forms.server';
import { requireDashboard } from '#app/lib/guard.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { commitSession } from '#app/lib/session.server';
import { v1 } from '#app/lib/v1.server';
import { Card } from '#app/components/ui/card';
import { countryPickerOptions } from '#app/components/country-options.server';

export const meta: MetaFunction = () => [{ title: 'Add a business · Business Assistant' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireDashboard(request, context);
  return { email: user.email, countries: countryPickerOptions(request) };
}

/**
 * Creates another business (the user becomes its admin), selects it and greets it: its
 * wizard is unfinished, so the dashboard is locked to home and the onboarding steps until
 * its assistant has been tested. The phone list's add/remove come back here as intents.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, session } = await requireDashboard(request, context);
  const submission = parseWithZod(await request.formData(), { schema: businessSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const result = await v1(caller).businesses.create(submission.value);
  if (!result.ok) return replyWithApiErrors(submission, result);
  session.set('businessId', result.data.business._id);
  return redirectWithToasts(
    request,
    `/dashboard/business-welcome/${result.data.business._id}`,
    apiToasts(v1Calls.businesses.create.path, result),
    { headers: { 'Set-Cookie': await commitSession(session) } },
  );
}

export default function BusinessCreateRoute() {
  const { email } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Add a business">
        <p className="text-sm text-slate-600">
          You become its admin. It gets its own assistant, which you set up next.
        </p>
      </PageHeader>
      <Card>
        <BusinessDetailsForm
          id="business-create"
          action="/dashboard/business-create"
          reply={reply}
          defaultValue={{ name: '', email, country: '', telephones: [''], address: '', timezone: '' }}
          submitLabel="Create business"
          pendingText="Creating…"
          cancel={<CancelLink to="/dashboard/businesses" />}
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
