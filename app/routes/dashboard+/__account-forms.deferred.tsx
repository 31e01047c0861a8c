import { deferred } from '#app/components/deferred';

/** The account settings forms, imported by the page from here: they load after the page (app/components/deferred.tsx). */
export const AccountForms = deferred('account-forms', () =>
  import('./__account-forms').then((module) => module.AccountForms),
);
