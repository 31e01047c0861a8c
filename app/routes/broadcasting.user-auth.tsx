import type { ActionFunctionArgs } from '@remix-run/node';
import { v1Calls } from '#contract/v1/index';
import { proxyRealtimeAuth } from '../lib/broadcasting.server';

/** Pusher user authentication (pusher-js signin): POST socket_id, answered with { auth, user_data }. */
export const action = (args: ActionFunctionArgs) => proxyRealtimeAuth(args, v1Calls.broadcasting.userAuth);

export const loader = () => Response.json({ error: 'Use POST.' }, { status: 405 });
