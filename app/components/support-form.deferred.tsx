import { deferred } from './deferred';

/** The support form, imported by the help page from here: it loads after the page (app/components/deferred.tsx). */
export const SupportForm = deferred('support-form', () =>
  import('./support-form').then((module) => module.SupportForm),
);
