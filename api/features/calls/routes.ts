import { calls } from '#contract/v1/system-items';
import { notFound } from '#api/lib/errors';
import { serveCalls } from '#api/lib/v1-call';
import { recordingKey, signRecordingUrl } from '#api/features/calls/recordings';
import { storageOf } from '#api/services/storage';
import { findTimelineRow } from '#api/features/timeline/service';
import { systemItemHandlers } from '../timeline/system-items';

/** businesses/calls/{business_id}/list|get|delete|restore, and the recording's signed URL. */
export const callsRouter = serveCalls(calls, {
  ...systemItemHandlers<typeof calls>('call'),
  recording: async (c, { params }) => {
    const { db } = c.var.deps;
    const call = await findTimelineRow(db, params.business_id, 'call', params.id);
    if (!call) throw notFound('The call');
    // stat, not get: a whole-call recording can be large, and only its presence matters here.
    if (!(await storageOf(c.var.deps).stat(recordingKey(call.id)))) throw notFound("The call's recording");
    const { url, expiresAt } = signRecordingUrl(c.var.deps, call.id);
    return { data: { url, expires_at: expiresAt.toISOString() } };
  },
});
