/**
 * Intl.DateTimeFormat instances, made once per locale, options and zone and then reused:
 * building one costs far more than formatting with it, and a page formats a time for every
 * row (timeline, notifications). An unknown zone still throws a RangeError, as the
 * constructor does; the cache is bounded, as zones come from business settings.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATS = 500;

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}
