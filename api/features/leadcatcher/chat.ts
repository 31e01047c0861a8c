import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import type { ApiEnv } from '#api/lib/context';
import type { createRouter } from '#api/lib/context';
import { jsonOrFormBody } from '#api/lib/openapi';
import { businessName } from '#api/features/systems/customer-messages';
import { findSystemById } from '#api/features/systems/store';
import { isLeadcatcher, leadcatcherSettings, takeSubmissionToken } from '#api/features/systems/leadcatcher';
import { leadMessages } from '#api/features/systems/lead-form';
import {
  chatMessages,
  sendChatMessage,
  startChat,
  verifyChatToken,
  visitorMessages,
  type ChatSession,
} from '#api/features/systems/web-chat';
import type { SystemRow } from '#api/features/systems/store';
import { CHAT_SCRIPT, renderChatPage, type ChatPageInput } from './chat-page';
import { renderMessagePage } from './page';

/**
 * Website chat's public calls (docs/inbox.md#website-chat), beside the lead catcher's form:
 * the system id in the URL is the public address, the visitor's session a signed token in an
 * httpOnly cookie (or the X-Chat-Token header for API clients). Starting and sending take
 * from the lead catcher's rate limit; reading the session's messages (polling) does not.
 */
type C = Context<ApiEnv>;
type Leadcatcher = SystemRow & { name: 'leadcatcher' };

const API_BASE_PATH = '/api/v1';
const COOKIE = 'lc_chat';
const base = (id: string) => `${API_BASE_PATH}/leadcatcher/${encodeURIComponent(id)}/chat`;
/** A chat post is short: the fields, or one message of at most CHAT_MESSAGE_LIMIT characters. */
const limitBody = bodyLimit({
  maxSize: 16 * 1024,
  onError: (c) => c.json({ errors: ['The message is too large.'] }, 413),
});

async function leadcatcherOf(c: C): Promise<Leadcatcher | null> {
  const system = await findSystemById(c.var.deps.db, c.req.param('system_id') ?? '');
  return isLeadcatcher(system) ? system : null;
}

/** The page may run its own script only; it may be framed by the lead catcher's allowed sites. */
function pageHeaders(system: Leadcatcher | null): Record<string, string> {
  const settings = system ? leadcatcherSettings(system) : null;
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
      "script-src 'self'",
      "connect-src 'self'",
      "style-src 'unsafe-inline'",
      "form-action 'self'",
      `frame-ancestors ${ancestors}`,
      "base-uri 'none'",
    ].join('; '),
  };
}

const noStoreJson = (c: C, body: unknown, status: 200 | 400 | 401 | 404 | 413 | 422 | 429) => {
  c.header('Cache-Control', 'no-store');
  return c.json(body as object, status);
};

function sessionOf(c: C, system: Leadcatcher): ChatSession | null {
  const token = c.req.header('x-chat-token') ?? getCookie(c, COOKIE);
  return verifyChatToken(c.var.deps, system.id, token);
}

function keepSession(c: C, system: Leadcatcher, token: string) {
  const secure = new URL(c.req.url).protocol === 'https:' || (c.var.deps.publicUrl ?? '').startsWith('https:');
  // Framed on the business's own site the cookie is a third-party one: SameSite=None needs https.
  setCookie(c, COOKIE, token, {
    path: base(system.id),
    httpOnly: true,
    secure,
    sameSite: secure ? 'None' : 'Lax',
    maxAge: 30 * 86_400,
  });
}

async function page(c: C, system: Leadcatcher, status: number, extra: Partial<ChatPageInput> = {}) {
  const session = sessionOf(c, system);
  const input: ChatPageInput = {
    businessName: await businessName(c.var.deps.db, system.businessId),
    title: 'Chat with us',
    startAction: `${base(system.id)}/start`,
    sendAction: `${base(system.id)}/send`,
    messagesUrl: `${base(system.id)}/messages`,
    scriptUrl: `${API_BASE_PATH}/leadcatcher/${encodeURIComponent(system.id)}/chat.js`,
    messages: session ? await visitorMessages(c.var.deps, system, session) : null,
    ...extra,
  };
  return new Response(renderChatPage(input), { status, headers: pageHeaders(system) });
}

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

/** Through the context, so the session cookie set on it goes with the redirect. */
const redirectTo = (c: C, location: string) => {
  c.header('Cache-Control', 'no-store');
  return c.redirect(location, 303);
};

