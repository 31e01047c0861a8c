import { createRoute, z } from '@hono/zod-openapi';
import { and, eq, isNull } from 'drizzle-orm';
import { memories, timelineItems } from '#api/db/schema';
import { createRouter } from '#api/lib/context';
import { ApiError, notFound } from '#api/lib/errors';
import { checkMemoryFileSignature } from '#api/features/memories/files';
import { checkRecordingSignature, isSafeId, RECORDING_MIME_TYPE, recordingKey } from '#api/features/calls/recordings';
import { storageOf } from '#api/services/storage';

const errorSchema = z.object({ errors: z.array(z.string()) });
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

/** One `bytes=start-end` range (what audio players ask for to seek); anything else: the whole file. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/** Inline only where a browser cannot run anything from it; HTML and Word are downloaded. */
const INLINE = /^(application\/pdf|image\/(png|jpeg|gif|webp)|text\/plain|text\/markdown)/;

/**
 * The files a signed URL opens, outside the v1 envelope: an <audio> element or a link sends no
 * bearer token, so the signature is the credential (expired or wrongly signed → 403).
 *
 * GET /api/v1/files/recordings/{call_id}?expires=..&signature=..: the WAV of a call, signed by
 * businesses/calls/{id}/recording/{call_id}. It comes from the storage (S3 or DATA_DIR/files),
 * streamed range by range, so any instance serves any recording and a long one is never held
 * in memory whole.
 * GET /api/v1/files/memories/{memory_id}?expires=..&signature=..: a memory's file, signed by
 * the memory calls' answers.
 */
export const filesRouter = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/files/recordings/{call_id}',
      tags: ['Calls'],
      summary: 'Stream a call recording through a signed URL (supports Range requests)',
      request: {
        params: z.object({ call_id: z.string().openapi({ param: { name: 'call_id', in: 'path' } }) }),
        query: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
      },
      responses: {
        200: {
          description: 'The recording',
          content: { 'audio/wav': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        206: {
          description: 'Part of the recording',
          content: { 'audio/wav': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        403: errorResponse('The link expired or is not valid'),
        404: errorResponse('No such recording'),
      },
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { call_id } = c.req.valid('param');
      const { expires, signature } = c.req.valid('query');
      const check = isSafeId(call_id) ? checkRecordingSignature(c.var.deps, call_id, expires, signature) : 'invalid';
      if (check === 'expired')
        throw new ApiError(403, ['This recording link has expired. Open the call again to get a new one.']);
      if (check !== 'ok') throw new ApiError(403, ['This recording link is not valid.']);

      const [call] = await db
        .select({ id: timelineItems.id })
        .from(timelineItems)
        .where(and(eq(timelineItems.id, call_id), eq(timelineItems.type, 'call'), isNull(timelineItems.deletedAt)))
        .limit(1);
      const storage = storageOf(c.var.deps);
      const key = call ? recordingKey(call.id) : null;
      const stat = key ? await storage.stat(key) : null;
      if (!key || !stat) throw notFound('The recording');

      const headers: Record<string, string> = {
        // Always WAV, whatever the storage says (recordings stored before the storage have no type).
        'content-type': RECORDING_MIME_TYPE,
        'accept-ranges': 'bytes',
        // Private: the URL is a credential; no shared cache may keep the audio.
        'cache-control': 'private, max-age=300',
      };
      const range = byteRange(c.req.header('range'), stat.size);
      if (range === 'unsatisfiable')
        return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${stat.size}` } });
      const { start, end } = range ?? { start: 0, end: stat.size - 1 };
      const body = stat.size === 0 ? null : await storage.read(key, { start, end });
      // Gone between the stat and the read: a 404 rather than a body that never comes.
      if (stat.size > 0 && !body) throw notFound('The recording');
      headers['content-length'] = String(end - start + 1);
      if (range) headers['content-range'] = `bytes ${start}-${end}/${stat.size}`;
      return new Response(body, { status: range ? 206 : 200, headers });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/files/memories/{memory_id}',
      tags: ['Memories'],
      summary: "Download a memory's file through the signed URL the memory calls answer",
      request: {
        params: z.object({ memory_id: z.string().openapi({ param: { name: 'memory_id', in: 'path' } }) }),
        query: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
      },
      responses: {
        200: {
          description: 'The file',
          content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        403: errorResponse('The link expired or is not valid'),
        404: errorResponse('No such file'),
      },
    }),
    async (c) => {
      const { deps } = c.var;
      const { memory_id } = c.req.valid('param');
      const { expires, signature } = c.req.valid('query');
      const check = isSafeId(memory_id) ? checkMemoryFileSignature(deps, memory_id, expires, signature) : 'invalid';
      if (check === 'expired')
        throw new ApiError(403, ['This file link has expired. Open the memory again to get a new one.']);
      if (check !== 'ok') throw new ApiError(403, ['This file link is not valid.']);
      const [row] = await deps.db
        .select({ fileKey: memories.fileKey, fileName: memories.fileName, mimeType: memories.mimeType })
        .from(memories)
        .where(and(eq(memories.id, memory_id), isNull(memories.deletedAt)))
        .limit(1);
      const stored = row?.fileKey ? await storageOf(deps).get(row.fileKey) : null;
      if (!row || !stored) throw notFound('The file');
      const mimeType = row.mimeType ?? stored.mimeType;
      const name = row.fileName ?? 'file';
      const disposition = INLINE.test(mimeType) ? 'inline' : 'attachment';
      return new Response(stored.bytes as BodyInit, {
        status: 200,
        headers: {
          'content-type': mimeType,
          'content-length': String(stored.bytes.byteLength),
          'content-disposition': `${disposition}; filename="${name.replace(/[^\x20-\x7E]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
          // Uploaded content is served from our origin: never sniffed, never scripted.
          'x-content-type-options': 'nosniff',
          'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
          // Private: the URL is a credential; no shared cache may keep the file.
          'cache-control': 'private, max-age=300',
        },
      });
    },
  );
