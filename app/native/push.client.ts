import type { OneSignalPlugin } from 'onesignal-cordova-plugin';

/**
 * Push in the native shell (docs/product.md#sign-in): OneSignal initialises once, and only here
 * (this module is imported only inside Capacitor, so the plain browser never loads it).
 * After login the user is registered with OneSignal (external id = user id, email and
 * mobile when present, tag env=live) and the OneSignal id is saved through user/updateUser;
 * after logout the device is logged out of OneSignal, so it stops receiving that user's pushes.
 */
export type PushUser = { id: string; email: string | null; mobile: string | null; onesignal_user_id: string | null };

/** Remembers who this device registered, so a sign-out seen on a later page logs OneSignal out. */
const REGISTERED_KEY = 'push.registered_user';
const ID_ATTEMPTS = 10;

let oneSignal: Promise<OneSignalPlugin> | null = null;

/** Loads and initialises the SDK, once per page load whoever asks. */
function sdk(appId: string, onOpen: (link: string) => void): Promise<OneSignalPlugin> {
  oneSignal ??= import('onesignal-cordova-plugin').then((module) => {
    const plugin = (module.default ?? module) as OneSignalPlugin;
    plugin.initialize(appId);
    // A tapped notification deep-links to its internal_link (api/services/push/onesignal.ts sends it).
    plugin.Notifications.addEventListener('click', (event) => {
      const data = event.notification.additionalData as { internal_link?: unknown } | undefined;
      if (typeof data?.internal_link === 'string' && data.internal_link.startsWith('/')) onOpen(data.internal_link);
    });
    return plugin;
  });
  return oneSignal;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** OneSignal assigns its id asynchronously after login: ask a few times before giving up until the next page. */
async function onesignalId(plugin: OneSignalPlugin): Promise<string | null> {
  for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
    const id = await plugin.User.getOnesignalId().catch(() => null);
    if (id) return id;
    await wait(Math.min(250 * 2 ** attempt, 4000));
  }
  return null;
}

let registering: string | null = null;

/** Registers the signed-in user (once per user per page load) and saves the OneSignal id when it changed. */
export async function registerPush(options: {
  appId: string;
  user: PushUser;
  save: (onesignalUserId: string) => Promise<void>;
  onOpen: (link: string) => void;
}): Promise<void> {
  const { user } = options;
  if (registering === user.id) return;
  registering = user.id;
  const plugin = await sdk(options.appId, options.onOpen);
  plugin.login(user.id);
  if (user.email) plugin.User.addEmail(user.email);
  if (user.mobile) plugin.User.addSms(user.mobile);
  plugin.User.addTag('env', 'live');
  window.localStorage.setItem(REGISTERED_KEY, user.id);
  void plugin.Notifications.requestPermission(true).catch(() => false);
  const id = await onesignalId(plugin);
  if (id && id !== user.onesignal_user_id) await options.save(id);
}

/** Logs the device out of OneSignal when a user registered earlier is no longer signed in. */
export async function unregisterPush(options: { appId: string; onOpen: (link: string) => void }): Promise<void> {
  if (!window.localStorage.getItem(REGISTERED_KEY)) return;
  const plugin = await sdk(options.appId, options.onOpen);
  plugin.logout();
  window.localStorage.removeItem(REGISTERED_KEY);
  registering = null;
}
