import { data, type ActionFunctionArgs } from '@remix-run/node';
import { messages } from '#contract/messages';
import { requireDashboard } from '#app/lib/guard.server';
import { isNativeRequest } from '#app/lib/native.server';
import { v1 } from '#app/lib/v1.server';

/**
 * The native shell saves the member's OneSignal id here after registering them for push
 * (components/native-shell.tsx): a resource route over user/updateUser (docs/product.md#v1-calls),
 * for the native shell only.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context, { routeChecks: false });
  // Only the shell registers with OneSignal; a plain browser posting here would point the
  // member's pushes at nothing, so it is refused before anything is saved.
  // A plain Response: a resource route's status must reach a browser's plain request too.
  if (!isNativeRequest(request))
    return Response.json({ ok: false, errors: [messages.push.nativeOnly] }, { status: 403 });
  const formData = await request.formData();
  const id = String(formData.get('onesignal_user_id') ?? '').trim();
  const result = await v1(state.caller).users.savePushId({ onesignal_user_id: id });
  return data(
    { ok: result.ok, errors: result.ok ? [] : result.errors },
    { status: result.ok ? 200 : result.status || 502 },
  );
}
