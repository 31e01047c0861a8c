import { parseEnv, type Env } from '#contract/env';

let cached: Env | undefined;
/** The settings, parsed once (server.ts already parsed them at start-up and failed fast). */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
