import { dateToZonedLocal, zonedLocalToDate } from './timezone';

/** The due-date views of notes & tasks; each is a notes list filter (the reminder is the due date). */
export const DUE_VIEWS = [
  { key: '', label: 'Any date' },
  { key: 'overdue', label: 'Overdue' },
  { key: 'today', label: 'Due today' },
  { key: 'week', label: 'Due this week' },
  { key: 'none', label: 'No date' },
] as const;
export type DueView = (typeof DUE_VIEWS)[number]['key'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight starting the wall-clock day `days` after the one `now` is in, in the business's zone. */
function dayStart(now: Date, timeZone: string, days: number): Date {
  const [y, m, d] = dateToZonedLocal(now, timeZone).slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
  return zonedLocalToDate(`${date}T00:00`, timeZone) ?? now;
}

/** Days from the business's today to its next Monday (weeks run Monday to Sunday). */
function daysToNextMonday(now: Date, timeZone: string): number {
  const [y, m, d] = dateToZonedLocal(now, timeZone).slice(0, 10).split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday … 6 Saturday
  return weekday === 0 ? 1 : 8 - weekday;
}

const justBefore = (date: Date) => new Date(date.getTime() - 1).toISOString();

/**
 * The notes list call's filters for a due-date view, on the business's wall clock: overdue
 * is open tasks due before now; today and this week run from the day's start (so a task due
 * earlier today is still today's) to the end of today or Sunday; no date is tasks without a
 * reminder. Every dated view is ordered by due date, soonest first.
 */
export function dueFilters(view: DueView, now: Date, timeZone: string): Record<string, unknown> {
  const byDue = { sort_by: 'reminder', sort_order: 'asc' };
  switch (view) {
    case 'overdue':
      return { ...byDue, incomplete_tasks_only: true, reminder: { to: now.toISOString() } };
    case 'today':
      return {
        ...byDue,
        tasks_only: true,
        reminder: { from: dayStart(now, timeZone, 0).toISOString(), to: justBefore(dayStart(now, timeZone, 1)) },
      };
    case 'week':
      return {
        ...byDue,
        tasks_only: true,
        reminder: {
          from: dayStart(now, timeZone, 0).toISOString(),
          to: justBefore(dayStart(now, timeZone, daysToNextMonday(now, timeZone))),
        },
      };
    case 'none':
      return { tasks_only: true, without_reminder: true };
    default:
      return {};
  }
}
