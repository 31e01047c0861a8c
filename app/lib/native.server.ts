import { CLIENT_HEADERS } from '#contract/envelope';
import { DEVICE_COOKIE } from '../native/detect';

/**
 * The device details the native shell keeps in its cookie (app/native/shell.client.ts):
 * the client headers of docs/product.md#v1-calls by name. Anything that is not a short string is dropped,
 * and the business id never comes from here (the session picks the business).
 */
export function readDeviceCookie(request: Request): Record<string, string> {
  const cookie = request.headers.get('Cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([^;]+)`).exec(cookie);
  if (!match) return {};
  try {
    const device = JSON.parse(decodeURIComponent(match[1])) as Record<string, unknown>;
    const headers: Record<string, string> = {};
    for (const name of Object.values(CLIENT_HEADERS)) {
      const value = device[name];
      // Latin-1 only: anything else cannot be sent as a header value.
      if (typeof value === 'string' && value && name !== CLIENT_HEADERS.businessId && /^[\u0020-\u00ff]*$/.test(value))
        headers[name] = value.slice(0, 200);
    }
    return headers;
  } catch {
    return {};
  }
}

/** Is this request from the Capacitor shell? */
export const isNativeRequest = (request: Request) => readDeviceCookie(request)[CLIENT_HEADERS.mode] === 'capacitor';
