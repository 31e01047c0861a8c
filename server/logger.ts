/** One JSON object per line on stdout: easy to grep, easy to ship to any log store. */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, fatal: 50, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;
export type Logger = (line: { level: Exclude<LogLevel, 'silent'>; msg: string; [key: string]: unknown }) => void;

export function createLogger(minLevel: LogLevel = 'info', write: (text: string) => void = (text) => process.stdout.write(text)): Logger {
  return (line) => {
    if (LEVELS[line.level] < LEVELS[minLevel]) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), ...line })}\n`);
  };
}
