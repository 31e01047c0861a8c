/**
 * Is this page running inside the Capacitor shell? The same test @capacitor/core makes
 * (the Android bridge object or the iOS message handler its native side injects), done
 * here without importing it, so the plain browser loads nothing native (docs/native.md).
 */
type BridgeWindow = Window & { androidBridge?: unknown; webkit?: { messageHandlers?: { bridge?: unknown } } };

export function isNativeShell(): boolean {
  if (typeof window === 'undefined') return false;
  const win = window as BridgeWindow;
  return Boolean(win.androidBridge || win.webkit?.messageHandlers?.bridge);
}

/** The cookie the shell keeps its device details in; the v1 client forwards them as headers (app/lib/api.server.ts). */
export const DEVICE_COOKIE = 'app_device';
