import { deferred } from '#app/components/deferred';

/** The action editor, imported by the pages from here: it loads after the page (app/components/deferred.tsx). */
export const ActionForm = deferred('action-form', () =>
  import('#app/routes/dashboard+/actions+/__action-form').then((module) => module.ActionForm),
);
