import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { CLIENT_HEADERS } from '#contract/envelope';
import { devices, type deviceOut } from '#contract/v1/users';
import { tokens } from '#api/db/schema';
import { notFound } from '#api/lib/errors';
import { serveCalls } from '#api/lib/v1-call';

/**
 * Signed-in devices: one per live token, with the latest client headers seen with it
 * (requireAuth records them: mode, platform, and in the native app the device details of
 * docs/product.md#v1-calls). Account settings lists them; each can be revoked (signed out).
 */
type Device = z.output<typeof deviceOut>;

type TokenRow = typeof tokens.$inferSelect;

export function serializeDevice(row: TokenRow, currentTokenId: string): Device {
  const header = (name: string) => row.client[name] ?? null;
  return {
    _id: row.id,
    current: row.id === currentTokenId,
    mode: header(CLIENT_HEADERS.mode),
    platform_name: header(CLIENT_HEADERS.platformName),
    platform_type: header(CLIENT_HEADERS.platformType),
    package_version: header(CLIENT_HEADERS.packageVersion),
    device_name: header(CLIENT_HEADERS.deviceName),
    device_model: header(CLIENT_HEADERS.deviceModel),
    device_platform: header(CLIENT_HEADERS.devicePlatform),
    device_os_version: header(CLIENT_HEADERS.deviceOsVersion),
    app_version: header(CLIENT_HEADERS.appVersion),
    app_build: header(CLIENT_HEADERS.appBuild),
    signed_in_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
  };
}

export const devicesRouter = serveCalls(devices, {
  devices: async (c) => {
    const { db, clock } = c.var.deps;
    const rows = await db
      .select()
      .from(tokens)
      .where(and(eq(tokens.userId, c.var.auth.user.id), isNull(tokens.revokedAt), gt(tokens.expiresAt, clock.now())))
      .orderBy(desc(tokens.lastUsedAt), desc(tokens.createdAt));
    return { data: { devices: rows.map((row) => serializeDevice(row, c.var.auth.tokenId)) } };
  },
  revokeDevice: async (c, { params: { device_id } }) => {
    const { db, clock } = c.var.deps;
    const revoked = await db
      .update(tokens)
      .set({ revokedAt: clock.now() })
      .where(and(eq(tokens.id, device_id), eq(tokens.userId, c.var.auth.user.id), isNull(tokens.revokedAt)))
      .returning({ id: tokens.id });
    if (revoked.length === 0) throw notFound('The device');
    // Which connection is that device's is not known: all of them re-authorise, and only the others can.
    await c.var.deps.broadcaster.endUserConnections(c.var.auth.user.id);
    return { data: {}, messages: ['The device has been signed out.'] };
  },
});
