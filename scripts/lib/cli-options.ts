/** A positive whole-number option of a script: `--name N` on the command line, else the environment, else the default. */
export function option(name: string, envName: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const raw = index >= 0 ? process.argv[index + 1] : process.env[envName];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} (${envName}) must be a positive whole number, got ${raw}`);
  return value;
}
