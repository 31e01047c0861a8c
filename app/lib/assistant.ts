import type { SubmissionResult } from '@conform-to/react';
import type { ConversationAction, ConversationSource } from '#contract/schemas/conversation';
import { MEMORY_TYPE_LABELS, type MemoryType } from '#contract/memory-terms';

/*
 * The chat's labels and links, read by the chat pages' first load: nothing here defines a zod
 * schema (the correction's is in assistant.server.ts), so zod stays out of those pages.
 */

/** The title of the conversation the onboarding test starts. */
export const TEST_CONVERSATION_TITLE = 'Testing the assistant';

/** A correction refused in place: which answer it belongs to, and conform's reply. */
export type CorrectionReply = { messageId: string; result: SubmissionResult<string[]> };

/** What "From: …" under an answer says for one source. */
export function sourceLabel(source: ConversationSource): string {
  if (source.title?.trim()) return source.title.trim();
  if (source.kind === 'memory') return MEMORY_TYPE_LABELS[source.type as MemoryType] ?? 'Knowledge base';
  if (source.kind === 'service') return 'Services';
  const fields: Record<string, string> = {
    opening_hours: 'Opening hours',
    address: 'Address',
    telephones: 'Phone numbers',
    email: 'Email',
    website: 'Website',
  };
  return fields[source.type] ?? 'Business details';
}

/** Where a source links: memories to their page (for members who may view them). */
export function sourceHref(source: ConversationSource, links: ChatLinks): string | null {
  if (source.kind === 'memory' && source._id && links.memories) return `/dashboard/memories/${source._id}`;
  if (source.kind === 'business' && source.type === 'opening_hours') return '/dashboard/assistant-settings';
  return null;
}

/** What the assistant did, in a few words. */
export function actionLabel(action: ConversationAction): string {
  switch (action.type) {
    case 'task_created':
      return 'Task created';
    case 'task_updated':
      return 'Task updated';
    case 'question_recorded':
      return action.duplicate ? 'Question passed to the team (asked before)' : 'Question passed to the team';
    case 'customer_found':
      return 'Contact recognised';
    case 'order_created':
      return 'Order taken';
    case 'appointment_booked':
      return 'Appointment booked';
  }
}

/** Which pages the member may open from a chat (the loader knows their permissions). */
export type ChatLinks = { memories: boolean; notes: boolean; customers: boolean; orders?: boolean };

/** Where an action links (a task note, the question memory, the contact), when the member may open it. */
export function actionHref(action: ConversationAction, links: ChatLinks): string | null {
  switch (action.type) {
    case 'task_created':
    case 'task_updated':
      return links.notes ? `/dashboard/notes/${action.note_id}` : null;
    case 'question_recorded':
      return links.memories ? `/dashboard/memories/${action.memory_id}` : null;
    case 'customer_found':
      return links.customers ? `/dashboard/customers/${action.customer_id}` : null;
    case 'order_created':
      return links.orders ? `/dashboard/orders/${action.order_id}` : null;
    case 'appointment_booked':
      return links.customers ? `/dashboard/appointments/${action.appointment_id}` : null;
  }
}
