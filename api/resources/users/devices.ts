import { createRoute, z } from '@hono/zod-openapi';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { CLIENT_HEADERS } from '#contract/envelope';
import { tokens } from '#api/db/schema';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { bearer, envelope } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';

/**
 * Signed-in devices: one per live token, with the latest client headers seen with it
 * (requireAuth records them: mode, platform, and in the native app the device details of
 * docs/product.md#v1-calls). Account settings lists them; each can be revoked (signed out).
 */
const tags = ['Account'];

const deviceSchema = z.object({
  _id: z.string(),
  current: z.boolean(),
  mode: z.string().nullable(),
  platform_name: z.string().nullable(),
  platform_type: z.string().nullable(),
  package_version: z.string().nullable(),
  device_name: z.string().nullable(),
  device_model: z.string().nullable(),
  device_platform: z.string().nullable(),
  device_os_version: z.string().nullable(),
  app_version: z.string().nullable(),
  app_build: z.string().nullable(),
  signed_in_at: z.string(),
  last_used_at: z.string(),
});
export type ApiDevice = z.infer<typeof deviceSchema>;

const deviceIdParam = z.object({
  device_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'device_id', in: 'path' } }),
});

type TokenRow = typeof tokens.$inferSelect;

export function serializeDevice(row: TokenRow, currentTokenId: string): ApiDevice {
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

export const devicesRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/devices',
      tags,
      summary: 'The signed-in devices: one per live token with its latest device details, most recently used first',
      security: bearer,
      middleware: [requireAuth] as const,
      responses: envelope(z.object({ devices: z.array(deviceSchema) })),
    }),
    async (c) => {
      const { db, clock } = c.var.deps;
      const rows = await db
        .select()
        .from(tokens)
        .where(and(eq(tokens.userId, c.var.auth.user.id), isNull(tokens.revokedAt), gt(tokens.expiresAt, clock.now())))
        .orderBy(desc(tokens.lastUsedAt), desc(tokens.createdAt));
      return ok(c, { devices: rows.map((row) => serializeDevice(row, c.var.auth.tokenId)) });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/devices/{device_id}/revoke',
      tags,
      summary: 'Sign one of your devices out (revokes its token); the current one too',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: deviceIdParam },
      responses: envelope(z.object({})),
    }),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { device_id } = c.req.valid('param');
      const revoked = await db
        .update(tokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(tokens.id, device_id), eq(tokens.userId, c.var.auth.user.id), isNull(tokens.revokedAt)))
        .returning({ id: tokens.id });
      if (revoked.length === 0) throw notFound('The device');
      // Which connection is that device's is not known: all of them re-authorise, and only the others can.
      await c.var.deps.broadcaster.endUserConnections(c.var.auth.user.id);
      return ok(c, {}, ['The device has been signed out.']);
    },
  );
