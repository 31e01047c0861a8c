import { businessChannel, userChannel } from '#contract/realtime';
import { broadcasting } from '#contract/v1/broadcasting';
import { ApiError, forbidden } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { serveCalls } from '#api/lib/v1-call';

const NOT_YOURS = 'You may not listen to this channel.';

/**
 * Channel authorisation: private-user.{id} only for that user, private-business.{id} only
 * for its members. Anything else is refused. The web app's /broadcasting/auth proxies this.
 * Each signature names the caller (channel_data on the embedded server, the signin on a
 * hosted one), so signing out or losing a membership ends the subscription
 * (Broadcaster.endUserConnections); the client then has to come back here.
 */
export const broadcastingRouter = serveCalls(broadcasting, {
  auth: async (c, { body: { socket_id, channel_name } }) => {
    const { db, broadcaster } = c.var.deps;
    const { user } = c.var.auth;
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
    return { data: broadcaster.authorizeChannel(socket_id, channel_name, user.id) };
  },
  userAuth: async (c, { body: { socket_id } }) => ({
    data: c.var.deps.broadcaster.authenticateUser(socket_id, c.var.auth.user.id),
  }),
});
