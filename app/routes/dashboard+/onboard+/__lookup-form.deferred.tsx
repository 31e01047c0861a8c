import { deferred } from '#app/components/deferred';

/** The business lookup's form, imported by its page from here: it loads after the page (app/components/deferred.tsx). */
export const LookupForm = deferred('lookup-form', () => import('./__lookup-form').then((module) => module.LookupForm));
