import { redirect } from '@remix-run/node';
import type { z } from 'zod';
import { callPath, type V1Call } from '#contract/v1/define';
import { v1Calls, type V1Calls } from '#contract/v1/index';
import { apiCall, apiFetch, type ApiCaller, type ApiResult } from './api.server';

/**
 * The typed v1 client, built from the declarations in contract/v1 over the one transport
 * (apiCall): `await v1(state.caller).customers.get(id)` answers ApiResult<{ customer }>,
 * typed from the call's response schema. "Go to definition" on `.get` opens the
 * declaration; its handler is the one api/ serves it with (serveCalls).
 */
/** The named path parameters besides {business_id} (a user's own call has none: z.object({}), an index signature). */
type PathParams<C extends V1Call> = {
  [K in keyof z.input<C['params']> as string extends K ? never : Exclude<K, 'business_id'>]: z.input<C['params']>[K];
};
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
type IdArgs<C extends V1Call> = [keyof PathParams<C>] extends [never]
  ? []
  : true extends IsUnion<keyof PathParams<C>>
    ? [params: PathParams<C>]
    : [id: string];
/** An upload (bodyKind multipart) takes the FormData as the browser sent it; apiFetch sends it as multipart. */
type BodyArgs<C extends V1Call> = C['body'] extends z.ZodType
  ? C['bodyKind'] extends 'multipart'
    ? [form: FormData]
    : C['bodyRequired'] extends true
      ? [body: z.input<C['body']>]
      : [body?: z.input<C['body']>]
  : [];
export type CallArgs<C extends V1Call> = [...IdArgs<C>, ...BodyArgs<C>];
export type CallResult<C extends V1Call> = ApiResult<z.output<C['response']>>;
type Method<C> = C extends V1Call ? (...args: CallArgs<C>) => Promise<CallResult<C>> : never;
export type V1Client = { [F in keyof V1Calls]: { [K in keyof V1Calls[F]]: Method<V1Calls[F][K]> } };

/** The path parameters a call names besides {business_id}. */
const namesOf = (call: V1Call) =>
  [...call.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((n) => n !== 'business_id');

/** The filled-in path of a call made for the caller's business (or `businessId`). */
function pathFor(call: V1Call, businessId: string, ...args: unknown[]): { path: string; body: unknown } {
  const names = namesOf(call);
  let params: Record<string, string> = {};
  if (names.length === 1 && typeof args[0] === 'string') params = { [names[0]]: args[0] };
  else if (names.length) params = args[0] as Record<string, string>;
  const body = names.length ? args[1] : args[0];
  return { path: callPath(call, { ...params, business_id: businessId }), body };
}

type Send<T> = (path: string, body: unknown) => Promise<T>;
type FeatureClient<T> = Record<string, (...args: unknown[]) => Promise<T>>;
const BUSINESS = Symbol('business');
const SEND = Symbol('send');
type Holder<T> = { [BUSINESS]: string | null | undefined; [SEND]: Send<T> };

function featureClient<T>(calls: Record<string, V1Call>, businessId: string | null | undefined, send: Send<T>) {
  const client: FeatureClient<T> = {};
  for (const [name, call] of Object.entries(calls))
    client[name] = (...args) => {
      // Every page that calls a business's API has one selected; without one, set one up first.
      // A user's own call (no {business_id}) needs none.
      const forBusiness = call.path.includes('{business_id}');
      if (forBusiness && !businessId) throw redirect('/dashboard/onboard/mobile-submit');
      const { path, body } = pathFor(call, businessId ?? '', ...args);
      return send(path, body);
    };
  return client;
}

/**
 * One getter per feature, shared by every client: a page makes ten or so clients (one per
 * v1() call) and uses one feature of each, so a feature's calls are bound on first use only
 * (binding all of them each time cost about a millisecond of CPU a page).
 */
const features: PropertyDescriptorMap = Object.fromEntries(
  Object.entries(v1Calls).map(([feature, calls]) => [
    feature,
    {
      get(this: Holder<unknown>) {
        const client = featureClient(calls as Record<string, V1Call>, this[BUSINESS], this[SEND]);
        Object.defineProperty(this, feature, { value: client, enumerable: true });
        return client;
      },
      enumerable: true,
    },
  ]),
);
const clientPrototype = Object.defineProperties({}, features);

/** Every declared call, each sent by `send` to its filled-in path. */
function clientOf<T>(businessId: string | null | undefined, send: Send<T>): Record<string, FeatureClient<T>> {
  const holder: Holder<T> = Object.create(clientPrototype);
  holder[BUSINESS] = businessId;
  holder[SEND] = send;
  return holder as unknown as Record<string, FeatureClient<T>>;
}

/** The client for the caller's selected business, or for `businessId` (e.g. looking in another of the user's businesses). */
export function v1(caller: ApiCaller, businessId = caller.businessId): V1Client {
  return clientOf(businessId, (path, body) => apiCall(caller, path, body)) as V1Client;
}

type RawMethod<C> = C extends V1Call ? (...args: CallArgs<C>) => Promise<Response | null> : never;
export type V1RawClient = { [F in keyof V1Calls]: { [K in keyof V1Calls[F]]: RawMethod<V1Calls[F][K]> } };

/**
 * The same calls answered as the raw Response (null when the API could not be reached): for a
 * call declared with a streamed answer (`stream`), which the app passes on as it arrives.
 */
export function v1Raw(caller: ApiCaller, options: { signal?: AbortSignal } = {}): V1RawClient {
  return clientOf(caller.businessId, (path, body) => apiFetch(caller, path, body, options)) as V1RawClient;
}
