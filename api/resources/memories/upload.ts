import { createRoute, z } from '@hono/zod-openapi';
import { and, eq, isNull } from 'drizzle-orm';
import { bodyLimit } from 'hono/body-limit';
import {
  FILE_MEMORY_TYPES,
  MAX_MEMORY_CONTENT_CHARS,
  MAX_UPLOAD_BYTES,
  MEMORY_TYPES,
  USER_MEMORY_STATUSES,
  type MemoryType,
} from '#contract/schemas/memory';
import { messages } from '#contract/messages';
import { memories } from '#api/db/schema';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { newId } from '#api/lib/crypto';
import { ApiError, invalid, notFound, sendError } from '#api/lib/errors';
import { bearer, businessIdParam, envelope } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import {
  ExtractionBusy,
  ExtractionRefused,
  extractText,
  fileKind,
  IMAGE_LABEL,
  looksLike,
  storedMimeType,
  type FileKind,
} from '#api/services/extract';
import { createMemory } from '#api/services/memories';
import { checkMemoryFileSignature, withFileUrl } from '#api/services/memory-files';
import { isSafeId } from '#api/services/recordings';
import { storageOf } from '#api/services/storage';
import { canEditMemories } from './access';
import { memoryData, uploadForm } from './schemas';

export const UPLOAD_MESSAGES = {
  missing: 'Choose a file to upload.',
  empty: 'The file is empty.',
  tooLarge: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  unsupported:
    'This file type is not supported: upload a PDF, an image, a Word document, or a text, Markdown or HTML file.',
  unreadable: 'The text of this file could not be read.',
} as const;

const KIND_LABEL: Record<FileKind, string> = {
  pdf: 'PDF',
  docx: 'Word document',
  text: 'text file',
  markdown: 'Markdown file',
  html: 'HTML file',
  image: 'image',
};
const defaultType = (kind: FileKind): MemoryType => (kind === 'pdf' ? 'pdf' : kind === 'image' ? 'image' : 'file');
const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string).trim() : '';
const withoutExtension = (name: string) => name.replace(/\.[A-Za-z0-9]+$/, '') || name;

/** Room for the multipart envelope and the text fields around the file. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

const errorSchema = z.object({ errors: z.array(z.string()) });
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

/** Inline only where a browser cannot run anything from it; HTML and Word are downloaded. */
const INLINE = /^(application\/pdf|image\/(png|jpeg|gif|webp)|text\/plain|text\/markdown)/;

export const memoryUploadRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/memories/{business_id}/upload',
      tags: ['Memories'],
      summary:
        'Upload a file (multipart/form-data) as a memory: its text is extracted and searchable. At most 20 MB; PDF, image, Word (.docx), text, Markdown or HTML.',
      security: bearer,
      middleware: [
        requireAuth,
        // Refuse an oversized body while it streams in, before it is buffered.
        bodyLimit({
          maxSize: MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES,
          onError: (c) =>
            sendError(c, new ApiError(413, [UPLOAD_MESSAGES.tooLarge], { file: [UPLOAD_MESSAGES.tooLarge] })),
        }),
      ] as const,
      request: {
        params: businessIdParam,
        body: { required: true, content: { 'multipart/form-data': { schema: uploadForm } } },
      },
      // A body over the limit is refused with 413 and the same message (see bodyLimit above).
      responses: envelope(memoryData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id } = c.req.valid('param');
      await canEditMemories(deps.db, business_id, c.var.auth.user.id);
      const form = c.req.valid('form') as Record<string, unknown>;
      const file = form.file;
      if (!(file instanceof File)) throw invalid({ file: [UPLOAD_MESSAGES.missing] });
      if (file.size > MAX_UPLOAD_BYTES) throw invalid({ file: [UPLOAD_MESSAGES.tooLarge] });
      if (file.size === 0) throw invalid({ file: [UPLOAD_MESSAGES.empty] });
      const kind = fileKind(file.type, file.name);
      if (!kind) throw invalid({ file: [UPLOAD_MESSAGES.unsupported] });
      const bytes = new Uint8Array(await file.arrayBuffer());
      // Stored and served as what it claims to be, so it must be that: an SVG (script and all)
      // named .png is refused, not kept as image/png.
      const mimeType = storedMimeType(kind, file.name, file.type);
      if (!looksLike(kind, bytes, mimeType))
        throw invalid({
          file: [`This file is not a valid ${(kind === 'image' && IMAGE_LABEL[mimeType]) || KIND_LABEL[kind]}.`],
        });

      const type = field(form, 'type') || defaultType(kind);
      const status = field(form, 'status') || 'active';
      const errors: Record<string, string[]> = {};
      if (!(MEMORY_TYPES as readonly string[]).includes(type)) errors.type = [messages.memory.typeRequired];
      if (!(USER_MEMORY_STATUSES as readonly string[]).includes(status)) errors.status = [messages.memory.statusChoice];
      const title = field(form, 'title').slice(0, 300) || withoutExtension(file.name).slice(0, 300);
      const caption = field(form, 'content').slice(0, MAX_MEMORY_CONTENT_CHARS);
      if (Object.keys(errors).length) throw invalid(errors);

      // A damaged file is still kept (as 'failed', with the reason), so the owner sees what happened;
      // one over the extraction limits is refused, and nothing is stored.
      let text = '';
      const meta: Record<string, unknown> = { extracted_chars: 0 };
      let failed = false;
      try {
        const extracted = await extractText(bytes, file.type, file.name);
        text = extracted.text;
        meta.extracted_chars = text.length;
        if (extracted.pages !== undefined) meta.pages = extracted.pages;
        if (extracted.truncated) meta.truncated = true;
      } catch (error) {
        if (error instanceof ExtractionRefused) throw invalid({ file: [error.message] });
        if (error instanceof ExtractionBusy) throw new ApiError(503, [error.message]);
        failed = true;
        meta.error = UPLOAD_MESSAGES.unreadable;
        deps.log?.({
          level: 'warn',
          msg: 'file text extraction failed',
          error: error instanceof Error ? error.message : String(error),
        });
      }
      // An image (or a file without text) is known by its caption, else its title.
      const content = [caption, text].filter(Boolean).join('\n\n') || title;
      if (content.length > MAX_MEMORY_CONTENT_CHARS) meta.truncated = true;
      const key = `memories/${business_id}/${newId()}`;
      const storage = storageOf(deps);
      await storage.put(key, bytes, mimeType);
      try {
        const memory = await createMemory(
          deps,
          business_id,
          {
            type: type as MemoryType,
            status: failed ? 'failed' : (status as (typeof USER_MEMORY_STATUSES)[number]),
            title,
            content: content.slice(0, MAX_MEMORY_CONTENT_CHARS),
            file: { key, name: file.name.slice(0, 300), mimeType, sizeBytes: file.size },
            meta: { ...meta, kind, file_memory: (FILE_MEMORY_TYPES as readonly string[]).includes(type) },
          },
          { actorId: c.var.auth.user.id },
        );
        return ok(c, { memory: withFileUrl(deps, memory) }, ['Memory created.']);
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
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
