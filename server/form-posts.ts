import type { RequestHandler } from 'express';

/**
 * The web app's actions read HTML forms (request.formData()), which throws on any other
 * encoding: a JSON or plain-text POST to /login would end in a 500. Such a request is
 * refused up front with 415 and a clear message instead. The v1 API, the realtime events
 * API and the channel auth endpoint (which pusher-js may send as JSON) take their own; a
 * POST without a body passes (nothing to decode).
 */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const OWN_ENCODINGS = [/^\/api\/v1\//, /^\/apps\//, /^\/broadcasting\/auth$/];

export const FORM_POST_REFUSAL =
  'This page accepts forms only: send application/x-www-form-urlencoded or multipart/form-data.';

export const refuseNonFormPosts: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || OWN_ENCODINGS.some((pattern) => pattern.test(req.path)))
    return next();
  const type = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (FORM_TYPES.includes(type)) return next();
  // A POST with no body at all (the chat's "speak this reply") carries no encoding to refuse.
  const empty = !req.get('transfer-encoding') && Number(req.get('content-length') ?? 0) === 0;
  if (empty && !type) return next();
  res.status(415).json({ errors: [FORM_POST_REFUSAL] });
};
