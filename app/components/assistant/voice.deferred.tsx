import { deferred } from '../deferred';

/**
 * Push-to-talk, imported by the chat pages from here: the recorder and the audio player load
 * after the page (app/components/deferred.tsx). It needs JavaScript anyway; until then the
 * server's note says you can still type.
 */
export const PushToTalk = deferred('push-to-talk', () => import('./voice').then((module) => module.PushToTalk));
