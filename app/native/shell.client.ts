import { App } from '@capacitor/app';
import { AppLauncher } from '@capacitor/app-launcher';
import { Device } from '@capacitor/device';
import { CLIENT_HEADERS } from '#contract/envelope';
import { DEVICE_COOKIE } from './detect';

/**
 * The native shell's side of the web app, loaded only inside Capacitor (components/native-shell.tsx):
 * it records the device in a cookie for the server, and wires the hardware back button
 * and external links. Pull-to-refresh and push live in their own modules.
 */
export type ShellHooks = {
  /** Go back in the app's history (Remix's navigate(-1)). */
  back: () => void;
  /** Reload the page's data (Remix's revalidate()). */
  revalidate: () => void;
};

const ONE_YEAR = 60 * 60 * 24 * 365;

/** The native headers of docs/product.md#v1-calls, from @capacitor/device and @capacitor/app. */
export async function deviceDetails(): Promise<Record<string, string>> {
  const [device, app] = await Promise.all([Device.getInfo(), App.getInfo()]);
  const details: Record<string, string | undefined> = {
    [CLIENT_HEADERS.mode]: 'capacitor',
    [CLIENT_HEADERS.deviceName]: device.name || device.model,
    [CLIENT_HEADERS.deviceModel]: device.model,
    [CLIENT_HEADERS.devicePlatform]: device.platform,
    [CLIENT_HEADERS.deviceOsVersion]: device.osVersion,
    [CLIENT_HEADERS.appVersion]: app.version,
    [CLIENT_HEADERS.appBuild]: app.build,
  };
  // Header values must be Latin-1 ("Émilie's iPhone" is fine, an emoji is not): the rest is dropped.
  return Object.fromEntries(
    Object.entries(details)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
      .map(([name, value]) => [
        name,
        value
          .replace(/[^\u0020-\u00ff]/g, '')
          .trim()
          .slice(0, 200),
      ]),
  );
}

function readCookie(name: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie);
  return match ? match[1] : null;
}

/** Writes the device cookie; true when it changed (the server has not seen these details yet). */
export function writeDeviceCookie(details: Record<string, string>): boolean {
  const value = encodeURIComponent(JSON.stringify(details));
  if (readCookie(DEVICE_COOKIE) === value) return false;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${DEVICE_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure}`;
  return true;
}

/** Links that leave the app (another site, mail, phone) open in the system's browser or app, not in the shell. */
function leavesTheApp(anchor: HTMLAnchorElement): boolean {
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#') || anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href, location.href);
  if (url.protocol === 'mailto:' || url.protocol === 'tel:' || url.protocol === 'sms:') return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== location.origin;
}

function openExternalLinks(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0) return;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || !leavesTheApp(anchor)) return;
  event.preventDefault();
  void AppLauncher.openUrl({ url: anchor.href });
}

/** The back button closes what is open (a drawer or dialog) first, then goes back, then leaves the app. */
function closeSomethingOpen(): boolean {
  const dialog = document.querySelector<HTMLDialogElement>('dialog[open]');
  if (dialog) {
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    dialog.close();
    return true;
  }
  const drawer = document.querySelector<HTMLDetailsElement>('details[open][data-drawer]');
  if (drawer) {
    drawer.open = false;
    return true;
  }
  return false;
}

let started = false;

/** Starts the shell once per page load. */
export async function startShell(hooks: ShellHooks): Promise<void> {
  if (started) return;
  started = true;
  document.documentElement.classList.add('native-shell');
  document.addEventListener('click', openExternalLinks, true);
  await App.addListener('backButton', ({ canGoBack }) => {
    if (closeSomethingOpen()) return;
    if (canGoBack) hooks.back();
    else void App.exitApp();
  });
  await App.addListener('resume', () => hooks.revalidate());
  // The first document request went out before this ran: reload the data once so the server
  // records the device (and hands the shell its push settings) from now on.
  if (writeDeviceCookie(await deviceDetails())) hooks.revalidate();
}
