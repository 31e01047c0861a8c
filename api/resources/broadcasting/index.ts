import { createRoute, z } from '@hono/zod-openapi';
import { businessChannel, userChannel } from '#contract/realtime';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { ApiError, forbidden } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { bearer, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';

const socketId = z
  .string({ error: 'socket_id is required.' })
  .regex(/^\d+\.\d+$/, { error: 'socket_id is not valid.' });
const authBody = z.object({
  socket_id: socketId,
  channel_name: z
    .string({ error: 'channel_name is required.' })
    .min(1, { error: 'channel_name is required.' })
    .max(200),
});

const NOT_YOURS = 'You may not listen to this channel.';

/**
 * Channel authorisation: private-user.{id} only for that user, private-business.{id} only
 * for its members. Anything else is refused. The web app's /broadcasting/auth proxies this.
 * Each signature names the caller (channel_data on the embedded server, the signin on a
 * hosted one), so signing out or losing a membership ends the subscription
 * (Broadcaster.endUserConnections); the client then has to come back here.
 */
export const broadcastingRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/broadcasting/auth',
      tags: ['Realtime'],
      summary: 'Sign a private channel subscription for the caller',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { body: jsonBody(authBody) },
      responses: envelope(z.object({ auth: z.string() })),
    }),
    async (c) => {
      const { db, broadcaster } = c.var.deps;
      const { user } = c.var.auth;
      const { socket_id, channel_name } = c.req.valid('json');
      const businessId = /^private-business\.(.+)$/.exec(channel_name)?.[1];
      if (channel_name === userChannel(user.id)) {
        // The caller's own channel.
      } else if (businessId && channel_name === businessChannel(businessId)) {
        try {
          await loadMembership(db, businessId, user.id);
        } catch (error) {
          // Not a member: the same refusal as any other channel, revealing nothing.
          if (error instanceof ApiError) throw forbidden(NOT_YOURS);
          throw error;
        }
      } else {
        throw forbidden(NOT_YOURS);
      }
      return ok(c, broadcaster.authorizeChannel(socket_id, channel_name, user.id));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/broadcasting/user-auth',
      tags: ['Realtime'],
      summary:
        "Sign a socket in as the caller (Pusher user authentication), so ending the caller's connections reaches it",
      security: bearer,
      middleware: [requireAuth] as const,
      request: { body: jsonBody(z.object({ socket_id: socketId })) },
      responses: envelope(z.object({ auth: z.string(), user_data: z.string() })),
    }),
    (c) => ok(c, c.var.deps.broadcaster.authenticateUser(c.req.valid('json').socket_id, c.var.auth.user.id)),
  );
