import { data } from '@remix-run/node';
import { HONEYPOT_FIELD } from '../components/honeypot';

/** Throws a plain 400 when a bot filled the honeypot; people never see this. */
export function checkHoneypot(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD);
  if (typeof value === 'string' && value.length > 0) throw data({ message: 'The form could not be sent.' }, { status: 400 });
}
