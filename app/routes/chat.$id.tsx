import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { getEnv } from '../lib/env.server';

/**
 * The short, shareable address of a lead catcher's website chat, /chat/<system id>
 * (docs/inbox.md#website-chat). The API serves the chat page itself (its cookie is scoped
 * to that path); this route only sends visitors there, so an unknown id gets the API's 404.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const base = (getEnv().API_URL ?? '/api/v1').replace(/\/+$/, '');
  return redirect(`${base}/leadcatcher/${encodeURIComponent(params.id ?? '')}/chat`, 302);
}
