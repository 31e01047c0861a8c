/**
 * Memory types, statuses, limits and labels, apart from the memory schema
 * (contract/schemas/memory.ts, which re-exports them) so that the memories pages show them
 * without loading zod.
 */
/** The twelve memory types (docs/product.md#entities). */
export const MEMORY_TYPES = [
  'web_page',
  'question',
  'answered_question',
  'ignored_question',
  'pdf',
  'image',
  'text',
  'file',
  'feedback',
  'category',
  'product',
  'order',
] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

export const MEMORY_TYPE_LABELS: Record<MemoryType, string> = {
  web_page: 'Web page',
  question: 'Question to answer',
  answered_question: 'Answered question',
  ignored_question: 'Ignored question',
  pdf: 'PDF',
  image: 'Image',
  text: 'Text',
  file: 'File',
  feedback: 'Feedback',
  category: 'Category',
  product: 'Product',
  order: 'Order',
};

/** Memory statuses: active (the assistant uses it), inactive (kept, not used), processing (a file being read), failed. */
export const MEMORY_STATUSES = ['active', 'inactive', 'processing', 'failed'] as const;
/** The statuses a person chooses; processing and failed belong to the upload reader (api/features/memories/upload.ts). */
export const USER_MEMORY_STATUSES = ['active', 'inactive'] as const;

/** The memory types whose content comes from an uploaded file. */
export const FILE_MEMORY_TYPES = ['pdf', 'image', 'file'] as const;

/** Upload limits (clear errors when passed). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** The most a memory's content holds, whoever writes it (a longer extracted text is cut here). */
export const MAX_MEMORY_CONTENT_CHARS = 200_000;
/** List calls and list pages answer this much of each content (the memory's own call and page have it whole). */
export const MEMORY_PREVIEW_CHARS = 300;

/** The start of a content for a list, with "…" when it was cut (so longer than MEMORY_PREVIEW_CHARS means cut). */
export const memoryPreview = (content: string) =>
  content.length > MEMORY_PREVIEW_CHARS ? `${content.slice(0, MEMORY_PREVIEW_CHARS)}…` : content;
