import { deferred } from '#app/components/deferred';

/** The invite form, imported by the team page from here: it loads after the page (app/components/deferred.tsx). */
export const InviteForm = deferred('invite-form', () => import('./__invite-form').then((module) => module.InviteForm));
