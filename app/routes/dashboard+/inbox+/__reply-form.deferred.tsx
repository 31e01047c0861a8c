import { deferred } from '#app/components/deferred';

/** The reply form, imported by the open thread from here: it loads after the page (app/components/deferred.tsx). */
export const ReplyForm = deferred('inbox-reply-form', () =>
  import('./__reply-form').then((module) => module.ReplyForm),
);
