import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { awaitAnswer } from '#contract/in-process-answer.server';
import { ok } from '#api/lib/respond';
import { JsonRows } from '#api/lib/sql-json';

/**
 * A list page the database wrote as JSON, one text per item (api/lib/sql-json.ts JsonRows), goes
 * into the answer's body unparsed; the body still reads as the same envelope JSON.stringify would
 * write of the parsed values, and the web app's in-process call is handed the parsed values.
 * Every answer's body is written from pieces (a top-level list element by element), so it must
 * be byte for byte what JSON.stringify writes of the envelope.
 */
const texts = ['{"_id":"a1","name":"Zoë \\"Z\\" Ng","details":{"k": [1, 2]}}', '{"_id":"b2","name":null}'];
const data = () => ({ items: new JsonRows<unknown>(texts), total: 2, skipped: undefined, page: 0 });
const app = new Hono().post('/list', (c) => ok(c, data(), ['Listed.']));
const expected = { data: { items: texts.map((text) => JSON.parse(text)), total: 2, page: 0 }, messages: ['Listed.'] };

const answer = async (values: Record<string, unknown>, messages?: string[]) => {
  const once = new Hono().post('/x', (c) => ok(c, values, messages));
  const response = await once.fetch(new Request('http://api.test/x', { method: 'POST' }));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  return response.text();
};

describe('an answer holding JSON texts', () => {
  it('writes the texts into the envelope: the body parses to what JSON.stringify of the values gives', async () => {
    const response = await app.fetch(new Request('http://api.test/list', { method: 'POST' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await response.text();
    expect(body).toContain(`[${texts.join(',')}]`);
    expect(JSON.parse(body)).toEqual(expected);
    expect(JSON.stringify(JSON.parse(body))).toBe(JSON.stringify(expected));
  });

  it('does not parse the texts to write them (over HTTP)', async () => {
    const items = new JsonRows<unknown>(texts);
    const parse = vi.spyOn(items, 'parse');
    const once = new Hono().post('/list', (c) => ok(c, { items, total: 2 }));
    const response = await once.fetch(new Request('http://api.test/list', { method: 'POST' }));
    expect(JSON.parse(await response.text()).data.items).toEqual(texts.map((text) => JSON.parse(text)));
    expect(parse).not.toHaveBeenCalled();
  });

  it('writes an empty page as an empty list', async () => {
    expect(await answer({ items: new JsonRows<unknown>([]), total: 0 })).toBe(
      '{"data":{"items":[],"total":0},"messages":[]}',
    );
  });

  it('hands the parsed values to an in-process call', async () => {
    const request = new Request('http://api.test/list', { method: 'POST' });
    const answer = awaitAnswer(request);
    const response = await app.fetch(request);
    expect(await response.text()).toBe('');
    expect(answer()).toEqual(expected);
  });
});

describe('an answer of plain values', () => {
  it('is byte for byte what JSON.stringify writes of the envelope, lists and all', async () => {
    const when = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6));
    const values = {
      customers: [
        { _id: 'c1', name: 'Łukasz Żółć', note: 'Emoji 😀, \u2028 and "quotes"\n', at: when, gone: undefined },
        undefined,
        null,
        () => 1,
        [1, 'two', { three: [3] }],
        when,
        'a string',
        42,
      ],
      empty: [],
      nested: { list: [1, 2], at: when, skipped: undefined },
      skipped: undefined,
      '10': 'an index-like key',
      total: 8,
    };
    const body = await answer(values, ['Saved — "done".']);
    expect(body).toBe(JSON.stringify({ data: values, messages: ['Saved — "done".'] }));
  });

  it('is the empty envelope for no data', async () => {
    expect(await answer({})).toBe('{"data":{},"messages":[]}');
  });
});
