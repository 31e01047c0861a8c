import type { SystemFormName, SystemReply } from '#app/lib/systems';

/** The page's action answer when it is this form's (each system form shows only its own errors). */
export const replyFor = (reply: SystemReply | null, form: SystemFormName) =>
  reply?.form === form ? reply.result : null;
