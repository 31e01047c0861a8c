import type { ServiceFact } from '../types';
import type { Answer } from './answer';
import { sentences } from './text';

/**
 * "When's the sourdough class on?", "what days is beginners' yoga?", "what time does the class
 * start?": a service that runs at set times says them in its description ("on Saturday
 * afternoons from 3pm to 6pm"). That sentence answers; a price does not, and a service whose
 * description gives no day or time answers nothing (the knowledge base goes on).
 */
const ASKS_WHEN_ON =
  /\bwhen('s| is| are| does| do)\b.*\b(on|run|runs|held|start|starts|happen|happens)\b|\bwhat (days?|times?|nights?)\b.*\b(is|are|does|do|run|on)\b/i;
const SAYS_WHEN =
  /\b(mon|tues|wednes|thurs|fri|satur|sun)days?\b|\b\d{1,2}(:\d{2})?\s?(am|pm)\b|\b(mornings?|afternoons?|evenings?|weekends?|weekdays?)\b/i;

export const asksWhenOn = (message: string) => ASKS_WHEN_ON.test(message);

/** The sentence of the one service asked about that says when it runs. */
export function scheduleFromService(match: { services: ServiceFact[]; exact: boolean } | null): Answer | null {
  const service = match?.exact ? match.services[0] : null;
  const sentence = sentences(service?.description ?? '').find((candidate) => SAYS_WHEN.test(candidate));
  return service && sentence
    ? { text: sentence, sources: [{ kind: 'service', _id: service._id, type: 'service', title: service.name }] }
    : null;
}
