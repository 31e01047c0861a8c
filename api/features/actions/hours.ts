import type { BusinessSettings } from '#contract/schemas/business-settings';
import { openNow } from '#api/services/assistant/hours';
import { fromWallTime } from '#api/services/task-schedule';

/**
 * When a message may go out under "opening hours only": at `at` when the business is open
 * then (or has not said its hours: nothing to honour), else at its next opening on its own
 * wall clock. A business closed for the whole look-ahead (three weeks) is asked again a day
 * later rather than never.
 */
export function nextSendTime(settings: BusinessSettings, at: Date): Date {
  const state = openNow(settings, at);
  if (state.open !== false) return at;
  if (!state.next_open) return new Date(at.getTime() + 24 * 60 * 60 * 1000);
  const [year, month, day] = state.next_open.date.split('-').map(Number);
  const [hour, minute] = state.next_open.start.split(':').map(Number);
  const opens = fromWallTime({ year, month, day, hour, minute, second: 0, ms: 0 }, settings.timezone);
  return opens > at ? opens : at;
}
