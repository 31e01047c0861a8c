import type { SubmissionResult } from '@conform-to/react';
import type { ApiMemory } from '#contract/envelope';
import {
  FILE_MEMORY_TYPES,
  MEMORY_TYPE_LABELS,
  MEMORY_TYPES,
  USER_MEMORY_STATUSES,
  type MemoryType,
} from '#contract/memory-terms';
import { markdownToPlainText } from './plain-text';

/** Memory types written in a form (the file types come from an upload instead). */
export const TEXT_MEMORY_TYPES = MEMORY_TYPES.filter(
  (type) => !(FILE_MEMORY_TYPES as readonly string[]).includes(type),
);

export const MEMORY_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  inactive: 'Inactive',
  processing: 'Processing',
  failed: 'Failed',
};

export function memoryTypeLabel(type: string): string {
  return MEMORY_TYPE_LABELS[type as MemoryType] ?? type;
}

export function isFileMemory(type: string): boolean {
  return (FILE_MEMORY_TYPES as readonly string[]).includes(type);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What a row shows: the title, else the first words of the content (as plain text, not markdown). */
export function memoryHeadline(memory: { title: string | null; content: string }): string {
  const text = memory.title?.trim() || markdownToPlainText(memory.content);
  return text.length > 90 ? `${text.slice(0, 90).trimEnd()}…` : text || '(empty)';
}

/** The contacts a question is linked to (the assistant records who asked it in meta). */
export function questionCustomerCount(memory: { meta?: Record<string, unknown> | null }): number {
  const meta = memory.meta ?? {};
  const ids = [...(Array.isArray(meta.customer_ids) ? meta.customer_ids : []), meta.customer_id].filter(
    (id) => typeof id === 'string' && id,
  );
  return new Set(ids).size;
}

/**
 * The "send the answer" option of a question, or null when nobody who asked can be told:
 * the contacts who asked (SMS or email), else the chat it was asked in (the answer is
 * posted there; see api/features/memories/question-replies.ts).
 */
export function sendAnswerLabel(memory: { meta?: Record<string, unknown> | null }): string | null {
  const customers = questionCustomerCount(memory);
  if (customers > 1) return `Send the answer to the ${customers} customers who asked`;
  if (customers === 1) return 'Send the answer to the customer';
  const channel = memory.meta?.channel;
  return channel === 'chat' || channel === 'voice' ? 'Post the answer in the chat where it was asked' : null;
}

export { isLearningActive } from './learning';

/** An answer refused in place: which question it belongs to, and conform's reply. */
export type QuestionReply = { questionId: string; result: SubmissionResult<string[]> };

/** The memory form's starting values (the form itself, app/routes/dashboard+/memories+/__memory-form.tsx, loads after the page). */
export type MemoryDefaults = {
  type: string;
  status: string;
  title: string;
  content: string;
  answer: string;
  source_url: string;
};

export function memoryDefaults(memory?: ApiMemory | null, type = 'text'): MemoryDefaults {
  return {
    type: memory?.type ?? type,
    // A file that failed to read (or is still being read) is offered as inactive until its owner says otherwise.
    status: !memory
      ? 'active'
      : (USER_MEMORY_STATUSES as readonly string[]).includes(memory.status)
        ? memory.status
        : 'inactive',
    title: memory?.title ?? '',
    content: memory?.content ?? '',
    answer: memory?.answer ?? '',
    source_url: memory?.source_url ?? '',
  };
}
