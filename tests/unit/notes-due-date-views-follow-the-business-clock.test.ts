import { describe, expect, it } from 'vitest';
import { dueFilters } from '../../app/lib/due-dates';

// Issue 22 item 13: notes & tasks are filtered by due date on the business's own clock.
describe('dueFilters', () => {
  // Wednesday 26 November 2025, 10:30 in London (UTC in winter) and 05:30 in New York.
  const now = new Date('2025-11-26T10:30:00Z');

  it('today and this week run from the start of the business day to the end of today and of Sunday, soonest first', () => {
    expect(dueFilters('today', now, 'Europe/London')).toEqual({
      sort_by: 'reminder',
      sort_order: 'asc',
      tasks_only: true,
      reminder: { from: '2025-11-26T00:00:00.000Z', to: '2025-11-26T23:59:59.999Z' },
    });
    expect(dueFilters('week', now, 'Europe/London').reminder).toEqual({
      from: '2025-11-26T00:00:00.000Z',
      to: '2025-11-30T23:59:59.999Z',
    });
    // New York's day starts at 05:00 UTC.
    expect(dueFilters('today', now, 'America/New_York').reminder).toEqual({
      from: '2025-11-26T05:00:00.000Z',
      to: '2025-11-27T04:59:59.999Z',
    });
  });

  it('on a Sunday this week is just that day', () => {
    const sunday = new Date('2025-11-30T12:00:00Z');
    expect(dueFilters('week', sunday, 'Europe/London').reminder).toEqual({
      from: '2025-11-30T00:00:00.000Z',
      to: '2025-11-30T23:59:59.999Z',
    });
  });

  it('overdue is open tasks due before now; no date is tasks without a reminder; any date filters nothing', () => {
    expect(dueFilters('overdue', now, 'Europe/London')).toEqual({
      sort_by: 'reminder',
      sort_order: 'asc',
      incomplete_tasks_only: true,
      reminder: { to: now.toISOString() },
    });
    expect(dueFilters('none', now, 'Europe/London')).toEqual({ tasks_only: true, without_reminder: true });
    expect(dueFilters('', now, 'Europe/London')).toEqual({});
  });
});
