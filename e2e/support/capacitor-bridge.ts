import type { BrowserContext } from '@playwright/test';

/**
 * A stand-in for what the Capacitor shell injects into the WebView: the Android bridge
 * marker, window.Capacitor with the plugin headers and nativePromise/nativeCallback that
 * @capacitor/core routes plugin calls through, and cordova.exec, which the OneSignal
 * plugin calls. The app's real code (Capacitor's core and plugin packages, the OneSignal
 * SDK) runs unchanged above it. Every native call is reported to the test.
 */
export type NativeCall = { plugin: string; method: string; args: unknown };

export const DEVICE = {
  name: 'Pixel 8 Pro',
  model: 'Pixel 8 Pro',
  platform: 'android',
  osVersion: '15',
  manufacturer: 'Google',
  isVirtual: false,
  webViewVersion: '124.0',
};
export const APP = { name: 'Business Assistant', id: 'com.businessassistant.app', version: '2.3.0', build: '230' };
export const ONESIGNAL_ID = 'onesignal-e2e-8f1c';

export async function installCapacitorBridge(context: BrowserContext): Promise<NativeCall[]> {
  const calls: NativeCall[] = [];
  await context.exposeFunction('__recordNativeCall', (call: NativeCall) => {
    calls.push(call);
  });
  await context.addInitScript(
    ({ device, app, onesignalId }) => {
      type Win = Window & Record<string, unknown>;
      const win = window as unknown as Win;
      const record = (plugin: string, method: string, args: unknown) =>
        (win.__recordNativeCall as (call: unknown) => void)({ plugin, method, args });
      const listeners: Record<string, (data: unknown) => void> = {};
      const answers: Record<string, unknown> = {
        'Device.getInfo': device,
        'Device.getId': { identifier: 'e2e-device' },
        'App.getInfo': app,
        'AppLauncher.openUrl': { completed: true },
      };
      win.androidBridge = { postMessage() {} };
      win.Capacitor = {
        PluginHeaders: [
          {
            name: 'Device',
            methods: [
              { name: 'getInfo', rtype: 'promise' },
              { name: 'getId', rtype: 'promise' },
            ],
          },
          {
            name: 'App',
            methods: [
              { name: 'getInfo', rtype: 'promise' },
              { name: 'exitApp', rtype: 'promise' },
              { name: 'minimizeApp', rtype: 'promise' },
              { name: 'addListener', rtype: 'callback' },
              { name: 'removeListener', rtype: 'promise' },
              { name: 'removeAllListeners', rtype: 'promise' },
            ],
          },
          {
            name: 'AppLauncher',
            methods: [
              { name: 'openUrl', rtype: 'promise' },
              { name: 'canOpenUrl', rtype: 'promise' },
            ],
          },
        ],
        nativePromise(plugin: string, method: string, options: unknown) {
          record(plugin, method, options);
          return Promise.resolve(answers[`${plugin}.${method}`] ?? {});
        },
        nativeCallback(
          plugin: string,
          method: string,
          options: { eventName?: string },
          callback: (data: unknown) => void,
        ) {
          record(plugin, method, options);
          if (method === 'addListener' && options?.eventName) listeners[`${plugin}.${options.eventName}`] = callback;
          return `callback-${Object.keys(listeners).length}`;
        },
      };
      // What the test does as the phone: press back, tap a notification.
      win.__fireNativeEvent = (plugin: string, eventName: string, data: unknown) =>
        listeners[`${plugin}.${eventName}`]?.(data);
      win.cordova = {
        exec(success: (value?: unknown) => void, _fail: unknown, service: string, action: string, args: unknown) {
          record(service, action, args);
          if (action === 'addNotificationClickListener') listeners['OneSignalPush.click'] = success;
          if (action === 'getOnesignalId') success(onesignalId);
          else if (action === 'requestPermission') success(true);
          else if (action === 'init') success();
        },
      };
    },
    { device: DEVICE, app: APP, onesignalId: ONESIGNAL_ID },
  );
  return calls;
}
