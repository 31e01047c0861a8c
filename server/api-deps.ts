import path from 'node:path';
import type { ApiDeps } from '../api/deps';
import type { Db } from '../api/db/client';
import { createAddressLookup } from '../api/features/address-lookup/lookup';
import { createDirectory } from '../api/services/directory';
import { createMailer } from '../api/services/mailer';
import { createStorage } from '../api/services/storage';
import { createSandboxTelephony } from '../api/services/telephony/sandbox';
import { createTwilioTelephony, twilioCredentials } from '../api/services/telephony/twilio';
import { describeSpeech, detectSpeech } from '../api/services/speech/index';
import type { Env } from '../contract/env';
import type { Logger } from './logger';

/**
 * The v1 API's dependencies from the environment: each part its embedded default or the real
 * service its settings name (speech, telephony, push, mail, storage, the assistant's model),
 * with one log line saying which was chosen.
 */
export async function composeApiDeps(options: {
  env: Env;
  db: Db;
  broadcaster: ApiDeps['broadcaster'];
  log: Logger;
  version: string;
}): Promise<ApiDeps> {
  const { env, db, broadcaster, log, version } = options;
  // Voice: the OpenAI-compatible /audio endpoints, or pocketsphinx and espeak-ng when installed (docs/speech.md).
  const speech = await detectSpeech(env);
  log({ level: 'info', msg: describeSpeech(speech) });
  // Twilio when both credentials are set (docs/telephony.md), else the embedded sandbox.
  const twilio = twilioCredentials(env);
  log({
    level: 'info',
    msg: twilio
      ? 'telephony: Twilio (webhooks under PUBLIC_URL/api/v1/webhooks/twilio/)'
      : 'telephony: sandbox (nothing leaves this machine)',
  });
  if (twilio && !env.PUBLIC_URL)
    log({
      level: 'warn',
      msg: 'telephony: Twilio is configured but PUBLIC_URL is not set: Twilio cannot reach the webhooks',
    });
  // Push (docs/push.md): OneSignal when both settings are set, else nothing is pushed.
  const push =
    env.ONESIGNAL_APP_ID && env.ONESIGNAL_API_KEY
      ? { appId: env.ONESIGNAL_APP_ID, apiKey: env.ONESIGNAL_API_KEY }
      : undefined;
  log({
    level: 'info',
    msg: push
      ? 'push: OneSignal (member notifications are pushed)'
      : 'push: off (ONESIGNAL_APP_ID and ONESIGNAL_API_KEY unset)',
  });
  return {
    db,
    env,
    mailer: createMailer({ db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
    telephony: twilio ? createTwilioTelephony(twilio) : createSandboxTelephony(db),
    twilio,
    push,
    directory: createDirectory(env.DIRECTORY_URL),
    addressLookup: createAddressLookup(env.ADDRESS_LOOKUP_URL),
    outbound: { allowLoopback: env.OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS ?? false },
    broadcaster,
    clock: { now: () => new Date() },
    filesDir: path.join(env.DATA_DIR, 'files'),
    storage: createStorage(env, path.join(env.DATA_DIR, 'files')),
    signingSecret: env.SESSION_SECRET ?? process.env.SESSION_SECRET,
    assistantModel: env.ASSISTANT_BASE_URL
      ? { baseUrl: env.ASSISTANT_BASE_URL, apiKey: env.ASSISTANT_API_KEY, model: env.ASSISTANT_MODEL ?? 'gpt-4o-mini' }
      : undefined,
    speech,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    supportEmail: env.SUPPORT_EMAIL,
    version,
    latestVersion: env.LATEST_APP_VERSION,
    log,
  };
}
