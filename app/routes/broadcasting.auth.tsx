import type { ActionFunctionArgs } from '@remix-run/node';
import { apiCall } from '../lib/api.server';
import { getSession } from '../lib/session.server';

/**
 * Channel authorisation for pusher-js: POST socket_id and channel_name, answered with
 * { auth }. The browser is identified by its session cookie, the native app by its
 * bearer token; either way the v1 API decides who may listen to which channel.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const token = bearer ?? (await getSession(request)).get('token');
  if (!token) return Response.json({ error: 'You are not signed in.' }, { status: 401 });

  const type = request.headers.get('content-type') ?? '';
  const body = type.includes('application/json')
    ? ((await request.json().catch(() => ({}))) as Record<string, unknown>)
    : Object.fromEntries(await request.formData());
  const result = await apiCall<{ auth: string }>({ context, request, token }, 'broadcasting/auth', {
    socket_id: body.socket_id,
    channel_name: body.channel_name,
  });
  // A resource route answers with a plain Response: pusher-js reads { auth } at the top level.
  if (!result.ok) return Response.json({ error: result.errors[0] }, { status: result.status === 401 ? 401 : 403 });
  return Response.json({ auth: result.data.auth });
}

export const loader = () => Response.json({ error: 'Use POST.' }, { status: 405 });
