import { createRoute, z } from '@hono/zod-openapi';
import { businessChannel, userChannel } from '#contract/realtime';
import { requireAuth } from '../../lib/auth';
import { createRouter } from '../../lib/context';
import { ApiError, forbidden } from '../../lib/errors';
import { loadMembership } from '../../lib/membership';
import { bearer, envelope, jsonBody } from '../../lib/openapi';
import { ok } from '../../lib/respond';

const authBody = z.object({
  socket_id: z.string({ error: 'socket_id is required.' }).regex(/^\d+\.\d+$/, { error: 'socket_id is not valid.' }),
  channel_name: z.string({ error: 'channel_name is required.' }).min(1, { error: 'channel_name is required.' }).max(200),
});

const NOT_YOURS = 'You may not listen to this channel.';

/**
 * Channel authorisation: private-user.{id} only for that user, private-business.{id} only
 * for its members. Anything else is refused. The web app's /broadcasting/auth proxies this.
 */
export const broadcastingRouter = createRouter().openapi(
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
    return ok(c, broadcaster.authorizeChannel(socket_id, channel_name));
  },
);
