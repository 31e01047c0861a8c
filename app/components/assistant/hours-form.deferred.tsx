import { deferred } from '../deferred';

/** The opening hours form, imported by the pages from here: it loads after the page (app/components/deferred.tsx). */
export const HoursForm = deferred('hours-form', () => import('./hours-form').then((module) => module.HoursForm));