export function registerChatRoutes(router: ReturnType<typeof createRouter>, clientIpOf: (c: C) => string) {
  router.get('/leadcatcher/:system_id/chat', async (c) => {
    const system = await leadcatcherOf(c);
    if (!system)
      return new Response(renderMessagePage('Chat not available', chatMessages.notFound), {
        status: 404,
        headers: pageHeaders(null),
      });
    return page(c, system, 200);
  });

  router.get('/leadcatcher/:system_id/chat.js', async (c) => {
    const system = await leadcatcherOf(c);
    return new Response(system ? CHAT_SCRIPT : '/* This chat is not available. */\n', {
      status: system ? 200 : 404,
      headers: { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
    });
  });

  router.get('/leadcatcher/:system_id/chat/messages', async (c) => {
    const system = await leadcatcherOf(c);
    if (!system) return noStoreJson(c, { errors: [chatMessages.notFound] }, 404);
    const session = sessionOf(c, system);
    if (!session) return noStoreJson(c, { errors: [chatMessages.sessionRequired] }, 401);
    return noStoreJson(c, { data: { messages: await visitorMessages(c.var.deps, system, session) } }, 200);
  });

  router.post('/leadcatcher/:system_id/chat/start', limitBody, async (c) => {
    const isJson = (c.req.header('content-type') ?? '').includes('application/json');
    const system = await leadcatcherOf(c);
    if (!system) return isJson ? noStoreJson(c, { errors: [chatMessages.notFound] }, 404) : c.notFound();
    const refuse = (status: 400 | 429, message: string) =>
      isJson ? noStoreJson(c, { errors: [message] }, status) : page(c, system, status, { errors: [message] });
    if (!takeSubmissionToken(c.var.deps, `chat:${system.id}`, clientIpOf(c)).allowed) {
      c.header('Retry-After', '60');
      return refuse(429, leadMessages.rateLimited);
    }
    const raw = await readBody(c, isJson);
    if (!raw) return refuse(400, isJson ? 'The request body is not valid JSON.' : 'The form could not be read.');
    const result = await startChat(c.var.deps, system, raw);
    // A bot is answered like a person (it learns nothing) but gets no session.
    if (result.kind === 'spam')
      return isJson ? noStoreJson(c, { data: { started: true, messages: [] } }, 200) : redirectTo(c, base(system.id));
    if (result.kind === 'invalid') {
      const errors = [...new Set(Object.values(result.fieldErrors).flat())];
      if (isJson) return noStoreJson(c, { errors, field_errors: result.fieldErrors }, 422);
      return page(c, system, 422, { messages: null, values: result.fields, fieldErrors: result.fieldErrors, errors });
    }
    keepSession(c, system, result.token);
    if (!isJson) return redirectTo(c, base(system.id));
    const messages = await visitorMessages(c.var.deps, system, result.session);
    return noStoreJson(c, { data: { started: true, token: result.token, messages } }, 200);
  });

  router.post('/leadcatcher/:system_id/chat/send', limitBody, async (c) => {
    const isJson = (c.req.header('content-type') ?? '').includes('application/json');
    const system = await leadcatcherOf(c);
    if (!system) return isJson ? noStoreJson(c, { errors: [chatMessages.notFound] }, 404) : c.notFound();
    const refuse = (status: 400 | 401 | 429, message: string) =>
      isJson ? noStoreJson(c, { errors: [message] }, status) : page(c, system, status, { errors: [message] });
    const session = sessionOf(c, system);
    if (!session) return refuse(401, chatMessages.sessionRequired);
    if (!takeSubmissionToken(c.var.deps, `chat:${system.id}`, clientIpOf(c)).allowed) {
      c.header('Retry-After', '60');
      return refuse(429, leadMessages.rateLimited);
    }
    const raw = await readBody(c, isJson);
    if (!raw) return refuse(400, isJson ? 'The request body is not valid JSON.' : 'The form could not be read.');
    const result = await sendChatMessage(c.var.deps, system, session, raw.message);
    if (result.kind === 'invalid') {
      const errors = [...new Set(Object.values(result.fieldErrors).flat())];
      if (isJson) return noStoreJson(c, { errors, field_errors: result.fieldErrors }, 422);
      return page(c, system, 422, {
        values: { message: typeof raw.message === 'string' ? raw.message : '' },
        fieldErrors: result.fieldErrors,
        errors,
      });
    }
    if (!isJson) return redirectTo(c, base(system.id));
    return noStoreJson(c, { data: { messages: await visitorMessages(c.var.deps, system, session) } }, 200);
  });

  const params = z.object({
    system_id: z
      .string()
      .min(1)
      .openapi({ param: { name: 'system_id', in: 'path' } }),
  });
  const tags = ['Website chat'];
  const startBody = z.object({
    name: z.string().openapi({ description: 'Required' }),
    email: z.string().optional().openapi({ description: 'An email or a phone is required' }),
    phone: z.string().optional(),
    message: z.string().optional().openapi({ description: 'A first message (at most 2000 characters)' }),
    website: z.string().optional().openapi({ description: 'The honeypot: leave empty' }),
  });
  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/leadcatcher/{system_id}/chat',
    tags,
    summary: "The hosted chat page (HTML; works without JavaScript): the start form, or the visitor's conversation",
    request: { params },
    responses: { 200: { description: 'The chat page' }, 404: { description: 'No such lead catcher' } },
  });
  router.openAPIRegistry.registerPath({
    method: 'post',
    path: '/leadcatcher/{system_id}/chat/start',
    tags,
    summary:
      'Start a chat: matches or creates the contact like the web form; answers the session token (also set as an httpOnly cookie). A form post is answered with a 303 to the page.',
    request: {
      params,
      body: jsonOrFormBody(startBody),
    },
    responses: {
      200: { description: '{ data: { started: true, token, messages } }' },
      303: { description: 'A form post: back to the chat page' },
      422: { description: 'Validation failed: { errors, field_errors }' },
      429: { description: 'Too many submissions. Try again in a minute.' },
    },
  });
  router.openAPIRegistry.registerPath({
    method: 'post',
    path: '/leadcatcher/{system_id}/chat/send',
    tags,
    summary:
      "The visitor's message (1–2000 characters; cookie or X-Chat-Token); the assistant answers unless a member paused it. Answers the session's messages.",
    request: {
      params,
      body: jsonOrFormBody(z.object({ message: z.string() })),
    },
    responses: {
      200: { description: '{ data: { messages } }' },
      303: { description: 'A form post: back to the chat page' },
      401: { description: 'No valid session' },
      422: { description: 'Validation failed' },
      429: { description: 'Too many messages' },
    },
  });
  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/leadcatcher/{system_id}/chat/messages',
    tags,
    summary: "The visitor's session messages, oldest first (polled by the page; cookie or X-Chat-Token)",
    request: { params },
    responses: { 200: { description: '{ data: { messages } }' }, 401: { description: 'No valid session' } },
  });
}
