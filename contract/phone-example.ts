/**
 * The example number the phone messages quote, in a module of its own: pages that show it as a
 * field's placeholder need it without every validation message (messages.ts re-exports it).
 */
export const PHONE_EXAMPLE = '+14155552671';
