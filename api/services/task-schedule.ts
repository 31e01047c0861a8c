/**
 * Time arithmetic of tasks, in the business's timezone: a daily task at 09:00 stays at
 * 09:00 local time across daylight-saving changes, and a monthly task on the 31st falls on
 * the last day of shorter months without drifting to the 28th for ever after.
 */
export type RepeatRule = { every: 'day' | 'week' | 'month'; interval: number };

type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number; ms: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time at `date` in `timeZone`. */
export function wallTime(date: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(date))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
    ms: date.getUTCMilliseconds(),
  };
}

/** How far `timeZone` is ahead of UTC at `date`, in ms. */
function offsetAt(date: Date, timeZone: string): number {
  const w = wallTime(date, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms) - date.getTime();
}

/**
 * The instant a wall-clock time happens in `timeZone`. A time skipped by a DST jump maps
 * to the same distance after the jump (01:30 on the spring-forward night is 02:30); an
 * ambiguous one (the autumn hour that happens twice) to its first occurrence.
 */
export function fromWallTime(w: WallTime, timeZone: string): Date {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);
  const before = offsetAt(new Date(naive - 12 * 3_600_000), timeZone);
  const after = offsetAt(new Date(naive + 12 * 3_600_000), timeZone);
  const valid = [naive - before, naive - after].filter(
    (candidate) => offsetAt(new Date(candidate), timeZone) === naive - candidate,
  );
  return new Date(valid.length ? Math.min(...valid) : naive - before);
}

const OFFSET_SUFFIX = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A reminder as the API receives it: an ISO instant ("2026-05-01T09:00:00Z", with an
 * offset), or a wall-clock time without one ("2026-05-01T09:00", what a datetime-local
 * input sends), which means that time in the business's timezone.
 */
export function parseReminder(value: string, timeZone: string): Date {
  const text = value.trim();
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(text);
  if (local && !OFFSET_SUFFIX.test(text)) {
    const [, year, month, day, hour = '0', minute = '0', second = '0', ms = '0'] = local;
    return fromWallTime(
      {
        year: +year,
        month: +month,
        day: +day,
        hour: +hour,
        minute: +minute,
        second: +second,
        ms: Number(ms.padEnd(3, '0')),
      },
      timeZone,
    );
  }
  return new Date(text);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `start` moved on by `steps` periods of the rule, in local time. */
function occurrence(start: WallTime, rule: RepeatRule, steps: number, timeZone: string): Date {
  if (rule.every === 'month') {
    const index = start.month - 1 + steps * rule.interval;
    const year = start.year + Math.floor(index / 12);
    const month = (index % 12) + 1;
    return fromWallTime({ ...start, year, month, day: Math.min(start.day, daysInMonth(year, month)) }, timeZone);
  }
  const days = steps * rule.interval * (rule.every === 'week' ? 7 : 1);
  const date = new Date(Date.UTC(start.year, start.month - 1, start.day + days));
  return fromWallTime(
    { ...start, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
    timeZone,
  );
}

/**
 * The next reminder of a repeated task: the first occurrence of the series that started at
 * `anchor` coming after `after` (the current reminder or now, whichever is later), so a
 * task completed late (or a server that was down for a week) yields one upcoming task, not
 * a backlog of overdue ones.
 */
export function nextReminder(anchor: Date, rule: RepeatRule, timeZone: string, after: Date): Date {
  const start = wallTime(anchor, timeZone);
  const limit = Math.max(anchor.getTime(), after.getTime());
  // Jump close to `limit` first, so a years-old daily task does not loop thousands of times.
  const periodMs = rule.interval * (rule.every === 'month' ? 28 : rule.every === 'week' ? 7 : 1) * 86_400_000;
  let steps = Math.max(1, Math.floor((limit - anchor.getTime()) / periodMs) - 2);
  // The estimate may overshoot (months are longer than 28 days): step back while it does.
  while (steps > 1 && occurrence(start, rule, steps - 1, timeZone).getTime() > limit) steps -= 1;
  let next = occurrence(start, rule, steps, timeZone);
  while (next.getTime() <= limit) next = occurrence(start, rule, ++steps, timeZone);
  return next;
}
