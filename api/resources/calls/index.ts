import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '#api/lib/auth';
import { notFound } from '#api/lib/errors';
import { requireBusinessPermission } from '#api/lib/membership';
import { bearer, envelope } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { recordingKey, signRecordingUrl } from '#api/services/recordings';
import { storageOf } from '#api/services/storage';
import { findTimelineRow } from '#api/services/timeline';
import { viewRefusal } from '#api/services/timeline-records';
import { itemParams } from '../timeline/schemas';
import { systemItemRouter } from '../timeline/system-items';

/** businesses/calls/{business_id}/list|get|delete|restore, and the recording's signed URL. */
export const callsRouter = systemItemRouter('call').openapi(
  createRoute({
    method: 'post',
    path: '/businesses/calls/{business_id}/recording/{id}',
    tags: ['Calls'],
    summary: "A short-lived signed URL (5 minutes) to play the call's recording",
    security: bearer,
    middleware: [requireAuth] as const,
    request: { params: itemParams },
    responses: envelope(z.object({ url: z.string(), expires_at: z.string() })),
  }),
  async (c) => {
    const { db } = c.var.deps;
    const { business_id, id } = c.req.valid('param');
    await requireBusinessPermission(db, business_id, c.var.auth.user.id, 'calls/view', viewRefusal('call'));
    const call = await findTimelineRow(db, business_id, 'call', id);
    if (!call) throw notFound('The call');
    // stat, not get: a whole-call recording can be large, and only its presence matters here.
    if (!(await storageOf(c.var.deps).stat(recordingKey(call.id)))) throw notFound("The call's recording");
    const { url, expiresAt } = signRecordingUrl(c.var.deps, call.id);
    return ok(c, { url, expires_at: expiresAt.toISOString() });
  },
);
