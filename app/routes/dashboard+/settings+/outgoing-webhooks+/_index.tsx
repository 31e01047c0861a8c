import { PageHeader } from '#app/components/ui/page-header';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { v1Calls } from '#contract/v1/index';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { OutgoingWebhookForm } from '#app/routes/dashboard+/settings+/outgoing-webhooks+/__outgoing-webhook-form.deferred';
import { loadFailure } from '#app/lib/assistant.server';
import {
  parseEndpointForm,
  refuseForm,
  requireWebhookAdmin,
} from '#app/routes/dashboard+/settings+/outgoing-webhooks+/__outgoing-webhooks.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';
import { cardClass } from '#app/components/ui/card';
import { Pill } from '#app/components/ui/pill';

export const meta: MetaFunction = () => [{ title: 'Outgoing webhooks · Business Assistant' }];

const SELF = '/dashboard/settings/outgoing-webhooks';

/**
 * Outgoing webhooks (admins): the business's endpoints, and a form to add one. Each
 * endpoint's page has its signing secret, test event, enable/disable and delivery log.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireWebhookAdmin(request, context);
  const result = await v1(state.caller).outgoingWebhooks.list();
  if (!result.ok) loadFailure(result);
  return { endpoints: result.data.outgoing_webhooks.map(({ secret: _secret, ...endpoint }) => endpoint) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireWebhookAdmin(request, context);
  const submission = parseEndpointForm(await request.formData());
  if (submission.status !== 'success') return refuseForm('create', submission);
  const result = await v1(state.caller).outgoingWebhooks.create(submission.value);
  if (!result.ok) return refuseForm('create', submission, result);
  const created = `${SELF}/${result.data.outgoing_webhook._id}`;
  return redirectWithToasts(request, created, apiToasts(v1Calls.outgoingWebhooks.create.path, result));
}

export default function OutgoingWebhooksRoute() {
  const { endpoints } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const section = cardClass();
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/dashboard/settings" className="text-brand-600 underline">
          Settings
        </Link>
      </nav>
      <PageHeader title="Outgoing webhooks">
        <p className="text-sm text-slate-600">
          Send contacts, calls, texts, leads and orders to Zapier, Make or your own system as they happen. Every request
          is signed with the endpoint&apos;s secret, so your receiver can check it came from here.
        </p>
      </PageHeader>
      <section aria-labelledby="endpoints-heading" className={section}>
        <h2 id="endpoints-heading" className="mb-3 text-lg font-semibold">
          Endpoints
        </h2>
        {endpoints.length === 0 ? (
          <p className="text-sm text-slate-600">No endpoints yet. Add one below.</p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="outgoing-webhooks">
            {endpoints.map((endpoint) => (
              <li key={endpoint._id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <Link to={`${SELF}/${endpoint._id}`} className="break-all font-medium text-brand-700 underline">
                    {endpoint.url}
                  </Link>
                  <p className="text-xs text-slate-500">
                    {endpoint.description ? `${endpoint.description} · ` : ''}
                    {endpoint.events.join(', ')}
                  </p>
                </div>
                <Pill colour={endpoint.enabled ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-600'}>
                  {endpoint.enabled ? 'Enabled' : 'Disabled'}
                </Pill>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="add-heading" className={section}>
        <h2 id="add-heading" className="mb-3 text-lg font-semibold">
          Add an endpoint
        </h2>
        <OutgoingWebhookForm
          id="outgoing-webhook-create"
          intent="create"
          reply={reply?.result}
          submitLabel="Add endpoint"
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
