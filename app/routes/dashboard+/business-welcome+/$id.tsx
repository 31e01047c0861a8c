import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { BusinessWelcome } from '#app/routes/dashboard+/business-welcome+/__business-welcome';
import { requireDashboard } from '#app/lib/guard.server';
import { commitSession } from '#app/lib/session.server';
import { httpError } from '#app/lib/invariant.server';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Welcome, ${loaded?.business.name ?? 'business'} · Business Assistant` },
];

/**
 * Greets one of the user's businesses (after creating it) and shows what to set up next.
 * The checklist's steps act on the selected business, so opening it selects that one.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const business = state.businesses.find((entry) => entry._id === params.id);
  if (!business) httpError(404, 'Not found');
  if (state.business?._id !== business._id) {
    state.session.set('businessId', business._id);
    throw redirect(new URL(request.url).pathname, { headers: { 'Set-Cookie': await commitSession(state.session) } });
  }
  return { user: state.user, business };
}

export default function BusinessWelcomeIdRoute() {
  const { user, business } = useLoaderData<typeof loader>();
  return <BusinessWelcome user={user} business={business} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
