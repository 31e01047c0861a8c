import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { SetupChecklist } from '../components/setup-checklist';
import { requireDashboard } from '../lib/guard.server';

export const meta: MetaFunction = () => [{ title: 'Recents · Business Assistant' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, business, wizardFinished } = await requireDashboard(request, context);
  return { user, business, wizardFinished };
}

export default function HomeRoute() {
  const { user, business, wizardFinished } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{wizardFinished ? 'Recents' : `Welcome, ${user.name.split(' ')[0]}`}</h1>
        {business ? <p className="text-sm text-slate-600">{business.name}</p> : null}
      </div>
      {wizardFinished ? (
        <section className="rounded-2xl border border-dashed border-slate-300 p-8 text-center" data-testid="recents-empty">
          <p className="font-medium">Nothing here yet.</p>
          <p className="mt-1 text-sm text-slate-600">Calls, SMS and web forms your assistant handles will show up here as they come in.</p>
        </section>
      ) : (
        <SetupChecklist user={user} business={business} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
