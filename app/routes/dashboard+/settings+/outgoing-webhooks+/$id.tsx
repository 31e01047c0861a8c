import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { SIGNATURE_HEADER } from '#contract/outgoing-webhook-terms';
import type { ApiWebhookDelivery } from '#contract/v1/outgoing-webhooks';
import { v1Calls } from '#contract/v1/index';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { SubmitButton } from '#app/components/forms';
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

export const meta: MetaFunction = () => [{ title: 'Webhook endpoint · Business Assistant' }];

const LIST = '/dashboard/settings/outgoing-webhooks';

/**
 * One outgoing webhook endpoint (admins): edit it, see its signing secret, send a test
 * event, enable or disable it, rotate the secret, delete it, and its delivery log.
 * Every button is a form post (intent), so the page works without JavaScript.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireWebhookAdmin(request, context);
  const id = params.id ?? '';
  const outgoingWebhooks = v1(state.caller).outgoingWebhooks;
  const [endpoint, log] = await Promise.all([outgoingWebhooks.get(id), outgoingWebhooks.deliveries(id, { limit: 50 })]);
  if (!endpoint.ok) loadFailure(endpoint);
  if (!log.ok) loadFailure(log);
  return {
    endpoint: endpoint.data.outgoing_webhook,
    deliveries: log.data.deliveries,
    hasMore: log.data.has_more,
    timezone: state.business.timezone || 'UTC',
  };
}

const declared = v1Calls.outgoingWebhooks;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireWebhookAdmin(request, context);
  const id = params.id ?? '';
  const self = `${LIST}/${encodeURIComponent(id)}`;
  const outgoingWebhooks = v1(state.caller).outgoingWebhooks;
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  if (intent === 'enable' || intent === 'disable') {
    const result = await outgoingWebhooks.update(id, { enabled: intent === 'enable' });
    return redirectWithToasts(request, self, apiToasts(declared.update.path, result));
  }
  if (intent === 'test')
    return redirectWithToasts(request, self, apiToasts(declared.sendTest.path, await outgoingWebhooks.sendTest(id)));
  if (intent === 'rotate')
    return redirectWithToasts(
      request,
      self,
      apiToasts(declared.rotateSecret.path, await outgoingWebhooks.rotateSecret(id)),
    );
  if (intent === 'delete') {
    const result = await outgoingWebhooks.delete(id);
    return redirectWithToasts(request, result.ok ? LIST : self, apiToasts(declared.delete.path, result));
  }
  const submission = parseEndpointForm(formData);
  if (submission.status !== 'success') return refuseForm('update', submission);
  const result = await outgoingWebhooks.update(id, { description: null, ...submission.value });
  if (!result.ok) return refuseForm('update', submission, result);
  return redirectWithToasts(request, self, apiToasts(declared.update.path, result));
}

function when(value: string | null, timezone: string) {
  if (!value) return '';
  return new Intl.DateTimeFormat('en-GB', { timeZone: timezone, dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(value),
  );
}

const STATUS_STYLE: Record<ApiWebhookDelivery['status'], string> = {
  sent: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-800',
  failed: 'bg-red-100 text-red-800',
};

export default function OutgoingWebhookRoute() {
  const { endpoint, deliveries, hasMore, timezone } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const section = cardClass();
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="flex gap-2 text-sm">
        <Link to="/dashboard/settings" className="text-brand-600 underline">
          Settings
        </Link>
        <span aria-hidden="true">/</span>
        <Link to={LIST} className="text-brand-600 underline">
          Outgoing webhooks
        </Link>
      </nav>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="break-all text-2xl font-semibold">{endpoint.url}</h1>
        <Pill
          colour={endpoint.enabled ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-600'}
          data-testid="endpoint-state"
        >
          {endpoint.enabled ? 'Enabled' : 'Disabled'}
        </Pill>
      </div>
      <Form method="post" className="flex flex-wrap gap-2">
        <SubmitButton name="intent" value="test" variant="secondary" pendingText="Sending…">
          Send a test event
        </SubmitButton>
        <SubmitButton name="intent" value={endpoint.enabled ? 'disable' : 'enable'} variant="secondary">
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </SubmitButton>
        <SubmitButton name="intent" value="rotate" variant="secondary">
          Rotate secret
        </SubmitButton>
        <SubmitButton name="intent" value="delete" variant="danger">
          Delete endpoint
        </SubmitButton>
      </Form>
      <section aria-labelledby="secret-heading" className={section}>
        <h2 id="secret-heading" className="mb-1 text-lg font-semibold">
          Signing secret
        </h2>
        <p className="mb-3 text-sm text-slate-600">
          Each request carries <code>{SIGNATURE_HEADER}: t=&lt;unix time&gt;,v1=&lt;signature&gt;</code>, where the
          signature is the hex HMAC-SHA256 of <code>&lt;t&gt;.&lt;raw body&gt;</code> with this secret. Refuse requests
          whose signature does not match or whose t is more than 5 minutes old.
        </p>
        <details>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">Show the secret</summary>
          <code className="mt-2 block break-all rounded-lg bg-slate-100 p-2 text-sm" data-testid="endpoint-secret">
            {endpoint.secret}
          </code>
        </details>
      </section>
      <section aria-labelledby="edit-heading" className={section}>
        <h2 id="edit-heading" className="mb-3 text-lg font-semibold">
          Endpoint
        </h2>
        <OutgoingWebhookForm
          id="outgoing-webhook-edit"
          intent="update"
          reply={reply?.result}
          defaultValue={endpoint}
          submitLabel="Save endpoint"
        />
      </section>
      <section aria-labelledby="log-heading" className={section}>
        <h2 id="log-heading" className="mb-3 text-lg font-semibold">
          Deliveries
        </h2>
        {deliveries.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing sent yet. Send a test event to try the endpoint.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="webhook-deliveries">
              <thead className="text-xs uppercase text-slate-500">
                <tr>
                  <th className="py-2 pr-3">Created</th>
                  <th className="py-2 pr-3">Event</th>
                  <th className="py-2 pr-3">Status</th>
                  <th className="py-2 pr-3">Response</th>
                  <th className="py-2 pr-3">Attempts</th>
                  <th className="py-2 pr-3">Duration</th>
                  <th className="py-2">Details</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {deliveries.map((delivery) => (
                  <tr key={delivery._id}>
                    <td className="py-2 pr-3 whitespace-nowrap">{when(delivery.created_at, timezone)}</td>
                    <td className="py-2 pr-3">
                      <code>{delivery.event_type}</code>
                    </td>
                    <td className="py-2 pr-3">
                      <Pill colour={STATUS_STYLE[delivery.status]}>{delivery.status}</Pill>
                    </td>
                    <td className="py-2 pr-3">{delivery.response_status ?? '—'}</td>
                    <td className="py-2 pr-3">{delivery.attempts}</td>
                    <td className="py-2 pr-3">{delivery.duration_ms === null ? '—' : `${delivery.duration_ms} ms`}</td>
                    <td className="py-2 text-xs text-slate-600">
                      {delivery.last_error ?? ''}
                      {delivery.status === 'pending' && delivery.next_attempt_at
                        ? ` Next try ${when(delivery.next_attempt_at, timezone)}.`
                        : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {hasMore ? <p className="mt-2 text-xs text-slate-500">The 50 newest deliveries are shown.</p> : null}
          </div>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
