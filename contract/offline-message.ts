/**
 * The message for a request that never reached the server, in a module of its own: the
 * dashboard shell (the toaster, the error boundary) shows it on every page, and importing it
 * from messages.ts would put every validation message into every page's first load.
 */
export const OFFLINE_MESSAGE = 'You might be offline.';
