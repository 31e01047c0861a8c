import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '#api/db/schema';
import { setLeadcatcherRateLimit } from '#api/features/systems/leadcatcher';
import { createHarness, uniqueEmail, type Harness } from '#tests/support/api-harness';
import {
  eventsOf,
  formsOf,
  insertLeadcatcher,
  insertTelephony,
  submitForm,
  submitJson,
} from '#tests/support/leadcatcher';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function business() {
  const owner = await h.signUpWithBusiness();
  return { owner, b: owner.business._id as string };
}

const lead = () => ({ name: 'Lee Ray', email: uniqueEmail(), message: 'Hello' });

describe('the honeypot', () => {
  it('filled in, is answered like a success and stores nothing but a spam event', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b);
    const real = await submitJson(h, system.id, lead());
    const spam = await submitJson(h, system.id, { ...lead(), website: 'https://buy-cheap.example' });
    expect(spam.status).toBe(real.status);
    expect(spam.body).toEqual(real.body);
    expect(await formsOf(h, b)).toHaveLength(1);
    expect(await h.database.db.select().from(customers).where(eq(customers.businessId, b))).toHaveLength(1);
    const [event] = await eventsOf(h, system.id);
    expect(event).toMatchObject({ name: 'form.submitted', outcome: 'spam' });

    const posted = await submitForm(h, system.id, { name: 'Bot', email: uniqueEmail(), website: 'x' });
    expect(posted.status).toBe(303);
    expect(await formsOf(h, b)).toHaveLength(1);
  });
});

