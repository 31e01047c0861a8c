import { deferred } from '#app/components/deferred';

/*
 * A contact's edit and delete (./__contact-actions.tsx), imported by its page from here: the dialogs'
 * code loads after the page (app/components/deferred.tsx). The server renders them in place.
 */
const load = () => import('#app/routes/dashboard+/customers+/__contact-actions');

/** Edit and delete beside the contact's name: open their dialogs once loaded. */
export const ContactActions = deferred('contact-actions', () => load().then((module) => module.ContactActions));
/** The ?confirm=delete confirmation, in place on the contact's page. */
export const ContactDeleteConfirm = deferred('contact-delete-confirm', () =>
  load().then((module) => module.ContactDeleteConfirm),
);
