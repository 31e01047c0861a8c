import type { LoaderFunctionArgs } from '@remix-run/node';
import { lookupAddresses } from '#app/lib/customers.server';
import { requireDashboard } from '#app/lib/guard.server';

/**
 * Address suggestions for the contact form's address input while typing (JavaScript on):
 * the browser cannot call the v1 API itself (the token stays in the HttpOnly session), so
 * this resource route asks helpers/address-lookup on its behalf. A GET: it changes nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const address = new URL(request.url).searchParams.get('address') ?? '';
  return lookupAddresses(state.caller, address);
}
