import type { ApiTimelineItem } from '#contract/envelope';
import type { Permission } from '#contract/permissions';
import type { PhoneFormat } from './phone-labels';

/**
 * The four timeline entities as the web app shows them: where their pages live, which v1
 * resource serves them, what their responses are called and which permissions guard them.
 */
/** One page of a timeline list: the dashboard lists' one page size. */
export { LIST_PAGE_SIZE as PAGE_SIZE } from './list-query';

export type TimelineKind = 'calls' | 'sms' | 'forms' | 'notes';

export type KindConfig = {
  /** Path segment under /dashboard. */
  path: TimelineKind;
  /** v1 resource: businesses/<api>/{business_id}/… */
  api: 'calls' | 'smses' | 'forms' | 'notes';
  /** Response keys: data.<many> for lists, data.<one> for get. */
  many: string;
  one: string;
  view: Permission;
  edit: Permission;
  title: string;
  /** How a sentence names one item ("Delete this call?"). */
  noun: string;
  type: ApiTimelineItem['type'];
};

export const TIMELINE_KINDS: Record<TimelineKind, KindConfig> = {
  calls: {
    path: 'calls',
    api: 'calls',
    many: 'calls',
    one: 'call',
    view: 'calls/view',
    edit: 'calls/edit',
    title: 'Calls',
    noun: 'call',
    type: 'call',
  },
  sms: {
    path: 'sms',
    api: 'smses',
    many: 'smses',
    one: 'sms',
    view: 'smses/view',
    edit: 'smses/edit',
    title: 'SMS',
    noun: 'SMS',
    type: 'sms',
  },
  forms: {
    path: 'forms',
    api: 'forms',
    many: 'forms',
    one: 'form',
    view: 'forms/view',
    edit: 'forms/edit',
    title: 'Forms',
    noun: 'form',
    type: 'form',
  },
  notes: {
    path: 'notes',
    api: 'notes',
    many: 'notes',
    one: 'note',
    view: 'notes/view',
    edit: 'notes/edit',
    title: 'Notes & tasks',
    noun: 'note',
    type: 'note',
  },
};

const KIND_OF_TYPE: Record<ApiTimelineItem['type'], TimelineKind> = {
  call: 'calls',
  sms: 'sms',
  form: 'forms',
  note: 'notes',
  // Website chat has no page of its own: it is read (with the SMS permission) in the inbox thread.
  chat: 'sms',
};

export function kindOf(item: Pick<ApiTimelineItem, 'type'>): KindConfig {
  return TIMELINE_KINDS[KIND_OF_TYPE[item.type]];
}

export function itemPath(item: Pick<ApiTimelineItem, 'type' | '_id'> & { customer_id?: string | null }): string {
  if (item.type === 'chat' && item.customer_id) return `/dashboard/inbox/${item.customer_id}`;
  return `/dashboard/${kindOf(item).path}/${item._id}`;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * The line a list shows for an item: a note's or an SMS's body, a call's summary, a form's
 * message; otherwise who it was from or to.
 */
export function itemText(item: ApiTimelineItem, phone: PhoneFormat): string {
  const details = item.details ?? {};
  return (
    text(item.body) ??
    text(details.summary) ??
    text(details.message) ??
    text(details.subject) ??
    phone(item.direction === 'outbound' ? text(item.to) : text(item.from)) ??
    ''
  );
}

/**
 * Who an item is with: its contact, else for a form the name or email the visitor typed,
 * else the other party's number.
 */
export function counterpart(item: ApiTimelineItem, phone: PhoneFormat): string {
  if (item.customer) return item.customer.name;
  if (item.type === 'note') return 'No contact';
  if (item.type === 'form') {
    const fields = item.details?.fields as Record<string, unknown> | undefined;
    return text(fields?.name) ?? text(fields?.email) ?? 'Web form';
  }
  return phone(item.direction === 'outbound' ? text(item.to) : text(item.from)) ?? 'Unknown caller';
}

/** A task is overdue once its reminder is past and it is not completed (docs/product.md#labels). */
export function isOverdue(item: Pick<ApiTimelineItem, 'reminder' | 'completed_at'>, now: Date): boolean {
  return Boolean(item.reminder && !item.completed_at && new Date(item.reminder).getTime() < now.getTime());
}

export function repeatText(repeat: ApiTimelineItem['repeat']): string | null {
  if (!repeat) return null;
  const unit = { day: 'day', week: 'week', month: 'month' }[repeat.every];
  if (repeat.interval === 1) return { day: 'Daily', week: 'Weekly', month: 'Monthly' }[repeat.every];
  return `Every ${repeat.interval} ${unit}s`;
}
