import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native app is a thin Capacitor shell around the hosted site (docs/native.md): it loads
 * PUBLIC_URL in the WebView, so every release of the web app reaches the phones at once and
 * the store builds only change for native plugins. The app id and name come from settings
 * (NATIVE_APP_ID, NATIVE_APP_NAME) so each deployment can ship under its own identity.
 * native/www holds only the page shown when the site cannot be reached.
 */
const publicUrl = process.env.PUBLIC_URL?.trim() || 'http://localhost:3000';

const config: CapacitorConfig = {
  appId: process.env.NATIVE_APP_ID?.trim() || 'com.businessassistant.app',
  appName: process.env.NATIVE_APP_NAME?.trim() || 'Business Assistant',
  webDir: 'native/www',
  server: {
    url: publicUrl,
    // Plain http only for a development server on the local network.
    cleartext: publicUrl.startsWith('http://'),
    errorPath: 'offline.html',
  },
  android: { allowMixedContent: false },
  ios: { contentInset: 'never' },
};

export default config;
