import type { ActionFunctionArgs } from '@remix-run/node';
import { v1Calls } from '#contract/v1/index';
import { proxyRealtimeAuth } from '../lib/broadcasting.server';

/** Channel authorisation for pusher-js: POST socket_id and channel_name, answered with { auth, channel_data }. */
export const action = (args: ActionFunctionArgs) => proxyRealtimeAuth(args, v1Calls.broadcasting.auth);

export const loader = () => Response.json({ error: 'Use POST.' }, { status: 405 });
