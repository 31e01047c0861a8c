import { z } from 'zod';
import { defineCall } from './define';

/**
 * Realtime authorisation for the signed-in caller: a private channel subscription
 * (private-user.{id} only for that user, private-business.{id} only for its members) and the
 * socket's signin. The web app's /broadcasting/* routes proxy these for pusher-js.
 */
const tags = ['Realtime'];
const none = z.object({});

const socketId = z
  .string({ error: 'socket_id is required.' })
  .regex(/^\d+\.\d+$/, { error: 'socket_id is not valid.' });

export const broadcasting = {
  auth: defineCall({
    path: 'broadcasting/auth',
    params: none,
    body: z.object({
      socket_id: socketId,
      channel_name: z
        .string({ error: 'channel_name is required.' })
        .min(1, { error: 'channel_name is required.' })
        .max(200),
    }),
    response: z.object({
      auth: z.string(),
      channel_data: z.string().optional().meta({ description: 'Names the caller (the embedded server)' }),
    }),
    permission: 'signed-in',
    summary: 'Sign a private channel subscription for the caller',
    tags,
  }),
  userAuth: defineCall({
    path: 'broadcasting/user-auth',
    params: none,
    body: z.object({ socket_id: socketId }),
    response: z.object({ auth: z.string(), user_data: z.string() }),
    permission: 'signed-in',
    summary:
      "Sign a socket in as the caller (Pusher user authentication), so ending the caller's connections reaches it",
    tags,
  }),
};
