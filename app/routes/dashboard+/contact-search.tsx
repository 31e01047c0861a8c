import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireDashboard } from '#app/lib/guard.server';
import { searchContactOptions } from '#app/lib/timeline.server';

/**
 * Contacts matching what was typed in a contact picker (JavaScript on): the browser cannot
 * call the v1 API itself (the token stays in the HttpOnly session), so this resource route
 * asks the v1 customers options call (ids and names, searched like the list) on the picker's behalf. A GET: it changes nothing.
 * Without customers/view it answers no contacts, as the pickers show none then.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context, { routeChecks: false });
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  return { contacts: await searchContactOptions(state, query, 20) };
}
