import { DEFAULT_OPENING_HOURS, type BusinessSettings } from '#contract/schemas/business-settings';
import { fromWallTime } from '../task-schedule';
import { localDateParts, openNow } from './hours';

/**
 * When a task the assistant creates (a caller to ring back, a question to answer, an order
 * to sort out) falls due: within the team's working time, so it is never overdue at birth
 * and its reminder does not wake anybody at night.
 *
 * - Open now: after a short grace (the team gets a moment to act before it counts as late),
 *   but never after today's closing time.
 * - Closed now: the next opening time, overwrites (holidays) included.
 * - No opening hours set: the usual working week (Monday to Friday, 9am to 5pm) stands in,
 *   so the task is due the next working morning at 9am on the business's own clock.
 */
export const TASK_GRACE_MINUTES = 30;

/** A business closed for the whole look-ahead is asked again a day later rather than never. */
const FALLBACK_MS = 24 * 60 * 60 * 1000;

function wallInstant(date: string, time: string, timezone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return fromWallTime({ year, month, day, hour, minute, second: 0, ms: 0 }, timezone);
}

export function taskDueAt(settings: BusinessSettings, now: Date): Date {
  const hours: BusinessSettings = settings.opening_hours
    ? settings
    : { ...settings, opening_hours: DEFAULT_OPENING_HOURS };
  const state = openNow(hours, now);
  const grace = new Date(now.getTime() + TASK_GRACE_MINUTES * 60_000);
  if (state.open === true) {
    const today = localDateParts(now, settings.timezone).date;
    const closes = state.closes_at ? wallInstant(today, state.closes_at, settings.timezone) : grace;
    return closes > now && closes < grace ? closes : grace;
  }
  if (state.next_open) return wallInstant(state.next_open.date, state.next_open.start, settings.timezone);
  return new Date(now.getTime() + FALLBACK_MS);
}
