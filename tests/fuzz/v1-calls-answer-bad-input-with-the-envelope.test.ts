import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * Property-based fuzzing of every v1 call: generated bad payloads (wrong types, missing and
 * unknown fields, huge and odd strings, deep nesting, prototype keys, bodies that are not
 * JSON at all), odd path ids and query values, sent by an admin of a real business. Every
 * answer must be below 500, JSON, and on a refusal the envelope's `errors`: clear strings
 * with no stack trace or file path. `npm run fuzz` runs FUZZ_RUNS (80) cases per call,
 * over 10,000 in all; the suite runs a small sample with a fixed seed (FUZZ_SEED).
 *
 * Beside the random sample, every call also gets one deterministic case per class of input
 * that once answered a 5xx (BAD_CLASSES): NUL and other control characters, lone surrogates
 * and very long strings in every field, dates outside what the database stores in every
 * date field, and NUL or odd bytes in path ids and query values. So the sample of `npm test`
 * always covers them, whatever the seed. Phone fields get numbers as people type them
 * (national, spaced, with the 00 prefix) and junk: never a 5xx, and junk refused on the field
 * gets the spec's E.164 message.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** Calls that would end the fuzzing account or business, or answer a stream rather than the envelope. */
const SKIPPED = new Set([
  'users/delete',
  'users/logout',
  'businesses/delete/{business_id}',
  'users/unlink-business/{business_id}',
  'businesses/conversations/{business_id}/get-message-streamed/{conversation_id}',
]);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Doc = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
};

