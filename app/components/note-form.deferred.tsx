import { deferred } from './deferred';

/** The note/task form, imported by the pages from here: it loads after the page (app/components/deferred.tsx). */
export const NoteForm = deferred('note-form', () => import('./note-form').then((module) => module.NoteForm));
