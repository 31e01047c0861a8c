import type { TurnInput } from '../types';
import type { Answer } from './answer';
import { answerService, matchServices, properNounsOf } from './facts';
import { lastExchange } from './intents';
import { asksForCount, asksForLength } from './knowledge';
import { capitalizeFirst, joinStatements, nameInSentence, namePhrase, pricePredicate, takesPluralVerb } from './naming';
import { questionTerms, sentences } from './text';

/** A service the caller asked after, said by its name and price rather than as a bare sentence of its description. */

/** "Do you do …?", "tell me about …": a question about one of the services; group 4 is the verb asked. */
export const SERVICE_QUESTION =
  /^\W*(hi|hello|hey)?\W*(do|can|could|will|would) (you|u) (do|offer|provide|fit|install|repair|fix|service|sell|supply|make|stock|carry out|handle|unblock|clear|replace|put in|sort out|run|hold|teach|host|organi[sz]e)\b|\b(tell me about|information (on|about)|info (on|about)|details (of|about)|interested in)\b/i;

const ASKS_WHETHER_YOU = /^\W*((hi|hello|hey)\W+)?(do|can|could|will|would) (you|u)\b/i;

/**
 * "Do you hand strip border terriers?" answered by a sentence of a service's description
 * ("For wire-coated breeds such as Border Terriers…"): said as that service, named and with
 * its price ("Yes, we offer hand stripping, which costs £45 per hour. For wire-coated…"),
 * never as a bare fragment. Other questions (how long, what happens) keep the sentence.
 */
export function asNamedService(input: TurnInput, answer: Answer): Answer {
  const source = answer.sources[0];
  if (
    answer.sources.length !== 1 ||
    source?.kind !== 'service' ||
    asksForLength(input.message) ||
    asksForCount(input.message)
  )
    return answer;
  const service = input.business.services.find((candidate) => candidate._id === source._id);
  if (!service) return answer;
  if (!ASKS_WHETHER_YOU.test(input.message)) return withServiceNamed(input, service, answer);
  // The chunk's own name line and price line are said by the statement itself.
  const name = service.name.trim().toLowerCase().replace(/[.]+$/, '');
  const price =
    service.price
      ?.trim()
      .replace(/^from\s+/i, '')
      .replace(/[.]+$/, '') ?? '';
  const rest = sentences(answer.text)
    .filter(
      (sentence) =>
        sentence.toLowerCase().replace(/[.]+$/, '') !== name &&
        !/^price:/i.test(sentence) &&
        !(price && sentence.includes(price)),
    )
    .join(' ');
  const named = answerService({ services: [{ ...service, description: rest }], exact: true }, false, {
    proper: properNounsOf(input.business),
    verb: SERVICE_QUESTION.exec(input.message)?.[4] ?? null,
  });
  return { ...named, sources: answer.sources };
}

/**
 * "What's best for my puppy's first groom?" answered by a sentence of a service's description
 * ("A gentle first visit for puppies…"): the service is named with its price first ("A puppy
 * introduction costs £20."), so the caller hears what the sentence describes and what it costs.
 */
function withServiceNamed(
  input: TurnInput,
  service: TurnInput['business']['services'][number],
  answer: Answer,
): Answer {
  const name = nameInSentence(service.name, properNounsOf(input.business));
  if (
    !service.price?.trim() ||
    answer.text.toLowerCase().includes(name.toLowerCase()) ||
    answer.text.includes(service.price.trim().replace(/^from\s+/i, ''))
  )
    return answer;
  const price = capitalizeFirst(`${namePhrase(name)} ${pricePredicate(service.price, takesPluralVerb(name))}`);
  return { ...answer, text: joinStatements(price, answer.text) };
}

/** "How much is it?" after "Do you do keratin treatments?": the service the caller's last message named. */
export function followUpService(input: TurnInput, extraGeneric: string[]) {
  if (
    !/\b(it|they|them|that|those|one)\b/i.test(input.message) ||
    questionTerms(input.message, extraGeneric).some((term) => term.specific)
  )
    return null;
  const previous = lastExchange(input.history).user;
  return previous ? matchServices(previous, input.business.services, extraGeneric) : null;
}
