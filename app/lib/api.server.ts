import type { AppLoadContext } from '@remix-run/node';
import { CLIENT_HEADERS, type ApiSuccess } from '#contract/envelope';
import { awaitAnswer } from '#contract/in-process-answer.server';
import { messages as specMessages } from '#contract/messages';
import { getEnv } from './env.server';
import { readDeviceCookie } from './native.server';

/**
 * The one typed client for the v1 API. With API_URL unset it calls the embedded v1 app
 * in process (context.apiFetch, no socket); with it set, that URL over HTTP. There is no
 * request timeout (docs/product.md#limits: 0), as answers may stream for a long time.
 */
export type ApiOk<T> = { ok: true; status: number; data: T; messages: string[] };
export type ApiFail = {
  ok: false;
  status: number;
  errors: string[];
  fieldErrors: Record<string, string[]>;
  network: boolean;
};
export type ApiResult<T> = ApiOk<T> | ApiFail;

export type ApiCaller = {
  context: AppLoadContext;
  request: Request;
  token?: string | null;
  businessId?: string | null;
};

export function clientHeaders(caller: ApiCaller): Record<string, string> {
  const device = readDeviceCookie(caller.request);
  return {
    accept: 'application/json',
    [CLIENT_HEADERS.mode]: device[CLIENT_HEADERS.mode] === 'capacitor' ? 'capacitor' : 'web',
    [CLIENT_HEADERS.platformName]: device[CLIENT_HEADERS.platformName] ?? 'web',
    [CLIENT_HEADERS.platformType]: device[CLIENT_HEADERS.platformType] ?? 'browser',
    [CLIENT_HEADERS.packageVersion]: __APP_VERSION__,
    ...device,
    ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
    ...(caller.businessId ? { [CLIENT_HEADERS.businessId]: caller.businessId } : {}),
    'x-forwarded-for': caller.context.clientIp,
    'x-request-id': caller.context.requestId,
  };
}

function apiUrl(path: string): string {
  const base = getEnv().API_URL;
  return base ? `${base.replace(/\/$/, '')}/${path}` : `http://embedded/api/v1/${path}`;
}

/** The Request of one v1 call: the client headers, and the body as JSON or (a FormData) multipart. */
function callRequest(caller: ApiCaller, path: string, body: unknown, signal?: AbortSignal): Request {
  const headers = clientHeaders(caller);
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
  return new Request(apiUrl(path), {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    signal,
  });
}

/** Sends a call's Request: to API_URL over HTTP, else to the embedded v1 app in process. null on a network failure. */
async function send(caller: ApiCaller, request: Request): Promise<Response | null> {
  try {
    return getEnv().API_URL ? await fetch(request) : await caller.context.apiFetch(request);
  } catch {
    return null;
  }
}

/**
 * One v1 call, answered as the raw Response: for calls whose body is not the JSON envelope
 * (get-message-streamed streams text or audio, which the caller pipes on as it arrives) and
 * for multipart bodies (a FormData is sent as the browser sent it). null on a network failure.
 */
export async function apiFetch(
  caller: ApiCaller,
  path: string,
  body?: unknown,
  options: { signal?: AbortSignal } = {},
): Promise<Response | null> {
  return send(caller, callRequest(caller, path, body, options.signal));
}

/** The envelope of a v1 answer read into an ApiResult (a network failure when there was no answer). */
export async function readApiResult<T>(
  response: Response | null,
  handedOver?: ApiSuccess<unknown>,
): Promise<ApiResult<T>> {
  if (!response) return { ok: false, status: 0, errors: [specMessages.network], fieldErrors: {}, network: true };
  const payload = (handedOver ?? (await response.json().catch(() => ({})))) as {
    data?: T;
    messages?: string[];
    errors?: string[];
    field_errors?: Record<string, string[]>;
  };
  if (response.ok)
    return { ok: true, status: response.status, data: payload.data as T, messages: payload.messages ?? [] };
  return {
    ok: false,
    status: response.status,
    errors: payload.errors ?? ['Something went wrong. Please try again.'],
    fieldErrors: payload.field_errors ?? {},
    network: false,
  };
}

export async function apiCall<T = Record<string, unknown>>(
  caller: ApiCaller,
  path: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  const request = callRequest(caller, path, body);
  // In process, a 200 hands over the handler's envelope object instead of its JSON text.
  const handedOver = getEnv().API_URL ? undefined : awaitAnswer(request);
  const response = await send(caller, request);
  return readApiResult<T>(response, handedOver?.());
}
