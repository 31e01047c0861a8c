import type { ActionFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import type { v1Calls } from '#contract/v1/index';
import { apiCall } from './api.server';
import { getSession } from './session.server';

/** broadcasting/auth or broadcasting/user-auth, as declared (each route names its own). */
type RealtimeCall = (typeof v1Calls.broadcasting)[keyof typeof v1Calls.broadcasting];

/**
 * The realtime authorisations pusher-js asks for (channel subscriptions and the signin),
 * proxied to the v1 API. The browser is identified by its session cookie, the native app by
 * its bearer token; either way the v1 API decides. pusher-js reads the signature fields at
 * the top level of a plain JSON answer, so no envelope here.
 */
export async function proxyRealtimeAuth({ request, context }: ActionFunctionArgs, call: RealtimeCall) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const token = bearer ?? (await getSession(request)).get('token');
  if (!token) return Response.json({ error: 'You are not signed in.' }, { status: 401 });

  const type = request.headers.get('content-type') ?? '';
  const body = type.includes('application/json')
    ? ((await request.json().catch(() => ({}))) as Record<string, unknown>)
    : Object.fromEntries(await request.formData());
  // The declared fields as pusher-js sent them: the API checks them and answers its own messages.
  const forwarded = Object.fromEntries(Object.keys(call.body.shape).map((field) => [field, body[field]]));
  const result = await apiCall<z.output<RealtimeCall['response']>>({ context, request, token }, call.path, forwarded);
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
