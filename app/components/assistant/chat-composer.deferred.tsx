import { deferred } from '../deferred';

/** The message box, imported by the chat pages from here: conform and the message schema load after the page (app/components/deferred.tsx). */
export const ChatComposer = deferred('chat-composer', () =>
  import('./chat-composer').then((module) => module.ChatComposer),
);
