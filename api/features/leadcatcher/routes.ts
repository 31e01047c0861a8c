import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { LeadcatcherSettings } from '#contract/schemas/system';
import { isPublicWebUrl } from '#contract/web-address';
import { createRouter, type ApiEnv } from '#api/lib/context';
import { jsonOrFormBody } from '#api/lib/openapi';
import { leadcatcherUrls } from '#api/features/systems/setup';
import { findSystemById, recordSystemEvent, type SystemRow } from '#api/features/systems/store';
import {
  isLeadcatcher,
  leadcatcherSettings,
  originAllowed,
  originOf,
  submitLead,
  takeSubmissionToken,
} from '#api/features/systems/leadcatcher';
import { leadMessages, pageUrlOf, type LeadFields } from '#api/features/systems/lead-form';
import { businessName } from '#api/features/systems/customer-messages';
import { renderEmbedScript } from './embed';
import { renderFormPage, renderMessagePage } from './page';
import { registerChatRoutes } from './chat';

/**
 * The lead catcher's public calls (no sign-in; the system id in the URL is the address):
 * GET …/form (a hosted page, no script), GET …/embed.js (renders the form into a site's
 * page) and POST …/submit (JSON from embed.js, or a plain form post). Submissions are
 * rate-limited per client and system, checked against the allowed sites and answered with
 * CORS headers for them. A system of another kind, or a deleted one, is "not available".
 */
type C = Context<ApiEnv>;

/** Where the v1 app is mounted (app.ts API_BASE; not imported, app.ts imports this router). */
const API_BASE_PATH = '/api/v1';

const formPath = (id: string) => `${API_BASE_PATH}/leadcatcher/${encodeURIComponent(id)}/form`;
const submitPath = (id: string) => `${API_BASE_PATH}/leadcatcher/${encodeURIComponent(id)}/submit`;

/**
 * The client's address: the one express worked out (req.ip honours `trust proxy`, like the
 * auth rate limiter in server.ts). Called in process (tests, tools) there is no socket:
 * the first X-Forwarded-For entry, as the web app's in-process calls send it.
 */
