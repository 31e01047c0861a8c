/**
 * A service's statuses, frequency units, duration limits and their labels, apart from the
 * service schema (contract/schemas/service.ts, which re-exports them) so that the services
 * pages show them without loading zod.
 */
/** Service statuses: active (offered; the assistant quotes it) or inactive (kept, not offered). */
export const SERVICE_STATUSES = ['active', 'inactive'] as const;
export const SERVICE_STATUS_LABELS: Record<(typeof SERVICE_STATUSES)[number], string> = {
  active: 'Active',
  inactive: 'Inactive',
};

/** The unit a service's frequency counts in; a frequency sent without one is in days. */
export const FREQUENCY_UNITS = ['day', 'week', 'month'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];
export const FREQUENCY_UNIT_LABELS: Record<FrequencyUnit, string> = { day: 'Days', week: 'Weeks', month: 'Months' };
/** Days per unit, to sort and cap mixed units (a month counted as 30 days). */
export const FREQUENCY_UNIT_DAYS: Record<FrequencyUnit, number> = { day: 1, week: 7, month: 30 };
/** No service recurs less often than once a century; the cap is per unit, so the form can say it. */
export const MAX_FREQUENCY: Record<FrequencyUnit, number> = { day: 36500, week: 5200, month: 1200 };
export const FREQUENCY_TOO_LONG = 'Service frequency must be at most 100 years.';

/** How long a visit lasts: an appointment for the service without an end lasts this long. */
export const DEFAULT_SERVICE_MINUTES = 60;
export const MIN_SERVICE_MINUTES = 5;
export const MAX_SERVICE_MINUTES = 24 * 60;
export const SERVICE_DURATION_INVALID = `Service duration must be a whole number of minutes from ${MIN_SERVICE_MINUTES} to ${MAX_SERVICE_MINUTES}.`;

/** "45 min", "1 hr", "1 hr 30 min". */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} hr ${rest} min` : `${hours} hr`;
}

/** "One-off", "Every day", "Every 2 weeks", "Every 3 months". */
export function frequencyLabel(count: number, unit: FrequencyUnit = 'day'): string {
  if (count === 0) return 'One-off';
  if (count === 1) return `Every ${unit}`;
  return `Every ${count} ${unit}s`;
}

/** Over the cap for its unit (an unknown unit is left to the unit's own check). */
export const frequencyTooLong = (count: number, unit: string | undefined) =>
  count > (MAX_FREQUENCY[(unit ?? 'day') as FrequencyUnit] ?? Infinity);
