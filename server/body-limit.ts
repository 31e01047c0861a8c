import type { Request, RequestHandler, Response } from 'express';
import { MAX_AUDIO_BYTES } from '../api/features/conversations/voice';
import { requestTooLarge } from '../contract/messages';
import { MAX_UPLOAD_BYTES } from '../contract/schemas/memory';
import { honoUrl, matchedRoutes, type RoutedApp } from './api-routes';
import { refuse } from './edge';

/** What any request body may weigh unless its call needs more (uploads, recordings). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Multipart framing and the other fields around a file. */
const FORM_OVERHEAD = 64 * 1024;
const UPLOAD_LIMIT = MAX_UPLOAD_BYTES + FORM_OVERHEAD;
const RECORDING_LIMIT = MAX_AUDIO_BYTES + FORM_OVERHEAD;

/** v1 routes (as registered) that take more than the default; each checks its exact limit too. */
const API_LIMITS: Record<string, number> = {
  '/api/v1/businesses/memories/:business_id/upload': UPLOAD_LIMIT,
  '/api/v1/businesses/conversations/:business_id/update-voice/:conversation_id': RECORDING_LIMIT,
  '/api/v1/businesses/systems/:business_id/settings/:system_id/simulate-voice': RECORDING_LIMIT,
};

/** Pages that forward a file or a recording to those calls (matched as Remix does: any case). */
const PAGE_LIMITS: [RegExp, number][] = [
  [/^\/dashboard\/memories\/upload\/?$/i, UPLOAD_LIMIT],
  [/^\/dashboard\/onboard\/data-loader\/?$/i, UPLOAD_LIMIT],
  [/^\/dashboard\/assistant-conversations\/[^/]+\/voice\/?$/i, RECORDING_LIMIT],
  [/^\/dashboard\/systems\/[^/]+\/?$/i, RECORDING_LIMIT],
];

/** Each request's cap: by the v1 route it runs, or the page path it reaches. */
export function bodyLimitFor(api: RoutedApp): (req: Request) => number {
  return (req) => {
    const url = honoUrl(req.originalUrl);
    if (req.path.startsWith('/api/')) {
      return Math.max(
        DEFAULT_BODY_LIMIT,
        ...matchedRoutes(api, req.method, url).map((route) => API_LIMITS[route] ?? 0),
      );
    }
    let path = new URL(url).pathname;
    try {
      path = decodeURIComponent(path);
    } catch {
      // A broken encoding is refused before this (refuseBadAddresses); the default applies.
    }
    return PAGE_LIMITS.find(([pattern]) => pattern.test(path))?.[1] ?? DEFAULT_BODY_LIMIT;
  };
}

/**
 * Request bodies are capped before any reader buffers them (JSON, forms, multipart), for
 * the API and the pages alike: a declared Content-Length over the cap is refused at once,
 * unread; a body without one (chunked) is counted as it arrives and refused the moment it
 * passes the cap. `capFor` gives each request its cap (the call's own, larger, limit for
 * uploads and recordings, whose handlers check their exact sizes too).
 *
 * Counting happens where Node's HTTP parser hands each chunk to the request stream
 * (`req.push`), so whoever reads the body later (Hono, Remix, express.text) needs no
 * change. Past the cap the 413 is answered here and the connection closed; the stream is
 * ended so the reader finishes, and whatever it answers is dropped.
 */
export function limitRequestBodies(capFor: (req: Request) => number): RequestHandler {
  return (req, res, next) => {
    const cap = capFor(req);
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > cap) {
      tooLarge(req, res, cap);
      return;
    }
    let seen = req.readableLength;
    if (seen > cap) {
      tooLarge(req, res, cap);
      return;
    }
    let over = false;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (over) return false;
      if (chunk !== null && chunk !== undefined) {
        seen += (chunk as Buffer).length;
        if (seen > cap) {
          over = true;
          tooLarge(req, res, cap);
          silence(res);
          push(null);
          // false: the parser stops reading the socket, which closes after the 413.
          return false;
        }
      }
      return push(chunk, encoding);
    };
    next();
  };
}

function tooLarge(req: Request, res: Response, cap: number) {
  if (res.headersSent) return;
  // The rest of the body is never read: the connection cannot carry another request.
  res.setHeader('Connection', 'close');
  refuse(req, res, 413, requestTooLarge(cap));
}

/** After the 413, the reader's own answer (to the truncated body) must not reach the socket. */
function silence(res: Response) {
  const status = res.statusCode;
  Object.defineProperty(res, 'statusCode', { get: () => status, set: () => {}, configurable: true });
  const ignore = function (this: Response) {
    return this;
  };
  res.setHeader = ignore as unknown as Response['setHeader'];
  res.appendHeader = ignore as unknown as Response['appendHeader'];
  res.removeHeader = () => {};
  res.writeHead = ignore as unknown as Response['writeHead'];
  res.write = (() => true) as Response['write'];
  res.end = ignore as unknown as Response['end'];
  res.flushHeaders = () => {};
}
