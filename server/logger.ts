/** One JSON object per line on stdout: easy to grep, easy to ship to any log store. */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, fatal: 50, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;
export type Logger = (line: { level: Exclude<LogLevel, 'silent'>; msg: string; [key: string]: unknown }) => void;

/**
 * A failed query's error text (drizzle: "Failed query: <sql>\nparams: <values>") loses its
 * values before it is written, whichever call site logged it: the values can be a password
 * hash or a reset code. api/lib/db-errors.ts describeError says it without them to begin with.
 */
const QUERY_PARAMS = /(Failed query: [^\n]*)\nparams: [\s\S]*?(?=\n {4}at |$)/g;
const withoutQueryParams = (value: unknown) =>
  typeof value === 'string' && value.includes('Failed query: ')
    ? value.replace(QUERY_PARAMS, '$1\nparams: [not logged]')
    : value;

export function createLogger(
  minLevel: LogLevel = 'info',
  write: (text: string) => void = (text) => process.stdout.write(text),
): Logger {
  return (line) => {
    if (LEVELS[line.level] < LEVELS[minLevel]) return;
    const safe = Object.fromEntries(Object.entries(line).map(([key, value]) => [key, withoutQueryParams(value)]));
    write(`${JSON.stringify({ time: new Date().toISOString(), ...safe })}\n`);
  };
}
