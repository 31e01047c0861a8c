/** The honeypot field's name: the form renders it (components/honeypot.tsx), the server checks it (honeypot.server.ts). */
export const HONEYPOT_FIELD = 'website_url';
