import { deferred } from '#app/components/deferred';

/** The mobile steps' forms, imported by their pages from here: they load after the page (app/components/deferred.tsx). */
export const MobileSubmitForm = deferred('mobile-submit-form', () =>
  import('./__mobile-forms').then((module) => module.MobileSubmitForm),
);
export const MobileVerifyForm = deferred('mobile-verify-form', () =>
  import('./__mobile-forms').then((module) => module.MobileVerifyForm),
);