const LEAKS = [
  /\bat [\w.<>]+ \(/,
  /\.(ts|js):\d+/,
  /node_modules/,
  /Error: /,
  /SELECT |INSERT |UPDATE .* SET/i,
  /drizzle|postgres|pglite/i,
];

let cases = 0;

/** Fields that hold a phone number or a list of them (by name, as for dates). */
const isPhoneField = (name: string) => /(^|_)(phones?|telephones?|mobile|phone_number)$/.test(name);
const isPhoneList = (name: string) => /s$/.test(name);
/** Numbers as people type them: national in the business's country (GB), spaced, with the 00 prefix. */
const TYPED_PHONES = ['07700 900123', '+44 7700 900123', '0044 7700 900123', '(020) 7946 0018', '+1 (415) 555-0100'];
/** Not a phone number in any country: each must be refused with the E.164 message. */
const JUNK_PHONES = ['call me', '12', '+44 7700 900123 ext 5', '07700 900123 after 5', '++44', '0'.repeat(20), '+'];
const E164_MESSAGE = 'Phone numbers must be in international format, E.164 format';

/** Fields that hold a date or a from/to range of dates (by name: the schemas' refinements leave no format in the document). */
const isDateField = (name: string) => /(^|_)(at|date|reminder|from|to|time)$/.test(name);

function fieldNames(doc: Doc, schema: Schema | undefined, depth = 0): string[] {
  if (!schema || depth > 3) return [];
  if (schema.$ref) return fieldNames(doc, doc.components?.schemas?.[schema.$ref.split('/').pop()!], depth + 1);
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((part) =>
    fieldNames(doc, part, depth + 1),
  );
  return [...new Set([...Object.keys(schema.properties ?? {}), ...nested])];
}

/** One business with a record of every kind, so path ids can name real records. */
async function seed(h: Harness) {
  const owner = await h.signUpWithBusiness();
  const token = owner.token;
  const b = owner.business._id;
  const data = async (path: string, body: unknown) => (await h.call(path, body, token)).body.data ?? {};
  const customer = (
    await data(`businesses/customers/${b}/create`, { first_name: 'Fuzz', status: 'lead', phones: ['+442071230000'] })
  ).customer;
  const note = await data(`businesses/notes/${b}/create`, { body: 'Fuzz note', customer_id: customer?._id });
  const service = (
    await data(`businesses/services/${b}/create`, { name: 'Fuzz service', status: 'active', frequency: 0 })
  ).service;
  const memory = (
    await data(`businesses/memories/${b}/create`, { type: 'text', content: 'We open at nine.', status: 'active' })
  ).memory;
  const system = (await data(`businesses/systems/${b}/create`, { name: 'leadcatcher' })).system;
  const action = (
    await data(`businesses/actions/${b}/create`, { name: 'Fuzz action', status: 'paused', interval: '2 days' })
  ).action;
  const order = (await data(`businesses/orders/${b}/create`, { customer_id: customer?._id, status: 'new' })).order;
  const conversation = (await data(`businesses/conversations/${b}/create`, { channel: 'chat' })).conversation;
  const item = (await data(`dev/system-items/${b}/create`, { type: 'call', from: '+442071234999', body: 'Hello' }))
    .item;
  const ids: Record<string, string> = {
    business_id: b,
    customer_id: customer?._id,
    note_id: (note.note ?? note.item)?._id,
    item_id: item?._id,
    call_id: item?._id,
    service_id: service?._id,
    memory_id: memory?._id,
    system_id: system?._id,
    action_id: action?._id,
    order_id: order?._id,
    conversation_id: conversation?._id,
    user_id: owner.user.id,
  };
  return { token, ids };
}

// Tests are made per call at collection time, so the calls are read from the OpenAPI document first.
const h = await createHarness();
afterAll(() => h.close());
const { token, ids } = await seed(h);
const doc = (await (await h.app.fetch(new Request('http://api.test/api/v1/openapi.json'))).json()) as Doc;
const calls = Object.entries(doc.paths)
  .filter(([, methods]) => methods.post)
  .map(([path, methods]) => ({
    path: path.replace(/^\/api\/v1\//, ''),
    keys: fieldNames(doc, methods.post!.requestBody?.content?.['application/json']?.schema),
  }))
  .filter((call) => !SKIPPED.has(call.path));

/** Dates a client can write that the database cannot store, or only just. */
const EXTREME_DATES = [
  '+275760-09-13T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '0001-01-01',
  '9999-12-31T23:59:59.999Z',
  '10000-01-01T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '1970-01-01T00:00:00+99:99',
];
/** Text the database or the JSON column types choke on. */
const CONTROL_TEXT = 'a\u0001\u0007\u001b[31m\u007f\u0085\u2028\ufeff\uffffz';
const LONE_SURROGATES = ['\ud800', 'x\udfffy', '\udc00\ud800'];

/**
 * One deterministic body (or address) per class of bad input, for every call. `index`
 * varies the value among calls so the classes' variants are all tried across the suite.
 */
type Case = { name: string; json?: unknown; id?: string; query?: string; junkPhone?: string };
function badClasses(keys: string[], index: number, hasIds: boolean): Case[] {
  const all = (value: unknown) => Object.fromEntries((keys.length ? keys : ['text']).map((key) => [key, value]));
  const cases: Case[] = [
    // Half the calls get it nested in a list, the others as the value itself and in a field name.
    {
      name: 'NUL in every field',
      json: index % 2 ? all(['ok', { deep: ['\u0000'] }]) : { ...all('a\u0000b'), 'key\u0000': 1 },
    },
    { name: 'control characters in every field', json: all(CONTROL_TEXT) },
    { name: 'a lone surrogate in every field', json: all(LONE_SURROGATES[index % LONE_SURROGATES.length]) },
    // Past what a btree index row holds (about 2.7 kB), under the body limits.
    { name: 'a very long string in every field', json: all('é'.repeat(5_000)) },
    { name: 'NUL and control characters in the query', query: `?q=%00&search=a%00b&x=%01%7F&y=%ED%A0%80` },
  ];
  const dates = keys.filter(isDateField);
  dates.forEach((key, at) => {
    const date = EXTREME_DATES[(index + at) % EXTREME_DATES.length];
    cases.push({ name: `an extreme date in ${key}`, json: { [key]: date } });
    cases.push({
      name: `an extreme date range in ${key}`,
      json: { [key]: { from: date, to: EXTREME_DATES[(index + at + 1) % EXTREME_DATES.length] } },
    });
  });
  keys.filter(isPhoneField).forEach((key, at) => {
    const as = (value: string) => (isPhoneList(key) ? [value] : value);
    const typed = TYPED_PHONES[(index + at) % TYPED_PHONES.length];
    cases.push({ name: `a phone as typed (${typed}) in ${key}`, json: { [key]: as(typed) } });
    const junk = JUNK_PHONES[(index + at) % JUNK_PHONES.length];
    cases.push({ name: `a junk phone (${junk}) in ${key}`, json: { [key]: as(junk) }, junkPhone: key });
  });
  if (hasIds) {
    cases.push({ name: 'NUL in the path ids', id: encodeURIComponent('a\u0000b') });
    cases.push({
      name: 'control characters and broken UTF-8 in the path ids',
      id: ['%01%1B%7F', '%ED%A0%80', '%C0%80', '%FF'][index % 4],
    });
  }
  return cases;
}

/** Values of every shape, biased towards what breaks parsers and validators. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -0,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%00',
    CONTROL_TEXT,
    ...LONE_SURROGATES,
    ...EXTREME_DATES,
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '{{7*7}}',
    'NaN',
    '2026-13-45',
    '+4400000000000000000',
    ...TYPED_PHONES,
    ...JUNK_PHONES,
  ),
  fc.constantFrom(...EXTREME_DATES).map((date) => ({ from: date, to: date })),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}')),
);

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { a: [value] };
  return value;
}

/** A request body: JSON in odd shapes, the call's own fields with odd values, or not JSON at all. */
const body = (keys: string[]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: (keys.length
        ? fc.dictionary(fc.constantFrom(...keys), oddValue, { maxKeys: keys.length })
        : fc.dictionary(fc.string({ maxLength: 10 }), oddValue)
      ).map((value) => ({ json: value })),
    },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => ({ json: value })) },
    { weight: 1, arbitrary: fc.integer({ min: 50, max: 400 }).map((depth) => ({ json: nested(depth) })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', 'null', '[]', '"text"', '\u0000', '{"a":1}}', 'a=1&b=2')
        .map((raw) => ({ raw })),
    },
  );

