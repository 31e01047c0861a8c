import { createRequire } from 'node:module';
import type Twilio from 'twilio';

let sdk: typeof Twilio | undefined;

/**
 * The Twilio SDK, required (CommonJS, synchronously) on first use: ~25 MB a server without
 * Twilio credentials never needs to hold.
 */
export function twilioSdk(): typeof Twilio {
  return (sdk ??= createRequire(import.meta.url)('twilio') as typeof Twilio);
}
