import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { httpError } from '../lib/invariant.server';
import { v1 } from '../lib/v1.server';

export const meta: MetaFunction = () => [{ title: 'Outbox · Business Assistant (development)' }];

/** Outside production: what the embedded email and SMS providers sent, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const result = await v1({ context, request }).dev.outbox();
  if (!result.ok) httpError(404, null);
  return { messages: result.data.messages };
}

export default function OutboxRoute() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl p-6">
      <PageHeader title="Outbox" />
      <p className="mt-1 text-sm text-slate-600">
        Emails and SMS sent on this development machine. Nothing here left the machine unless SMTP or Twilio is
        configured.{' '}
        <Link to="/login" className="text-brand-600 underline">
          Sign in
        </Link>
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-500">
          Nothing has been sent yet.
        </p>
      ) : (
        <ol className="mt-6 flex flex-col gap-3">
          {messages.map((message) => (
            <li
              key={message.id}
              data-testid="outbox-message"
              className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <p className="text-xs uppercase tracking-wide text-slate-500">
                {message.channel} to <span data-testid="outbox-to">{message.to}</span> ·{' '}
                {new Date(message.created_at).toLocaleString('en-GB')}
              </p>
              {message.subject ? <p className="mt-1 font-medium">{message.subject}</p> : null}
              <pre className="mt-2 whitespace-pre-wrap font-sans text-sm text-slate-700">{message.body}</pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
