import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { requireDashboard } from '#app/lib/guard.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { commitSession } from '#app/lib/session.server';

/**
 * Switch the selected business (docs/product.md#business-selection). Only one of the user's own businesses can
 * be selected; the page then reloads on home (or the form's same-site `redirect`), where
 * the guard applies the new business (an unfinished wizard locks it to home again).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  // Not a page: the wizard lock does not apply to choosing which business to look at.
  const state = await requireDashboard(request, context, { routeChecks: false });
  const id = String(formData.get('business_id') ?? '');
  if (state.businesses.some((business) => business._id === id)) state.session.set('businessId', id);
  return redirect(safeRedirect(formData.get('redirect'), '/dashboard/home'), {
    headers: { 'Set-Cookie': await commitSession(state.session) },
  });
}

export const loader = () => redirect('/dashboard/home');
