import type { ApiSuccess } from './envelope';

/**
 * The success envelope of a v1 call the web app makes in process (API_URL unset), handed over
 * as the object the handler built instead of JSON text parsed straight back. Everything else
 * is the one HTTP path: the app still sends a Request through the v1 app's fetch, so routing,
 * auth, tenancy, validation, the declared-answer check and every refusal (still JSON) are
 * unchanged; only a 200's body skips JSON.stringify and JSON.parse (for 500 contacts about
 * 3 ms of CPU a page, the body's bytes written and read back). A request is marked by the app
 * (awaitAnswer) and only a marked request is answered this way, so a caller over HTTP, or a
 * raw-Response caller (v1Raw), gets the JSON body as before.
 *
 * What the JSON round trip gave for free, tests and development check instead: the object is
 * deep-frozen (a page that changed it would change the handler's object, perhaps a shared
 * one) and must hold only what JSON carries the same (plain objects, arrays, strings, finite
 * numbers, booleans, null), so a page reads exactly what an HTTP client reads. Production
 * skips the walk, as v1-call.ts skips the answer's schema check.
 */
type Slot = { envelope?: ApiSuccess<unknown> };
// One map per process, not per module copy: the Remix server build bundles its own copy of this
// file, and the API side loads another (a module-level map would never meet).
const SLOTS = Symbol.for('business-assistant.in-process-answers');
const holder = globalThis as typeof globalThis & { [SLOTS]?: WeakMap<Request, Slot> };
const slots = (holder[SLOTS] ??= new WeakMap<Request, Slot>());

/** Marks an in-process request; the returned function gives its handed-over envelope, if it was answered so. */
export function awaitAnswer(request: Request): () => ApiSuccess<unknown> | undefined {
  const slot: Slot = {};
  slots.set(request, slot);
  return () => slot.envelope;
}

/** A request rebuilt from a marked one (api/lib/text-guard.ts gives it a fresh body) is the same call. */
export function sameCall(original: Request, rebuilt: Request): Request {
  const slot = slots.get(original);
  if (slot) slots.set(rebuilt, slot);
  return rebuilt;
}

/** Whether the request is the web app's marked in-process call (so its answer is handed over, not written). */
export function awaitsAnswer(request: Request): boolean {
  return slots.has(request);
}

const checked = process.env.NODE_ENV !== 'production';

/** For the API's success answer: true when the request was marked and the envelope is handed over. */
export function handOver(request: Request, envelope: ApiSuccess<unknown>): boolean {
  const slot = slots.get(request);
  if (!slot) return false;
  if (checked) freezeJson(envelope, 'answer');
  slot.envelope = envelope;
  return true;
}

function freezeJson(value: unknown, at: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${at}: ${value} is not a JSON number`);
    return;
  }
  if (typeof value !== 'object') throw new Error(`${at}: a ${typeof value} does not survive JSON`);
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null)
    throw new Error(`${at}: a ${value.constructor?.name ?? 'class instance'} is not plain JSON (send a string)`);
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const [key, item] of Object.entries(value)) {
    // JSON leaves out an object's undefined property, as a page reading it sees it too.
    if (item === undefined && !Array.isArray(value)) continue;
    freezeJson(item, `${at}.${key}`);
  }
}
