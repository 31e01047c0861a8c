import { NEW_OVERWRITE_DEFAULTS, type HoursOverwrite } from '#contract/schemas/business-settings';

/** A date the business is closed all day (Christmas Day, a bank holiday): a new special date as the settings page starts it. */
export const closedAllDay = (_id: string, date: string, note: string): HoursOverwrite => ({
  _id,
  date,
  note,
  ...NEW_OVERWRITE_DEFAULTS,
});

/** A date with opening hours of its own (a short Christmas Eve, New Year's Eve). */
export const openBetween = (_id: string, date: string, start: string, end: string, note: string): HoursOverwrite => ({
  _id,
  all_day: false,
  date,
  start,
  end,
  status: 'open',
  note,
});
