import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { awaitAnswer } from '#contract/in-process-answer.server';
import { ok } from '#api/lib/respond';
import { JsonText } from '#api/lib/sql-json';

/**
 * A list page the database wrote as JSON text (api/lib/sql-json.ts JsonText) goes into the
 * answer's body unparsed; the body still reads as the same envelope JSON.stringify would write
 * of the parsed values, and the web app's in-process call is handed the parsed values.
 */
const page = '[{"_id":"a1","name":"Zoë \\"Z\\" Ng","details":{"k": [1, 2]}},\n {"_id":"b2","name":null}]';
const data = () => ({ items: new JsonText<unknown[]>(page), total: 2, skipped: undefined, page: 0 });
const app = new Hono().post('/list', (c) => ok(c, data(), ['Listed.']));
const expected = { data: { items: JSON.parse(page), total: 2, page: 0 }, messages: ['Listed.'] };

describe('an answer holding JSON text', () => {
  it('writes the text into the envelope: the body parses to what JSON.stringify of the values gives', async () => {
    const response = await app.fetch(new Request('http://api.test/list', { method: 'POST' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await response.text();
    expect(body).toContain(page);
    expect(JSON.parse(body)).toEqual(expected);
    expect(JSON.stringify(JSON.parse(body))).toBe(JSON.stringify(expected));
  });

  it('does not parse the text to write it (over HTTP)', async () => {
    const items = new JsonText<unknown[]>(page);
    const parse = vi.spyOn(items, 'parse');
    const once = new Hono().post('/list', (c) => ok(c, { items, total: 2 }));
    const response = await once.fetch(new Request('http://api.test/list', { method: 'POST' }));
    expect(JSON.parse(await response.text()).data.items).toEqual(JSON.parse(page));
    expect(parse).not.toHaveBeenCalled();
  });

  it('hands the parsed values to an in-process call', async () => {
    const request = new Request('http://api.test/list', { method: 'POST' });
    const answer = awaitAnswer(request);
    const response = await app.fetch(request);
    expect(await response.text()).toBe('');
    expect(answer()).toEqual(expected);
  });
});
