import type { ActionFunctionArgs } from '@remix-run/node';
import { proxyRealtimeAuth } from '../lib/broadcasting.server';

/** Channel authorisation for pusher-js: POST socket_id and channel_name, answered with { auth, channel_data }. */
export const action = (args: ActionFunctionArgs) => proxyRealtimeAuth(args, 'auth');

export const loader = () => Response.json({ error: 'Use POST.' }, { status: 405 });
