import type { NotificationPreferences } from '#contract/schemas/business-settings';

/** Minutes since midnight of `at` in `timezone` (an IANA name; unknown names fall back to UTC). */
export function minutesInTimezone(at: Date, timezone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
  }
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  return (hour % 24) * 60 + minute;
}

function toMinutes(hhmm: string): number {
  const [hour, minute] = hhmm.split(':').map(Number);
  return (hour || 0) * 60 + (minute || 0);
}

/**
 * Whether `at` falls in the member's quiet hours, read in the business's timezone. The
 * window is [start, end): 21:00–07:00 wraps midnight; start = end means no window.
 */
export function inQuietHours(quiet: NotificationPreferences['quiet_hours'], at: Date, timezone: string): boolean {
  if (!quiet.enabled) return false;
  const start = toMinutes(quiet.start);
  const end = toMinutes(quiet.end);
  if (start === end) return false;
  const now = minutesInTimezone(at, timezone);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * Urgent callers override quiet hours (when urgent_override is on). A notification is urgent
 * when it is a missed call or a voicemail and the same customer called URGENT_CALLS times or
 * more within URGENT_WINDOW_MS before it (someone who keeps ringing wants an answer now).
 */
export const URGENT_KINDS = new Set(['missed_call', 'voicemail']);
export const URGENT_CALLS = 2;
export const URGENT_WINDOW_MS = 15 * 60_000;

/** Push now or hold it: quiet hours silence everything but urgent callers (when the member lets them through). */
export function quietHoursDecision(
  quiet: NotificationPreferences['quiet_hours'],
  at: Date,
  timezone: string,
  urgent: boolean,
): 'send' | 'quiet' {
  if (!inQuietHours(quiet, at, timezone)) return 'send';
  return urgent && quiet.urgent_override ? 'send' : 'quiet';
}
