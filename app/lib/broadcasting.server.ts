import type { ActionFunctionArgs } from '@remix-run/node';
import { v1Calls } from '#contract/v1/index';
import { getSession } from './session.server';
import { v1 } from './v1.server';

/**
 * The realtime authorisations pusher-js asks for (channel subscriptions and the signin),
 * proxied to the v1 API. The browser is identified by its session cookie, the native app by
 * its bearer token; either way the v1 API decides. pusher-js reads the signature fields at
 * the top level of a plain JSON answer, so no envelope here.
 */
export async function proxyRealtimeAuth(
  { request, context }: ActionFunctionArgs,
  call: keyof typeof v1Calls.broadcasting,
) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const token = bearer ?? (await getSession(request)).get('token');
  if (!token) return Response.json({ error: 'You are not signed in.' }, { status: 401 });

  const type = request.headers.get('content-type') ?? '';
  const body = type.includes('application/json')
    ? ((await request.json().catch(() => ({}))) as Record<string, unknown>)
    : Object.fromEntries(await request.formData());
  // The declared fields as pusher-js sent them: the API checks them and answers its own messages.
  const fields = Object.keys(v1Calls.broadcasting[call].body.shape);
  const forwarded = Object.fromEntries(fields.map((field) => [field, body[field]])) as {
    socket_id: string;
    channel_name: string;
  };
  const result = await v1({ context, request, token }).broadcasting[call](forwarded);
  if (!result.ok) return Response.json({ error: result.errors[0] }, { status: result.status === 401 ? 401 : 403 });
  // channel_data names the user on the embedded server; user_data is the signin's.
  const signature: { auth: string; channel_data?: string; user_data?: string } = result.data;
  const { auth, channel_data, user_data } = signature;
  return Response.json({
    auth,
    ...(channel_data === undefined ? {} : { channel_data }),
    ...(user_data === undefined ? {} : { user_data }),
  });
}
