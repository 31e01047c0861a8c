import type { ActionFunctionArgs } from '@remix-run/node';
import { proxyRealtimeAuth } from '../lib/broadcasting.server';

/** Pusher user authentication (pusher-js signin): POST socket_id, answered with { auth, user_data }. */
export const action = (args: ActionFunctionArgs) => proxyRealtimeAuth(args, 'userAuth');

export const loader = () => Response.json({ error: 'Use POST.' }, { status: 405 });