/** Path ids: the real ones, or odd strings in their place. */
const pathIds = fc.oneof(
  { weight: 3, arbitrary: fc.constant({} as Record<string, string>) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '0',
        '-1',
        'null',
        'undefined',
        '%2e%2e',
        'x'.repeat(300),
        "1' or '1'='1",
        '01HXXXXXXXXXXXXXXXXXXXXXXX',
        '\u0000',
        'a\u0000b',
        '\u0001\u007f',
      )
      .map((odd) => ({ odd })),
  },
);

/** Query values: none mostly, sometimes odd ones (the calls read none, but the server must not trip over them). */
const queries = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('?q=%00', '?q=a%00b', '?x=%01%7F', '?q=%ED%A0%80', '?%00=1', `?q=${'x'.repeat(5000)}`),
  },
);

async function send(path: string, payload: { json?: unknown; raw?: string }) {
  cases++;
  const response = await h.request(path, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: payload.raw ?? JSON.stringify(payload.json),
  });
  const text = await response.text();
  return { status: response.status, text };
}

function check(path: string, result: { status: number; text: string }) {
  const where = `${path} answered ${result.status}: ${result.text.slice(0, 300)}`;
  expect(result.status, where).toBeLessThan(500);
  // Twilio's webhooks answer TwiML or plain text to Twilio, not the envelope; they must not leak either.
  if (path.startsWith('webhooks/')) {
    for (const leak of LEAKS) expect(leak.test(result.text), `${where} leaks ${leak}`).toBe(false);
    return;
  }
  let parsed: { data?: unknown; errors?: unknown };
  try {
    parsed = JSON.parse(result.text);
  } catch {
    throw new Error(`${where} (not JSON)`);
  }
  if (result.status >= 400) {
    expect(Array.isArray(parsed.errors) && parsed.errors.length > 0, where).toBe(true);
    for (const message of parsed.errors as unknown[]) {
      expect(typeof message, where).toBe('string');
      for (const leak of LEAKS) expect(leak.test(message as string), `${where} leaks ${leak}`).toBe(false);
    }
  } else {
    expect(parsed, where).toHaveProperty('data');
  }
}

/**
 * A junk phone is never taken: the call refuses it, and a refusal that names the field (or one
 * of its entries, "phones.0") says the spec's E.164 message there. Other refusals (no access,
 * a record not found before the body is read) say nothing about the field, which is fine.
 */
function checkJunkPhone(where: string, key: string, result: { status: number; text: string }) {
  expect(result.status, `${where} took a junk phone: ${result.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  const parsed = JSON.parse(result.text) as { field_errors?: Record<string, string[]> };
  const onField = Object.entries(parsed.field_errors ?? {}).filter(
    ([field]) => field === key || field.startsWith(`${key}.`),
  );
  for (const [field, messages] of onField)
    expect(
      messages.some((message) => message.startsWith(E164_MESSAGE)),
      `${where}: field_errors.${field} = ${JSON.stringify(messages)}`,
    ).toBe(true);
}

describe('fuzzing every v1 call (fast-check): never a 5xx, a stack trace or anything but the envelope', () => {
  it('covers every call of the OpenAPI document', () => {
    expect(calls.length).toBeGreaterThan(100);
  });

  for (const [index, call] of calls.entries()) {
    it(call.path, { timeout: 600_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(body(call.keys), pathIds, queries, async (payload, idChoice, query) => {
          const path = call.path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent('odd' in idChoice ? String(idChoice.odd) : (ids[name] ?? 'unknown-id')),
          );
          check(call.path, await send(`${path}${query}`, payload));
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      for (const bad of badClasses(call.keys, index, call.path.includes('{'))) {
        const path = call.path.replace(
          /\{(\w+)\}/g,
          (_, name: string) => bad.id ?? encodeURIComponent(ids[name] ?? 'unknown-id'),
        );
        const result = await send(`${path}${bad.query ?? ''}`, { json: bad.json ?? {} });
        check(`${call.path} (${bad.name})`, result);
        if (bad.junkPhone) checkJunkPhone(`${call.path} (${bad.name})`, bad.junkPhone, result);
      }
    });
  }

  afterAll(() => {
    console.log(
      `fuzz: ${cases} generated bad inputs over ${calls.length} v1 calls (FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED})`,
    );
  });
});
