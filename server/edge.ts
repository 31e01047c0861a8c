import type { Request, RequestHandler, Response } from 'express';
import { messages } from '../contract/messages';

/**
 * Checks every request passes before any page or API call runs (server.ts). A refusal is a
 * clear 4xx: the v1 envelope ({ errors: [...] }) for the API and for callers that read JSON
 * (Remix's data fetches), a small page for a browser.
 */
export function refuse(req: Request, res: Response, status: number, message: string): void {
  // Remix's data requests (`.data` single fetch, `?_data`) are fetches, not page loads.
  const wantsJson =
    req.path.startsWith('/api/') ||
    req.path.endsWith('.data') ||
    typeof req.query._data === 'string' ||
    req.accepts(['html', 'json']) === 'json';
  res.status(status);
  if (wantsJson) {
    res.json({ errors: [message] });
    return;
  }
  res.type('html').send(refusalPage(status, message));
}

const TITLES: Record<number, string> = { 400: 'Bad request', 403: 'Not allowed', 413: 'Too large' };

function refusalPage(status: number, message: string): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const title = TITLES[status] ?? 'Refused';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Business Assistant</title></head><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5"><main><h1>${title}</h1><p>${escape(message)}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}

/**
 * A NUL character in the path or query (%00) is refused here with 400: the database cannot
 * store it and no page or call means it, so it would otherwise end as a 500 deep inside.
 * So is a path whose percent-encoding does not decode (the page router would throw on it).
 */
export const refuseBadAddresses: RequestHandler = (req, res, next) => {
  const url = req.originalUrl;
  if (url.includes('\u0000') || /%00/i.test(url)) return refuse(req, res, 400, messages.edge.nulCharacter);
  try {
    decodeURIComponent(url.split('?')[0]);
  } catch {
    return refuse(req, res, 400, messages.edge.malformedAddress);
  }
  next();
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a state-changing request to the web app (which signs in by
 * cookie) must come from one of its own pages. Remix's own check misses its data fetches
 * (`?_data`, `.data`) and answers a 500 when it refuses; a forged login form (no cookie to
 * protect yet) would sign the victim in as the attacker. So the check is made here, for
 * every non-GET request, before Remix. The allowed origin is PUBLIC_URL's, or without PUBLIC_URL
 * the request's own Host.
 *
 * Browsers send Origin on every cross-origin request and on every same-origin POST (all
 * current ones), so a cross-site page cannot omit it; `Origin: null` (sandboxed frames,
 * data: pages) is refused. Without Origin, Sec-Fetch-Site decides when present: only
 * same-origin or none (typed by the user) pass. With neither header the client is not a
 * browser (curl, scripts, tests): it holds no victim's cookie and no page of another site
 * can make a browser send such a request, so it passes.
 *
 * Exempt: the v1 API (bearer tokens, no cookies) and the realtime events API (signed).
 */
export function refuseCrossSiteWrites(options: { publicOrigin?: string; exempt: RegExp[] }): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || options.exempt.some((pattern) => pattern.test(req.path))) return next();
    const origin = req.get('origin');
    if (origin !== undefined)
      return fromOurOrigin(origin, req, options.publicOrigin) ? next() : refuse(req, res, 403, messages.edge.crossSite);
    const site = req.get('sec-fetch-site');
    if (site === undefined || site === 'same-origin' || site === 'none') return next();
    refuse(req, res, 403, messages.edge.crossSite);
  };
}

function fromOurOrigin(origin: string, req: Request, publicOrigin: string | undefined): boolean {
  if (publicOrigin) return origin === publicOrigin;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === req.get('host');
  } catch {
    return false;
  }
}

/**
 * Pages and API answers carry private data: no cache (the browser's back button after
 * signing out included) may keep them. Set before the page or call runs, so one that
 * chooses its own caching (the public lead-catcher script) still can. Static assets are
 * served before this and keep their long caching.
 */
export const privateNoStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'private, no-store');
  next();
};
