import { data, type ActionFunctionArgs } from '@remix-run/node';
import { apiCall } from '../lib/api.server';
import { requireDashboard } from '../lib/guard.server';

/**
 * The native shell saves the member's OneSignal id here after registering them for push
 * (components/native-shell.tsx): a resource route over user/updateUser (spec section 7).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context, { routeChecks: false });
  const formData = await request.formData();
  const id = String(formData.get('onesignal_user_id') ?? '').trim();
  const result = await apiCall(state.caller, 'user/updateUser', { onesignal_user_id: id });
  return data({ ok: result.ok, errors: result.ok ? [] : result.errors }, { status: result.ok ? 200 : result.status || 502 });
}
