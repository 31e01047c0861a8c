import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ItemPage } from '#app/components/timeline-item-page';
import { kindItemAction, kindItemLoader } from '#app/lib/timeline.server';

export const meta: MetaFunction = () => [{ title: 'SMS · Business Assistant' }];

export const loader = (args: LoaderFunctionArgs) => kindItemLoader(args, 'sms');

export async function action(args: ActionFunctionArgs) {
  return kindItemAction(args, 'sms', await args.request.formData());
}

export default function SmsViewRoute() {
  const data = useLoaderData<typeof loader>();
  const outbound = data.item.direction === 'outbound';
  return (
    <ItemPage data={data}>
      <section aria-label="Message" className={`flex ${outbound ? 'justify-end' : 'justify-start'}`}>
        <p
          data-testid="sms-body"
          className={`max-w-prose whitespace-pre-wrap rounded-2xl px-4 py-3 ${outbound ? 'bg-brand-600 text-white' : 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'}`}
        >
          {data.item.body || 'This message has no text.'}
        </p>
      </section>
    </ItemPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
