import { HONEYPOT_FIELD } from './honeypot';
import { httpError } from './invariant.server';

/** Throws a plain 400 when a bot filled the honeypot; people never see this. */
export function checkHoneypot(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD);
  if (typeof value === 'string' && value.length > 0) httpError(400, 'The form could not be sent.');
}