describe('the allowed sites', () => {
  it('refuse any other site (Origin, else Referer) with 403 and a refused event', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b, { allowed_origins: ['https://shop.example'] });
    const other = await submitJson(h, system.id, lead(), { origin: 'https://evil.example' });
    expect(other).toMatchObject({ status: 403, body: { errors: ['This site may not send this form.'] } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const viaReferer = await submitJson(h, system.id, lead(), { referer: 'https://evil.example/page' });
    expect(viaReferer.status).toBe(403);
    const none = await submitJson(h, system.id, lead());
    expect(none.status).toBe(403);
    const posted = await submitForm(h, system.id, lead(), { origin: 'https://evil.example' });
    expect(posted.status).toBe(403);
    expect(await posted.text()).toContain('This site may not send this form.');
    expect(await formsOf(h, b)).toHaveLength(0);
    expect((await eventsOf(h, system.id)).every((event) => event.outcome === 'refused')).toBe(true);

    const listed = await submitJson(h, system.id, lead(), { origin: 'https://shop.example' });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const refererOnly = await submitJson(h, system.id, lead(), { referer: 'https://shop.example/contact' });
    expect(refererOnly.status).toBe(200);
    // The hosted form page posts from this server itself.
    const hosted = await submitForm(h, system.id, lead(), { origin: 'http://app.test' });
    expect(hosted.status).toBe(303);
    expect(await formsOf(h, b)).toHaveLength(3);
  });

  it('answer the CORS preflight for a listed site only, and any site when the list is empty', async () => {
    const { b } = await business();
    const strict = await insertLeadcatcher(h, b, { allowed_origins: ['https://shop.example'] });
    const open = await insertLeadcatcher(h, b);
    const preflight = (id: string, origin: string) =>
      h.request(`leadcatcher/${id}/submit`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const allowed = await preflight(strict.id, 'https://shop.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
    const refused = await preflight(strict.id, 'https://evil.example');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const any = await preflight(open.id, 'https://anywhere.example');
    expect(any.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the rate limit', () => {
  it('allows a few submissions per client per minute, then 429, counted per address and system', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b);
    const second = await insertLeadcatcher(h, b);
    setLeadcatcherRateLimit(h.deps, { limit: 2, windowMs: 60_000 });
    try {
      const ip = { 'x-forwarded-for': '198.51.100.7' };
      expect((await submitJson(h, system.id, lead(), ip)).status).toBe(200);
      expect((await submitJson(h, system.id, { ...lead(), website: 'spam' }, ip)).status).toBe(200);
      const limited = await submitJson(h, system.id, lead(), ip);
      expect(limited).toMatchObject({
        status: 429,
        body: { errors: ['Too many submissions. Try again in a minute.'] },
      });
      expect(limited.headers.get('retry-after')).toBe('60');
      expect((await submitJson(h, system.id, lead(), ip)).status).toBe(429);
      const posted = await submitForm(h, system.id, lead(), ip);
      expect(posted.status).toBe(429);
      expect(await posted.text()).toContain('Too many submissions. Try again in a minute.');

      expect((await submitJson(h, system.id, lead(), { 'x-forwarded-for': '198.51.100.8' })).status).toBe(200);
      expect((await submitJson(h, second.id, lead(), ip)).status).toBe(200);
      // One refused event per run of refusals, not one per request.
      expect((await eventsOf(h, system.id)).filter((event) => event.outcome === 'refused')).toHaveLength(1);

      h.clock.offsetMs += 31_000;
      expect((await submitJson(h, system.id, lead(), ip)).status).toBe(200);
      expect((await submitJson(h, system.id, lead(), ip)).status).toBe(429);
    } finally {
      h.clock.offsetMs = 0;
      setLeadcatcherRateLimit(h.deps, { limit: 1000 });
    }
  });
});

describe('tenant isolation', () => {
  it('writes into the business of the system in the URL only; other kinds and deleted systems are not forms', async () => {
    const a = await business();
    const other = await business();
    const system = await insertLeadcatcher(h, a.b);
    const email = uniqueEmail();
    // The same email is a contact of business B: A's form neither matches nor touches it.
    const [bContact] = await h.database.db
      .insert(customers)
      .values({
        id: crypto.randomUUID(),
        businessId: other.b,
        firstName: 'B',
        emails: [email],
        phones: [],
        addresses: [],
        status: 'lead',
      })
      .returning();
    expect((await submitJson(h, system.id, { name: 'Sam', email, business_id: other.b })).status).toBe(200);
    const [form] = await formsOf(h, a.b);
    expect(form.businessId).toBe(a.b);
    expect(form.customerId).not.toBe(bContact.id);
    expect(await formsOf(h, other.b)).toHaveLength(0);
    const listed = await h.call(`businesses/forms/${other.b}/list`, {}, other.owner.token);
    expect(JSON.stringify(listed.body.data)).not.toContain(form.id);

    const telephony = await insertTelephony(h, other.b);
    const deleted = await insertLeadcatcher(h, other.b, {}, { deletedAt: new Date() });
    for (const id of [telephony.id, deleted.id, 'no-such-system']) {
      const result = await submitJson(h, id, lead());
      expect(result).toMatchObject({ status: 404, body: { errors: ['This form is not available.'] } });
      expect((await h.request(`leadcatcher/${id}/form`)).status).toBe(404);
      expect((await h.request(`leadcatcher/${id}/embed.js`)).status).toBe(404);
    }
    expect(await formsOf(h, other.b)).toHaveLength(0);
  });
});

describe('the hosted form page', () => {
  it('is a script-free HTML form with labels, the honeypot and its own policy, also while setup is unfinished', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(
      h,
      b,
      {
        form_name: 'Book a <visit>',
        allowed_origins: ['https://shop.example'],
        redirect_url: 'https://shop.example/thanks',
      },
      { status: 'requires_setup' },
    );
    const response = await h.request(`leadcatcher/${system.id}/form`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' https://shop.example");
    expect(csp).toContain("frame-ancestors 'self' https://shop.example");
    const html = await response.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('<title>Book a &lt;visit&gt;</title>');
    expect(html).toContain(`action="/api/v1/leadcatcher/${system.id}/submit"`);
    for (const field of ['name', 'email', 'phone', 'message']) expect(html).toContain(`<label for="lc-${field}">`);
    expect(html).toMatch(/<div class="hp" aria-hidden="true">.*name="website" tabindex="-1"/);
  });
});

type FakeNode = {
  tagName: string;
  attributes: Record<string, string>;
  children: FakeNode[];
  style: { cssText: string };
  textContent: string;
  hidden: boolean;
  required: boolean;
  disabled: boolean;
  value: string;
  listeners: Record<string, ((event: { preventDefault(): void }) => void)[]>;
  readonly id: string;
  setAttribute(name: string, value: string): void;
  getAttribute(name: string): string | null;
  removeAttribute(name: string): void;
  appendChild(child: FakeNode): FakeNode;
  replaceChild(next: FakeNode, old: FakeNode): FakeNode;
  addEventListener(type: string, listener: (event: { preventDefault(): void }) => void): void;
  focus(): void;
};

/** Just enough DOM for embed.js: elements, attributes, children and events. */
function fakeElement(tagName: string, attributes: Record<string, string> = {}): FakeNode {
  const node: FakeNode = {
    tagName: tagName.toUpperCase(),
    attributes: { ...attributes },
    children: [],
    style: { cssText: '' },
    textContent: '',
    hidden: false,
    required: false,
    disabled: false,
    value: '',
    listeners: {},
    get id() {
      return this.attributes.id ?? '';
    },
    setAttribute(name, value) {
      this.attributes[name] = String(value);
    },
    getAttribute(name) {
      return name in this.attributes ? this.attributes[name] : null;
    },
    removeAttribute(name) {
      delete this.attributes[name];
    },
    appendChild(child) {
      this.children.push(child);
      return child;
    },
    replaceChild(next, old) {
      this.children[this.children.indexOf(old)] = next;
      return old;
    },
    addEventListener(type, listener) {
      (this.listeners[type] ??= []).push(listener);
    },
    focus() {
      focused = node;
    },
  };
  return node;
}
let focused: FakeNode | null = null;

function walk(node: FakeNode): FakeNode[] {
  return [node, ...node.children.flatMap(walk)];
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('embed.js', () => {
  async function load(systemId: string, page = 'https://shop.example/contact') {
    const response = await h.request(`leadcatcher/${systemId}/embed.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const script = await response.text();
    const container = fakeElement('div', { 'data-leadcatcher': systemId });
    const document = {
      readyState: 'complete',
      currentScript: { src: `http://api.test/api/v1/leadcatcher/${systemId}/embed.js` },
      createElement: (tag: string) => fakeElement(tag),
      querySelectorAll: (selector: string) => (selector === `[data-leadcatcher="${systemId}"]` ? [container] : []),
      addEventListener: () => undefined,
    };
    const fetch = (url: string, init: RequestInit) =>
      h.app.fetch(
        new Request(url, {
          ...init,
          headers: {
            ...(init.headers as Record<string, string>),
            origin: new URL(page).origin,
            'x-forwarded-for': '192.0.2.50',
          },
        }),
      );
    const window = { fetch, JSON, URL, location: { href: page } };
    const { runInNewContext } = await import('node:vm');
    runInNewContext(script, { window, document, URL, JSON });
    return container;
  }

  function parts(container: FakeNode) {
    const nodes = walk(container);
    const form = nodes.find((node) => node.tagName === 'FORM');
    const field = (name: string) => nodes.find((node) => node.attributes.name === name) as FakeNode;
    const labelFor = (id: string) => nodes.find((node) => node.tagName === 'LABEL' && node.attributes.for === id);
    return { nodes, form, field, labelFor };
  }

  function submit(form: FakeNode | undefined) {
    let prevented = false;
    for (const listener of form?.listeners.submit ?? []) listener({ preventDefault: () => (prevented = true) });
    return prevented;
  }

  it('renders a labelled form into the element, posts it as JSON and shows the success message', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b, {
      form_name: 'Get a quote',
      success_message: 'Thank you! We reply within a day.',
      allowed_origins: ['https://shop.example'],
    });
    const container = await load(system.id);
    const { form, field, labelFor } = parts(container);
    expect(form?.attributes).toMatchObject({
      method: 'post',
      action: `http://api.test/api/v1/leadcatcher/${system.id}/submit`,
      'aria-label': 'Get a quote',
    });
    for (const name of ['name', 'email', 'phone', 'message'])
      expect(labelFor(field(name).id)?.textContent).toMatch(/^(Name|Email|Phone|Message)/);
    expect(field('name').required).toBe(true);
    expect(field('website').attributes.tabindex).toBe('-1');

    const email = uniqueEmail();
    field('name').value = 'Uma Patel';
    field('email').value = email;
    field('message').value = 'Quote for a new boiler';
    expect(submit(form)).toBe(true);
    await until(() => container.children[0]?.tagName === 'P');
    expect(container.children[0]).toMatchObject({
      textContent: 'Thank you! We reply within a day.',
      attributes: expect.objectContaining({ role: 'status' }),
    });
    expect(focused).toBe(container.children[0]);
    const [stored] = await formsOf(h, b);
    expect(stored.details).toMatchObject({
      page_url: 'https://shop.example/contact',
      fields: { name: 'Uma Patel', email, message: 'Quote for a new boiler' },
    });
  });

  it('shows each refusal next to its field and marks it invalid', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b);
    const container = await load(system.id);
    const { form, field, nodes } = parts(container);
    field('name').value = 'Uma';
    field('phone').value = '12345';
    submit(form);
    const error = nodes.find((node) => node.attributes.id === `${field('phone').id}-error`) as FakeNode;
    await until(() => !error.hidden);
    expect(error.textContent).toBe('Phone numbers must be in international format, E.164 format (e.g. +14155552671).');
    expect(field('phone').attributes).toMatchObject({ 'aria-invalid': 'true', 'aria-describedby': error.id });
    expect(field('name').attributes['aria-invalid']).toBeUndefined();
    expect(focused).toBe(field('phone'));
    expect(await formsOf(h, b)).toHaveLength(0);
  });
});
