/**
 * A request path as log lines may carry it: the secret segment of a path that holds one (an
 * invitation link's token, on its page /invitations/{token} and in /api/v1/invitations/get/{token})
 * is replaced, however the path was spelled (percent-encoded letters or slashes, any case).
 * Queries are never logged at all (signed file URLs carry their signature there).
 */
const SECRET_SEGMENT = /(\/invitations\/(?:get\/)?)[^/]+/gi;

export function redactPath(path: string): string {
  const withoutQuery = path.split('?')[0] ?? '';
  let decoded = withoutQuery;
  try {
    decoded = decodeURIComponent(withoutQuery);
  } catch {
    // Not valid percent-encoding: matched as it is.
  }
  const redacted = decoded.replace(SECRET_SEGMENT, '$1[redacted]');
  return redacted === decoded ? withoutQuery : redacted;
}
