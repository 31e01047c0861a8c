import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BusinessWelcome } from '#app/routes/dashboard+/business-welcome+/__business-welcome';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { requireDashboard } from '#app/lib/guard.server';

export const meta: MetaFunction = () => [{ title: 'Welcome · Business Assistant' }];

/** The selected business's welcome: what to set up next. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  if (!state.business) throw redirect('/dashboard/onboard/mobile-submit');
  return { user: state.user, business: state.business };
}

export default function BusinessWelcomeRoute() {
  const { user, business } = useLoaderData<typeof loader>();
  return <BusinessWelcome user={user} business={business} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