export function clientIpOf(c: C): string {
  const incoming = (c.env as { incoming?: { ip?: string; socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  if (incoming) return incoming.ip ?? incoming.socket?.remoteAddress ?? 'unknown';
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
}

/** This server's own origins: the hosted form page posts from here whatever the allowed sites. */
function ownOrigins(c: C): (string | null)[] {
  return [originOf(c.var.deps.publicUrl), originOf(c.req.url)];
}

function requestOrigin(c: C): string | null {
  return originOf(c.req.header('origin')) ?? originOf(c.req.header('referer'));
}

function corsHeaders(
  settings: LeadcatcherSettings | null,
  origin: string | null,
  allowed: boolean,
): Record<string, string> {
  if (settings && settings.allowed_origins.length === 0) return { 'Access-Control-Allow-Origin': '*' };
  if (settings && origin && allowed) return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
  return { Vary: 'Origin' };
}

/**
 * The page's own policy (it replaces the app's): no script at all, inline styles, posts to
 * this server (and the redirect_url's site, which a form post is redirected to), and it
 * may be framed by the allowed sites (any site when the list is empty).
 */
function pageHeaders(settings: LeadcatcherSettings | null): Record<string, string> {
  const redirect = originOf(settings?.redirect_url);
  const ancestors = !settings
    ? "'none'"
    : settings.allowed_origins.length
      ? ["'self'", ...settings.allowed_origins].join(' ')
      : '*';
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      'img-src data:',
      `form-action 'self'${redirect ? ` ${redirect}` : ''}`,
      `frame-ancestors ${ancestors}`,
      "base-uri 'none'",
    ].join('; '),
  };
}

function html(body: string, status: number, headers: Record<string, string>): Response {
  return new Response(body, { status, headers });
}

function json(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

async function leadcatcherOf(c: C): Promise<(SystemRow & { name: 'leadcatcher' }) | null> {
  const system = await findSystemById(c.var.deps.db, c.req.param('system_id') ?? '');
  return isLeadcatcher(system) ? system : null;
}

async function formPage(
  c: C,
  system: SystemRow & { name: 'leadcatcher' },
  status: number,
  extra: {
    values?: Partial<LeadFields>;
    fieldErrors?: Record<string, string[]>;
    errors?: string[];
    sent?: string | null;
  },
) {
  const settings = leadcatcherSettings(system);
  const page = renderFormPage({
    formName: settings.form_name,
    businessName: await businessName(c.var.deps.db, system.businessId),
    action: submitPath(system.id),
    formPath: formPath(system.id),
    ...extra,
  });
  return html(page, status, pageHeaders(settings));
}

/** Only the fields a client sends are read: strings, one value each. */
async function readBody(c: C, isJson: boolean): Promise<Record<string, unknown> | null> {
  try {
    if (isJson) {
      const body: unknown = await c.req.json();
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    }
    const body = await c.req.parseBody();
    return Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string'));
  } catch {
    return null;
  }
}

export const leadcatcherRouter = createRouter();

leadcatcherRouter.get('/leadcatcher/:system_id/form', async (c) => {
  const system = await leadcatcherOf(c);
  if (!system) return html(renderMessagePage('Form not available', leadMessages.notFound), 404, pageHeaders(null));
  const sent = c.req.query('sent') === '1' ? leadcatcherSettings(system).success_message : null;
  return formPage(c, system, 200, { sent });
});

leadcatcherRouter.get('/leadcatcher/:system_id/embed.js', async (c) => {
  const system = await leadcatcherOf(c);
  const headers = {
    'Content-Type': 'application/javascript; charset=utf-8',
    'Cache-Control': 'public, max-age=300',
    'Access-Control-Allow-Origin': '*',
  };
  if (!system)
    return new Response('/* This form is not available. */\n', {
      status: 404,
      headers: { ...headers, 'Cache-Control': 'public, max-age=60' },
    });
  const settings = leadcatcherSettings(system);
  const script = renderEmbedScript({
    id: system.id,
    submit: leadcatcherUrls(c.var.deps, system.id).submit,
    formName: settings.form_name,
    success: settings.success_message,
  });
  return new Response(script, { status: 200, headers });
});

leadcatcherRouter.options('/leadcatcher/:system_id/submit', async (c) => {
  const system = await leadcatcherOf(c);
  const origin = originOf(c.req.header('origin'));
  const settings = system ? leadcatcherSettings(system) : null;
  const allowed = settings ? originAllowed(settings, origin, ownOrigins(c)) : false;
  return new Response(null, {
    status: system ? 204 : 404,
    headers: {
      ...corsHeaders(settings, origin, allowed),
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type, Accept',
      'Access-Control-Max-Age': '600',
    },
  });
});

leadcatcherRouter.post('/leadcatcher/:system_id/submit', async (c) => {
  const { deps } = c.var;
  const contentType = c.req.header('content-type') ?? '';
  const accept = c.req.header('accept') ?? '';
  const isJson = contentType.includes('application/json');
  const wantsJson = isJson || (accept.includes('application/json') && !accept.includes('text/html'));
  const system = await leadcatcherOf(c);
  const origin = requestOrigin(c);
  if (!system) {
    return wantsJson
      ? json({ errors: [leadMessages.notFound] }, 404, { Vary: 'Origin' })
      : html(renderMessagePage('Form not available', leadMessages.notFound), 404, pageHeaders(null));
  }
  const settings = leadcatcherSettings(system);
  const allowed = originAllowed(settings, origin, ownOrigins(c));
  const cors = corsHeaders(settings, origin, allowed);
  const refuse = (status: number, message: string, extra: Record<string, string> = {}) =>
    wantsJson
      ? json({ errors: [message] }, status, { ...cors, ...extra })
      : html(renderMessagePage(settings.form_name, message), status, { ...pageHeaders(settings), ...extra });

  // The rate limit comes first: refused and spam submissions count too, so nothing (not
  // even the events log) can be flooded from one address.
  const token = takeSubmissionToken(deps, system.id, clientIpOf(c));
  if (!token.allowed) {
    if (token.first)
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name: 'form.submitted',
        outcome: 'refused',
        error: leadMessages.rateLimited,
        details: { origin },
      });
    return refuse(429, leadMessages.rateLimited, { 'Retry-After': '60' });
  }
  if (!allowed) {
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name: 'form.submitted',
      outcome: 'refused',
      error: leadMessages.originRefused,
      details: { origin },
    });
    return refuse(403, leadMessages.originRefused);
  }
  const raw = await readBody(c, isJson);
  if (!raw)
    return refuse(
      400,
      isJson ? 'The request body is not valid JSON.' : 'The form could not be read. Please try again.',
    );

  const pageUrl = pageUrlOf(raw.page_url) ?? pageUrlOf(c.req.header('referer'));
  const result = await submitLead(deps, system, raw, { pageUrl, origin });
  if (result.kind === 'invalid') {
    const errors = [...new Set(Object.values(result.fieldErrors).flat())];
    if (wantsJson) return json({ errors, field_errors: result.fieldErrors }, 422, cors);
    const page = await formPage(c, system, 422, { values: result.fields, fieldErrors: result.fieldErrors, errors });
    return page;
  }
  // Spam is answered exactly like a success: a bot learns nothing.
  if (wantsJson) return json({ data: { sent: true }, messages: [settings.success_message] }, 200, cors);
  // A redirect_url stored before it had to be a public http(s) address is not followed.
  const thanks = isPublicWebUrl(settings.redirect_url) ? settings.redirect_url : `${formPath(system.id)}?sent=1`;
  return new Response(null, { status: 303, headers: { Location: thanks, 'Cache-Control': 'no-store' } });
});

