/**
 * OneSignal's REST API (v2: https://api.onesignal.com, `Authorization: Key <REST API key>`):
 * one push to one member, targeted by External ID (the user id the native app logs in with).
 */
export const ONESIGNAL_API = 'https://api.onesignal.com';

export type PushConfig = { appId: string; apiKey: string };

export type PushMessage = {
  /** The member's user id (OneSignal External ID). */
  userId: string;
  title: string;
  /** The customer's name and a preview of the message. */
  preview: string;
  /** Where the notification opens, e.g. /dashboard/calls/{id}. */
  internalLink: string | null;
  /** The web app's address (PUBLIC_URL): the deep link is publicUrl + internalLink. */
  publicUrl?: string;
};

/** sent: OneSignal created it; unreachable: no push subscription for the member (retrying will not help). */
export type PushResult = { outcome: 'sent'; id: string } | { outcome: 'unreachable'; error: string };

export class PushError extends Error {
  constructor(
    message: string,
    /** 4xx other than 429: the request itself is wrong, retrying will not help. */
    public readonly permanent = false,
  ) {
    super(message);
  }
}

export function pushBody(config: PushConfig, message: PushMessage) {
  const link =
    message.internalLink && message.publicUrl ? new URL(message.internalLink, message.publicUrl).toString() : undefined;
  return {
    app_id: config.appId,
    target_channel: 'push',
    include_aliases: { external_id: [message.userId] },
    headings: { en: message.title },
    contents: { en: message.preview || message.title },
    data: { internal_link: message.internalLink },
    // web_url, not url: on a phone `url` would open the system browser; the app routes by data.internal_link.
    ...(link ? { web_url: link } : {}),
  };
}

function describeErrors(errors: unknown): string {
  if (Array.isArray(errors)) return errors.map(String).join('; ');
  return JSON.stringify(errors);
}

/** Send one push; throws PushError on a failure worth recording (and retrying unless permanent). */
export async function sendPush(
  config: PushConfig,
  message: PushMessage,
  fetchImpl: typeof fetch = fetch,
): Promise<PushResult> {
  let response: Response;
  try {
    response = await fetchImpl(`${ONESIGNAL_API}/notifications`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Key ${config.apiKey}`,
      },
      body: JSON.stringify(pushBody(config, message)),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new PushError(`OneSignal unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  let json: { id?: string; errors?: unknown } = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    // not JSON: reported below with the status
  }
  if (!response.ok) {
    const permanent =
      response.status >= 400 && response.status < 500 && response.status !== 429 && response.status !== 408;
    throw new PushError(
      `OneSignal answered ${response.status}: ${json.errors ? describeErrors(json.errors) : text.slice(0, 300)}`,
      permanent,
    );
  }
  // 200 with an empty id: nothing was created (e.g. the member has no subscribed device).
  if (!json.id)
    return { outcome: 'unreachable', error: json.errors ? describeErrors(json.errors) : 'no notification created' };
  return { outcome: 'sent', id: json.id };
}
