import { TIMEZONES, timezoneCity, timezoneGroups } from '#contract/timezones';

/**
 * The options of a timezone picker: zones by city, grouped by region, so an owner picks
 * "London" under Europe instead of typing an IANA name. A saved zone that is not in the
 * list (one Intl accepts under another name) stays selectable.
 */
export function TimezoneOptions({ current }: { current?: string | null }) {
  return (
    <>
      {timezoneGroups(current).map(({ region, zones }) => (
        <optgroup key={region} label={region}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {TIMEZONES.includes(zone) || !zone.includes('/') ? timezoneCity(zone) : zone}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
