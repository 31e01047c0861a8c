import type { Env } from '#contract/env';
import type { Db } from './db/client';
import type { OutboundPolicy } from './lib/outbound-url';
import type { AddressLookup } from './features/address-lookup/lookup';
import type { Directory } from './services/directory';
import type { Mailer } from './services/mailer';
import type { Storage } from './services/storage';
import type { Broadcaster } from './services/realtime';
import type { Speech } from './services/speech/types';
import type { TelephonyProvider } from './services/telephony/provider';

/** Everything the v1 app needs from outside; server.ts builds it, tests build their own. */
export type ApiDeps = {
  db: Db;
  env: Pick<Env, 'APP_ENV'>;
  mailer: Mailer;
  telephony: TelephonyProvider;
  /**
   * Twilio credentials (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN) when the Twilio provider is in
   * use: the webhooks verify X-Twilio-Signature with the auth token. Unset: every Twilio
   * webhook is refused (the sandbox delivers its traffic in process, never over HTTP).
   */
  twilio?: { accountSid: string; authToken: string };
  /**
   * OneSignal (ONESIGNAL_APP_ID, ONESIGNAL_API_KEY): every member notification is also pushed
   * (api/services/push). Unset: nothing push-related happens.
   */
  push?: { appId: string; apiKey: string };
  directory: Directory;
  /**
   * What requests to addresses users choose (the website data loader) may reach: unset =
   * public addresses only; server.ts allows loopback with OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS.
   */
  outbound?: OutboundPolicy;
  /** Nominatim-compatible address search (ADDRESS_LOOKUP_URL); absent = parse and known addresses only. */
  addressLookup?: AddressLookup;
  broadcaster: Broadcaster;
  clock: { now(): Date };
  /** The local files directory (server.ts: DATA_DIR/files): the storage's root when `storage` is unset. */
  filesDir?: string;
  /**
   * Every stored file (memory uploads, voice turns, call recordings under recordings/);
   * server.ts: S3 when S3_* is set, else DATA_DIR/files. Unset: files under filesDir, else
   * kept in memory (see storageOf).
   */
  storage?: Storage;
  /** Signs short-lived file URLs (recordings); unset: a random key per process. */
  signingSecret?: string;
  /** The openai-compatible assistant (ASSISTANT_BASE_URL, ASSISTANT_API_KEY, ASSISTANT_MODEL); unset = built-in only. */
  assistantModel?: { baseUrl: string; apiKey?: string; model: string };
  /** Voice: speech to text and text to speech; unset or null parts = voice is unavailable. */
  speech?: Speech;
  /** Where users open the web app (links in emails): PUBLIC_URL, else http://localhost:{PORT}. */
  publicUrl?: string;
  /** Where helpers/support requests go (SUPPORT_EMAIL); unset: the outbox only. */
  supportEmail?: string;
  version: string;
  /** helpers/check-version's answer when set (LATEST_APP_VERSION), e.g. when a newer native build is out. */
  latestVersion?: string;
  log?: (line: { level: 'debug' | 'info' | 'warn' | 'error' | 'fatal'; msg: string; [key: string]: unknown }) => void;
};
