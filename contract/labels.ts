/**
 * Display labels of docs/product.md#labels, shared by the web app, the API's notifications and
 * (later) the native app, so every screen says the same thing.
 */
import { dateTimeFormat } from './date-format';

export type LabelledItem = {
  type: 'call' | 'sms' | 'form' | 'note' | 'chat';
  direction?: 'inbound' | 'outbound' | null;
  status?: string | null;
  reminder?: string | null;
  repeated?: boolean;
  completed_at?: string | null;
  internal?: boolean;
  customer_id?: string | null;
};

/**
 * Notes: with a reminder it is a Task (Complete Task once completed_at is set, Overdue Task
 * once the reminder is past), with "Repeated" wording for repeated tasks. Without a
 * reminder: internal → Task; no customer and not internal → Note to Assistant; otherwise
 * Note to self.
 */
export function noteLabel(item: LabelledItem, now: Date = new Date()): string {
  if (item.reminder) {
    const task = item.repeated ? 'Repeated Task' : 'Task';
    if (item.completed_at) return `Complete ${task}`;
    if (new Date(item.reminder).getTime() < now.getTime()) return `Overdue ${task}`;
    return task;
  }
  if (item.internal) return 'Task';
  if (!item.customer_id) return 'Note to Assistant';
  return 'Note to self';
}

/** Calls: Voicemail and Missed Call by status, otherwise Inbound or Outbound. */
export function callLabel(item: Pick<LabelledItem, 'direction' | 'status'>): string {
  if (item.status === 'voicemail') return 'Voicemail';
  if (item.status === 'missed_call') return 'Missed Call';
  return item.direction === 'outbound' ? 'Outbound' : 'Inbound';
}

export function timelineLabel(item: LabelledItem, now: Date = new Date()): string {
  switch (item.type) {
    case 'note':
      return noteLabel(item, now);
    case 'call':
      return callLabel(item);
    case 'sms':
      return item.direction === 'outbound' ? 'SMS sent' : 'SMS';
    case 'form':
      return 'Form';
    case 'chat':
      return item.direction === 'outbound' ? 'Chat reply' : 'Chat';
  }
}

/** System status: active shows as active, anything else as requires setup. */
export function systemStatusLabel(status: string | null | undefined): string {
  return status === 'active' ? 'active' : 'requires setup';
}

function dayKey(date: Date, timeZone: string): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** Notification times: "Today 14:05", "Yesterday 09:30", or the date with HH:mm. */
export function notificationTime(value: string | Date, now: Date = new Date(), timeZone = 'UTC'): string {
  const date = new Date(value);
  const time = dateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(date);
  const day = dayKey(date, timeZone);
  if (day === dayKey(now, timeZone)) return `Today ${time}`;
  if (day === dayKey(new Date(now.getTime() - 24 * 60 * 60 * 1000), timeZone)) return `Yesterday ${time}`;
  const when = dateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(date);
  return `${when} ${time}`;
}
