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
import type { memories } from '#contract/v1/memories';
import { newId } from '#api/lib/crypto';
import { ApiError, invalid, sendError } from '#api/lib/errors';
import type { CallHandler } from '#api/lib/v1-call';
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
import { createMemory } from '#api/features/memories/service';
import { withFileUrl } from '#api/features/memories/files';
import { storageOf } from '#api/services/storage';

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

/** Refuses an oversized body (413, the same message) while it streams in, before it is buffered. */
export const uploadBodyLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES,
  onError: (c) => sendError(c, new ApiError(413, [UPLOAD_MESSAGES.tooLarge], { file: [UPLOAD_MESSAGES.tooLarge] })),
});

/**
 * businesses/memories/{business_id}/upload: the file becomes a memory, its text extracted and
 * searchable. The form is read and checked here, with a clear message per case.
 */
export const uploadMemory: CallHandler<typeof memories.upload> = async (c, { params, body: form }) => {
  const { deps } = c.var;
  const { business_id } = params;
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
    return { data: { memory: withFileUrl(deps, memory) }, messages: ['Memory created.'] };
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
};
