import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#contract/messages';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

/**
 * Text the database cannot store (a NUL character; a lone UTF-16 surrogate, which jsonb
 * refuses) and dates outside what it stores (year 0, negative and six-digit years) answer a
 * 4xx with a clear message wherever they are sent: a body field (on that field), a path id,
 * a query value. Nothing is stored.
 */
let h: Harness;
let token: string;
let b: string;
let customerId: string;
beforeAll(async () => {
  h = await createHarness();
  const owner = await h.signUpWithBusiness();
  token = owner.token;
  b = owner.business._id;
  customerId = (await h.call(`businesses/customers/${b}/create`, { first_name: 'Real', status: 'lead' }, token)).body
    .data.customer._id;
});
afterAll(() => h.close());

/** Stored dates are kept to a window any date arithmetic stays inside (DATE_WINDOW in contract/dates.ts). */
const OUT_OF_RANGE = [
  '+275760-09-13T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '1899-12-31T23:59:59Z',
  '3000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
];

describe('a NUL character', () => {
  it('in a body field is refused on that field (create, update, search, nested and list values)', async () => {
    const cases: [string, unknown, string][] = [
      [`businesses/customers/${b}/create`, { first_name: 'A\u0000b', status: 'lead' }, 'first_name'],
      [`businesses/customers/${b}/update/${customerId}`, { last_name: '\u0000' }, 'last_name'],
      [
        `businesses/customers/${b}/create`,
        { first_name: 'Ok', status: 'lead', emails: ['a@b.co', 'x\u0000@b.co'] },
        'emails[1]',
      ],
      [`businesses/customers/${b}/list`, { search: 'A\u0000' }, 'search'],
      [`businesses/notes/${b}/create`, { body: 'call \u0000 back' }, 'body'],
      [
        `businesses/memories/${b}/create`,
        { type: 'text', content: 'We open \u0000 at nine.', status: 'active' },
        'content',
      ],
      [`businesses/update/${b}`, { name: 'Renamed\u0000' }, 'name'],
      [`businesses/settings/${b}/set`, { assistant: { greeting: 'Hello\u0000' } }, 'assistant.greeting'],
      ['users/update', { name: 'Nul\u0000' }, 'name'],
    ];
    for (const [path, body, field] of cases) {
      const result = await h.call(path, body, token);
      expectFieldError(result, field, messages.input.nul);
    }
    const listed = await h.call(`businesses/customers/${b}/list`, { search: 'A' }, token);
    expect(listed.body.data.customers.map((c: { first_name: string }) => c.first_name)).not.toContain('A\u0000b');
  });

  it('in a field name is refused too', async () => {
    const result = await h.call(
      `businesses/customers/${b}/create`,
      { first_name: 'Ok', status: 'lead', 'x\u0000': 1 },
      token,
    );
    expect(result.status).toBe(422);
    expect(result.body.errors).toContain(messages.input.nul);
  });

  it('in a path id or a query value answers 400 with the envelope', async () => {
    for (const path of [
      `businesses/customers/${b}/get/ab%00c`,
      `businesses/customers/${b}/get/%00`,
      `businesses/notes/${b}/get/%00`,
      `businesses/conversations/${b}/get/x%00`,
      `businesses/customers/${b}/list?q=%00`,
    ]) {
      const response = await h.request(path, {
        method: 'POST',
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      });
      const result = { status: response.status, body: await response.json() };
      expectFailureEnvelope(result, 400);
      expect(result.body.errors).toEqual([messages.input.nulInAddress]);
    }
  });

  it('in a form body (the lead catcher posts forms) answers 422, not a 5xx', async () => {
    const response = await h.request(`leadcatcher/unknown/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'name=A%00b&message=hi',
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toContain(messages.input.nul);
  });
});

describe('a lone surrogate', () => {
  it('is refused on its field (jsonb would refuse it with a 5xx)', async () => {
    const body = `{"assistant":{"greeting":"Hello \\ud800"}}`;
    const response = await h.request(`businesses/settings/${b}/set`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    const result = { status: response.status, body: await response.json() };
    expectFieldError(result, 'assistant.greeting', messages.input.notText);
  });
});

describe('dates outside what is stored', () => {
  it('a reminder is refused on the field, on create and on update', async () => {
    const note = (await h.call(`businesses/notes/${b}/create`, { body: 'Dated' }, token)).body.data.note;
    for (const date of OUT_OF_RANGE) {
      expectFieldError(
        await h.call(`businesses/notes/${b}/create`, { body: 'x', reminder: date }, token),
        'reminder',
        messages.date.outOfRange,
      );
      expectFieldError(
        await h.call(`businesses/notes/${b}/update/${note._id}`, { reminder: date }, token),
        'reminder',
        messages.date.outOfRange,
      );
    }
    expect(
      (await h.call(`businesses/notes/${b}/create`, { body: 'x', reminder: '2031-05-06T09:00:00Z' }, token)).status,
    ).toBe(200);
  });

  it('list ranges (created_at, reminder) are refused on the field', async () => {
    for (const date of OUT_OF_RANGE) {
      for (const [path, body, field] of [
        [`businesses/notes/${b}/list`, { created_at: { from: date } }, 'created_at.from'],
        [`businesses/notes/${b}/list`, { reminder: { to: date } }, 'reminder.to'],
        [`businesses/customers/${b}/list`, { created_at: { to: date } }, 'created_at.to'],
      ] as const) {
        const result = await h.call(path, body, token);
        expect(result.status, `${path} ${date} ${JSON.stringify(result.body)}`).toBe(422);
        expect(result.body.field_errors?.[field]).toBeTruthy();
      }
    }
  });

  it("a report's custom range is refused on the field", async () => {
    for (const [from, to] of [
      ['0000-01-01', '0000-01-05'],
      ['0001-01-01', '0001-01-05'],
      ['9999-12-30', '9999-12-31'],
      ['2999-12-30', '3000-01-02'],
    ]) {
      const result = await h.call(`businesses/reports/${b}/get`, { period: 'custom', from, to }, token);
      expect(result.status, `${from}..${to} ${JSON.stringify(result.body)}`).toBe(422);
      expect(result.body.errors).toContain(messages.date.outOfRange);
    }
  });

  it('a notification dismissal date is refused on the field', async () => {
    for (const date of OUT_OF_RANGE) {
      expectFieldError(
        await h.call(`businesses/notifications/${b}/update/unknown`, { dismissed_at: date }, token),
        'dismissed_at',
        messages.date.outOfRange,
      );
    }
  });
});

describe('a multipart form (uploads)', () => {
  it("refuses a NUL in a text field or a file's name on that field", async () => {
    for (const [field, title, name] of [
      ['title', 'Price\u0000list', 'prices.txt'],
      ['file', 'Prices', 'pri\u0000ces.txt'],
    ]) {
      const form = new FormData();
      form.set('file', new File(['We open at nine.'], name, { type: 'text/plain' }));
      form.set('title', title);
      const response = await h.request(`businesses/memories/${b}/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      const result = { status: response.status, body: await response.json() };
      expectFieldError(result, field, messages.input.nul);
    }
  });
});
