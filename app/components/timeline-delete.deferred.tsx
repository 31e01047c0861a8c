import { deferred } from './deferred';

/*
 * A timeline item's delete link and confirmation (app/components/timeline-delete.tsx), imported by
 * its page from here: the dialog's code loads after the page (app/components/deferred.tsx). The
 * server renders them in place, so without JavaScript, and before their chunk has arrived, they
 * are the link to ?confirm=delete and the POST form they always were.
 */
const load = () => import('./timeline-delete');

/** The ?confirm=delete confirmation, in place on the item's page. */
export const DeleteConfirm = deferred('timeline-delete-confirm', () => load().then((module) => module.DeleteConfirm));
/** Delete on an item's page: opens the confirmation in a dialog once loaded. */
export const DeleteLink = deferred('timeline-delete-link', () => load().then((module) => module.DeleteLink));
