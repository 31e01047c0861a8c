import { deferred } from './deferred';

/** The business details form, imported by the pages from here: it loads after the page (app/components/deferred.tsx). */
export const BusinessDetailsForm = deferred('business-details-form', () =>
  import('./business-form').then((module) => module.BusinessDetailsForm),
);
