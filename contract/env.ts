import { z } from 'zod';

/**
 * Every setting, with its default (the embedded part of DESIGN.md's table). Parsed once at
 * start-up; a bad value stops the server with a readable message (formatEnvError).
 * `.env.example` documents the same list.
 */
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url({ error: 'must be a URL such as https://example.com' }).optional());

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1'));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Product behaviour: production requires SESSION_SECRET and hides /dev/outbox (Secure cookies follow PUBLIC_URL). */
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  SESSION_SECRET: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
      .optional(),
  ),
  /** When set, the auth rate limits count in this Redis, shared by every instance (else PostgreSQL with DATABASE_URL, else memory). */
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
      .optional(),
  ),
  API_URL: optionalUrl,
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int().positive().default(10),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  PUSHER_APP_ID: optionalString,
  PUSHER_KEY: optionalString,
  PUSHER_SECRET: optionalString,
  PUSHER_HOST: optionalString,
  PUSHER_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(1, { error: 'must be a port number' })
    .max(65535)
    .optional(),
  PUSHER_USE_TLS: bool,
  PUSHER_CLUSTER: optionalString,
  /** Websocket connections the embedded realtime server accepts in all, and from one client address (TRUST_PROXY decides the address). */
  REALTIME_MAX_CONNECTIONS: z.coerce.number({ error: 'must be a number' }).int().positive().default(10_000),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number({ error: 'must be a number' }).int().positive().default(100),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
      .optional(),
  ),
  MAIL_FROM: z.string().default('Business Assistant <no-reply@localhost>'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** The SigV4 signing region; unset: us-east-1 (MinIO, R2 and most S3-compatible services accept it). */
  S3_REGION: optionalString,
  TWILIO_ACCOUNT_SID: optionalString.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'must be the account SID: AC followed by 32 hex digits' })
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalString,
  ONESIGNAL_APP_ID: optionalString,
  ONESIGNAL_API_KEY: optionalString,
  ASSISTANT_BASE_URL: optionalUrl,
  ASSISTANT_API_KEY: optionalString,
  ASSISTANT_MODEL: optionalString,
  /** Voice: auto (embedded when installed) | embedded | openai (the /audio endpoints) | off. */
  ASSISTANT_SPEECH: z
    .enum(['auto', 'embedded', 'openai', 'off'], { error: 'must be auto, embedded, openai or off' })
    .default('auto'),
  ASSISTANT_SPEECH_BASE_URL: optionalUrl,
  ASSISTANT_STT_MODEL: optionalString,
  ASSISTANT_TTS_MODEL: optionalString,
  ASSISTANT_TTS_VOICE: optionalString,
  DIRECTORY_URL: optionalUrl,
  ADDRESS_LOOKUP_URL: optionalUrl,
  SUPPORT_EMAIL: optionalString,
  /**
   * Which peers may say who the client is through X-Forwarded-For (express's "trust proxy"):
   * `loopback` (default: a proxy on the same machine), a hop count (`1` behind one load
   * balancer), or a comma-separated list of addresses/subnets (`10.0.0.0/8,loopback`).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('loopback')
    .transform((value, ctx) => {
      if (/^\d+$/.test(value)) return Number(value);
      if (value === 'false') return false;
      const parts = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (value === 'true' || parts.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be loopback, a hop count or a list of addresses/subnets (true would trust anyone to choose their address)',
        });
        return z.NEVER;
      }
      return parts;
    }),
  /**
   * Lets the website data loader reach loopback addresses (127.0.0.0/8, ::1): only for the
   * project's own fixture sites in tests and e2e. Off by default; refused with APP_ENV=production.
   * Private, link-local and every other non-public address stay refused.
   */
  OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: bool,
  /** When set, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>` (docs/deploy.md). */
  METRICS_TOKEN: optionalString,
  /** What helpers/check-version answers as the latest app version; unset: this server's own version. */
  LATEST_APP_VERSION: optionalString,
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(raw: Record<string, string | undefined> = process.env): Env {
  // An empty value (PORT=) means "not set": the default applies, as for a missing one.
  const source = Object.fromEntries(
    Object.entries(raw).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map(
        (issue) => `${issue.path.join('.')}=${JSON.stringify(source[String(issue.path[0])] ?? '')}: ${issue.message}`,
      ),
    );
  }
  const env = result.data;
  if (env.ASSISTANT_SPEECH === 'openai' && !env.ASSISTANT_SPEECH_BASE_URL && !env.ASSISTANT_BASE_URL) {
    throw new EnvError([
      'ASSISTANT_SPEECH="openai": needs ASSISTANT_BASE_URL or ASSISTANT_SPEECH_BASE_URL (an OpenAI-compatible API with /audio endpoints)',
    ]);
  }
  if (Boolean(env.TWILIO_ACCOUNT_SID) !== Boolean(env.TWILIO_AUTH_TOKEN)) {
    // One without the other would silently fall back to the sandbox.
    throw new EnvError([
      `${env.TWILIO_ACCOUNT_SID ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_ACCOUNT_SID'}: is required with ${env.TWILIO_ACCOUNT_SID ? 'TWILIO_ACCOUNT_SID' : 'TWILIO_AUTH_TOKEN'} (Twilio needs both; leave both unset for the sandbox)`,
    ]);
  }
  if (env.APP_ENV === 'production' && env.OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS) {
    throw new EnvError([
      'OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: must not be set when APP_ENV=production (it lets users make the server fetch its own machine)',
    ]);
  }
  if (env.APP_ENV === 'production' && !env.SESSION_SECRET) {
    throw new EnvError([
      'SESSION_SECRET: is required when APP_ENV=production (a long random string; several comma-separated to rotate)',
    ]);
  }
  return env;
}