const systemIdParam = z.object({
  system_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'system_id', in: 'path' } }),
});
const tags = ['Lead catcher'];
leadcatcherRouter.openAPIRegistry.registerPath({
  method: 'get',
  path: '/leadcatcher/{system_id}/form',
  tags,
  summary: 'The hosted form page (HTML, works without JavaScript); ?sent=1 shows the success message',
  request: { params: systemIdParam, query: z.object({ sent: z.string().optional() }) },
  responses: {
    200: { description: 'The form page', content: { 'text/html': { schema: z.string() } } },
    404: { description: 'No such lead catcher' },
  },
});
leadcatcherRouter.openAPIRegistry.registerPath({
  method: 'get',
  path: '/leadcatcher/{system_id}/embed.js',
  tags,
  summary: 'The script that renders the form into <div data-leadcatcher="{system_id}"> and posts it as JSON',
  request: { params: systemIdParam },
  responses: {
    200: { description: 'JavaScript', content: { 'application/javascript': { schema: z.string() } } },
    404: { description: 'No such lead catcher' },
  },
});
const submitBody = z.object({
  name: z.string().openapi({ description: 'Required' }),
  email: z.string().optional().openapi({ description: 'An email or a phone is required' }),
  phone: z.string().optional().openapi({
    description: 'As typed ("07700 900123", "+44 7700 900123"): read in the business country, stored in E.164',
  }),
  message: z.string().optional().openapi({ description: 'At most 5000 characters' }),
  website: z.string().optional().openapi({ description: 'The honeypot: leave empty' }),
  page_url: z.string().optional().openapi({ description: 'The page the form was on (else the Referer)' }),
});
leadcatcherRouter.openAPIRegistry.registerPath({
  method: 'post',
  path: '/leadcatcher/{system_id}/submit',
  tags,
  summary:
    'Submit the form (JSON, or a plain form post answered with a 303); no sign-in. Honeypot, allowed sites, rate limit and CORS.',
  request: {
    params: systemIdParam,
    body: jsonOrFormBody(submitBody),
  },
  responses: {
    200: { description: 'Sent: { data: { sent: true }, messages: [success message] }' },
    303: { description: 'A form post: to the redirect URL or the form page with ?sent=1' },
    403: { description: 'This site may not send this form.' },
    404: { description: 'No such lead catcher' },
    422: {
      description: 'Validation failed: { errors, field_errors } (a form post: the form page again, with the messages)',
    },
    429: { description: 'Too many submissions. Try again in a minute.' },
  },
});

registerChatRoutes(leadcatcherRouter, clientIpOf);
