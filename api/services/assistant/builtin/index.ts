import type { AssistantEvent, AssistantProvider, AssistantTools, TurnInput } from '../types';
import { combine, type Answer } from './answer';
import { changeTurn, offerInProgress, offerTurn } from './appointments';
import { badInput } from './bad-input';
import { captureInProgress, captureTurn, offerAccepted } from './capture';
import { keepingCallerWords, understoodInput } from './caller-words';
import { matchServiceByMeaning } from './service-meaning';
import { parseDetails } from './details';
import { answerOnTheDay } from './day-asked';
import {
  answerContact,
  answerLocation,
  answerService,
  answerServiceList,
  matchAskedService,
  matchServices,
  properNounsOf,
} from './facts';
import { answerHours, ownersWordOnThen } from './hours-answer';
import { classify, isShortDayFollowUp, lastExchange, type Intents } from './intents';
import { answerFromKnowledge, asksForCount, asksForLength, lengthFromService } from './knowledge';
import { answerArea } from './areas';
import { namesAThingOf } from './catalogue-fit';
import { answerWho } from './people';
import { orderInProgress, orderReminder, orderTurn, requestOf, startsOrder } from './order';
import {
  answerParts,
  holdingQuestions,
  questionBeforeStatement,
  questionParts,
  withEarlierSubject,
} from './question-parts';
import { businessWords, knowledgeOptions } from './business-words';
import { asNamedService, followUpService, SERVICE_QUESTION } from './named-service';
import { alreadyGreeted, badInputAnswer, request, runsAtSetTimes, smallTalk, unsure } from './replies';
import { serviceForAge } from './age-price';
import { answerAgeRule, answerBookingChannel, answerCover, statesARule } from './rules';
import { asksWhenOn, scheduleFromService } from './service-schedule';
import { situationQuestion } from './situation';
import { answerTimetable } from './timetable-answer';
import { wording } from './phrases';
import { questionTerms } from './text';

/**
 * The built-in provider: no network, no model weights. It reads the caller's intent
 * (intents.ts), answers the common ones from the business's own record (hours, address,
 * contact details, services), gathers details for bookings, call backs and people
 * (capture.ts), and answers anything else from the knowledge search (knowledge.ts) or
 * says honestly that it does not know and passes the question to the team. Every fact
 * it says comes from the business's data; the sources of each are emitted with the reply.
 * See docs/assistant-builtin.md.
 */
export function createBuiltinProvider(): AssistantProvider {
  return {
    name: 'built-in',
    async *reply(input: TurnInput, tools: AssistantTools, signal?: AbortSignal): AsyncIterable<AssistantEvent> {
      const understood = understoodInput(input);
      const answer = await respond(understood, keepingCallerWords(tools, input.message, understood.message));
      for (const source of answer.sources) yield { type: 'source', source };
      for (const chunk of textChunks(answer.text)) {
        if (signal?.aborted) return;
        yield { type: 'text', text: chunk };
      }
      for (const action of answer.actions ?? []) yield { type: 'action', action };
    },
  };
}

/** A few words at a time, so a stream shows the reply being said (the chunks join to the text). */
export function textChunks(text: string, size = 4): string[] {
  const pieces = text.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < pieces.length; index += size) chunks.push(pieces.slice(index, index + size).join(''));
  return chunks;
}

const IDENTITY =
  /\b(who am i (talking|speaking|chatting) (to|with)|who are you|what('s| is) your name|are you (a |an )?(robot|bot|real|human|person|machine|computer|ai|automated)\b)/i;

const hasFactIntent = (intents: Intents) =>
  intents.hours || intents.location || intents.phone || intents.email || intents.servicesList || intents.price;

/** A request put as a question ("can I book…?"), which an owner may have answered already. */
const ASKS = /\?\s*$|^\W*(can|could|may|do|does|is|are)\b/i;

/** `part`: one question of a message that asks several (question-parts.ts): no flows, no further split. */
export async function respond(
  input: TurnInput,
  tools: AssistantTools,
  options: { part?: boolean } = {},
): Promise<Answer> {
  const { business, history, message, customer, now } = input;
  const settings = business.settings.assistant;
  const say = wording(settings.tone);
  // "I'd like to order a wreath for a funeral": a service asked for is a booking request (order.ts).
  const intents = { ...classify(message), request: requestOf(message, business) };
  const extraGeneric = businessWords(input);

  const bad = badInput(message);
  if (bad) return badInputAnswer(input, bad);

  // An order being taken (order.ts): this message adds to it, confirms it, or asks something in between.
  const orderFlow = business.products.length && !options.part ? orderInProgress(history) : null;
  if (orderFlow) {
    const answer = await orderTurn(input, tools, orderFlow);
    if (answer) return answer;
    // A question in the middle: answered on its own, then the order is read back so it goes on.
    const other = await respond({ ...input, history: [] }, tools);
    return combine([other, orderReminder(input, orderFlow)]);
  }

  // Free appointment times were offered (appointments.ts): this message may choose one.
  const slotOffer = !options.part ? offerInProgress(input) : null;
  if (slotOffer) {
    const answer = await offerTurn(input, tools, slotOffer);
    if (answer) return answer;
  }
  // A known caller cancelling or moving their appointment, or confirming that they want to.
  if (!options.part) {
    const change = await changeTurn(input, tools);
    if (change) return change;
  }

  // A booking, call back or person request in progress: this message may hold the details.
  const capture =
    settings.capture_bookings && !options.part ? captureInProgress(history, (said) => requestOf(said, business)) : null;
  if (settings.capture_bookings && !options.part) {
    if (capture) {
      if (intents.negative && !parseDetails(message, false).phone) return { text: say.noProblem, sources: [] };
      const details = parseDetails(message, capture.lastAsked.name);
      const asksSomething = hasFactIntent(intents) || /\?\s*$/.test(message.trim());
      // "What time do you close on Friday?" names a day but is a question, not an answer.
      const hasDetails = Boolean(details.name || details.phone || (details.preferred_time && !asksSomething));
      const otherQuestion = !hasDetails && asksSomething;
      if (!otherQuestion) {
        return captureTurn(tools, {
          kind: capture.kind,
          messages: [...capture.messages, message],
          prompts: capture.prompts,
          askedTime: capture.askedTime,
          taskMade: capture.lastAsked.time && !capture.lastAsked.name && !capture.lastAsked.phone,
          scheduled: capture.kind === 'booking' && runsAtSetTimes(input, capture.messages[0] ?? ''),
          expectingName: false,
          customer,
          tone: settings.tone,
        });
      }
    }
    const offer = offerAccepted(history, message);
    if (offer) {
      return captureTurn(tools, {
        kind: offer.kind,
        messages: [offer.request, message],
        prompts: 0,
        askedTime: false,
        expectingName: true,
        customer,
        tone: settings.tone,
      });
    }
  }

  if (intents.smallTalkOnly) return smallTalk(input, intents);

  // Two questions in one message: each answered, the answers joined.
  if (!options.part && !intents.request && !startsOrder(message, business.products, business.services)) {
    // "We're getting married in June. Do you make wedding cakes?": the question, read on its own (situation.ts).
    // "My daughter is 7. How much for her haircut?": the age said first picks the service, so the message is read whole.
    const asked = serviceForAge(message, business.services) ? null : situationQuestion(message, extraGeneric);
    if (asked) return respond({ ...input, message: asked }, keepingCallerWords(tools, message, asked));
    // "Can I bring my dog? He's very quiet.": the statement is the question's context (answerWithContextAfter).
    const beforeStatement = questionBeforeStatement(message);
    if (beforeStatement) return answerWithContextAfter(input, tools, beforeStatement);
    const parts = questionParts(message, extraGeneric);
    if (parts.length === 1) {
      // Asked while giving details for a request, a question's earlier subject is the request's, never the caller's name or number.
      const earlier = capture?.messages[0] ?? lastExchange(history).user;
      const followUp = withEarlierSubject(message, earlier, extraGeneric);
      if (followUp !== message) return respond({ ...input, message: followUp }, tools, { part: true });
    }
    if (parts.length > 1) {
      return answerParts(message, extraGeneric, tools, (part, partTools) =>
        respond({ ...input, message: part }, partTools, { part: true }),
      );
    }
  }

  if (IDENTITY.test(message) && !hasFactIntent(intents)) {
    const who = settings.name.trim()
      ? `I'm ${settings.name.trim()}, the virtual assistant for ${business.name}.`
      : `I'm the virtual assistant for ${business.name}.`;
    return { text: `${who} ${say.howCanIHelp}`, sources: [] };
  }

  // One greeting a conversation: a call was greeted when it was answered, a chat by the first reply.
  const hello =
    intents.greeting && !alreadyGreeted(input) && settings.tone !== 'concise' ? { text: say.hello, sources: [] } : null;
  const withHello = (answer: Answer) => (hello ? combine([hello, answer]) : answer);
  // A rule said to a booking request: the booking is offered after it, when bookings are taken.
  const offeringBooking = (answer: Answer) =>
    settings.capture_bookings ? combine([answer, { text: say.bookingOffer, sources: [] }]) : answer;

  if (startsOrder(message, business.products, business.services)) {
    const answer = await orderTurn(input, tools, null);
    if (answer) return withHello(answer);
  }

  // "Can I book through ClassPass?": only a sentence on booking that names it answers, else the team is asked.
  const channel = await answerBookingChannel(tools, message);
  if (channel) return withHello(channel.known ? channel.answer : await unsure(input, tools));
  // "If your lads drop my telly am I covered?": insurance; "can my 15 year old come along?": the age rule (rules.ts).
  const rule = (await answerCover(tools, message)) ?? (await answerAgeRule(tools, message));
  if (rule) return withHello(intents.request === 'booking' ? offeringBooking(rule) : rule);

  // "Can you come out to Sale?": whether a place is covered, before it is taken as a booking (areas.ts).
  if (!parseDetails(message, false).phone) {
    const area = await answerArea(business, tools, message);
    if (area?.covered) return withHello(area.answer);
    if (area) {
      const passed = await unsure(input, tools, area.lead ?? undefined);
      return withHello({ ...passed, sources: [...area.sources, ...passed.sources] });
    }
  }

  // "Can I book a table for 4?": the owner's answer to that very question comes first (tables under six are walk-in).
  if (intents.request === 'booking' && ASKS.test(message)) {
    const owners = await answerFromKnowledge(tools, message, { ...knowledgeOptions(input), storedQuestionOnly: true });
    if (owners) return withHello(owners);
    // "Can I book just the Saturday night?": a rule on what is asked is said before any booking is taken.
    const ruleAsked = await answerFromKnowledge(tools, message, knowledgeOptions(input));
    if (ruleAsked && statesARule(ruleAsked.text) && ruleAsked.sources.every((source) => source.kind !== 'service'))
      return withHello(offeringBooking(ruleAsked));
  }
  if (intents.request) return withHello(await request(input, tools, intents.request));

  const hoursAsked = intents.hours || (isShortDayFollowUp(message) && classify(lastExchange(history).user ?? '').hours);
  // "What's on Monday evenings?": a timetable's entries on the day and part of the day asked (timetable-answer.ts).
  if (!hoursAsked && !hasFactIntent(intents) && !asksForLength(message) && !asksForCount(message)) {
    const timetable = await answerTimetable(input, tools, extraGeneric);
    if (timetable) return withHello(timetable);
  }

  // Facts from the business record: hours, address, contact details, services.
  const parts: Answer[] = [];
  let unknownFact = false;
  if (hoursAsked) {
    const hours = answerHours(business, message, now);
    if (hours) parts.push(await ownersWordOnThen(hours, message, tools));
    else unknownFact = true;
  }
  if (intents.location) {
    const location = answerLocation(business);
    if (location) parts.push(location);
    else unknownFact = true;
  }
  if (intents.phone || intents.email) {
    const contact = answerContact(business, { phone: intents.phone, email: intents.email });
    if (contact) parts.push(contact);
    else unknownFact = true;
  }
  if (!hoursAsked && !intents.location && !intents.phone && !intents.email) {
    // A service answers "how much is X?" and "do you do X?"; "how long does X take?" only from a length its description gives, else the knowledge.
    const length = asksForLength(message)
      ? lengthFromService(matchServices(message, business.services, extraGeneric))
      : asksWhenOn(message)
        ? scheduleFromService(matchServices(message, business.services, extraGeneric))
        : null;
    if (length) parts.push(length);
    const aboutService =
      (intents.price || SERVICE_QUESTION.test(message)) && !asksForLength(message) && !asksForCount(message);
    // "How much for my 8 year old?": the service whose age band holds the age (age-price.ts).
    const match = aboutService
      ? ((intents.price ? serviceForAge(message, business.services) : null) ??
        matchAskedService(message, business.services, business.products, extraGeneric) ??
        followUpService(input, extraGeneric))
      : null;
    if (match) {
      const service = answerService(match, intents.price, {
        proper: properNounsOf(business),
        verb: SERVICE_QUESTION.exec(message)?.[4] ?? null,
      });
      parts.push(service);
      if (service.missingPrice) parts.push(await unsure(input, tools, "I don't have a price for that to hand."));
    } else if (
      (intents.servicesList || intents.price) &&
      !questionTerms(message, extraGeneric).some((term) => term.specific) &&
      // The list is of services: a product asked for by its name's word is not answered by it.
      !namesAThingOf(
        message,
        business.products.map((product) => product.name),
      )
    ) {
      const list = answerServiceList(business, intents.price);
      if (list) parts.push(list);
      else unknownFact = true;
    }
  }
  if (parts.length && !unknownFact) return withHello(combine(parts));

  // "Who owns it?", "who does skin fades?": a person the data names with that role or work (people.ts).
  if (!parts.length) {
    const who = await answerWho(tools, message, businessWords(input));
    if (who) return withHello(who);
  }

  // Everything else (and facts the record does not hold): the knowledge base.
  const found = await answerFromKnowledge(tools, message, knowledgeOptions(input));
  const knowledge = found ? asNamedService(input, found) : null;
  if (knowledge) {
    const offer =
      intents.bookingQuestion && settings.capture_bookings && /\bhow (do|can|would|should) (i|we)\b/i.test(message)
        ? [{ text: say.bookingOffer, sources: [] }]
        : [];
    return withHello(combine([...parts, knowledge, ...offer]));
  }
  if (parts.length) return withHello(combine(parts));
  // A service asked for in other words than its name: only once its name and the knowledge found nothing.
  const meant =
    !hoursAsked && (intents.price || SERVICE_QUESTION.test(message))
      ? matchServiceByMeaning(message, business.services, extraGeneric)
      : null;
  if (meant) {
    const service = answerService(meant, intents.price, {
      proper: properNounsOf(business),
      verb: SERVICE_QUESTION.exec(message)?.[4] ?? null,
    });
    return withHello(
      service.missingPrice
        ? combine([service, await unsure(input, tools, "I don't have a price for that to hand.")])
        : service,
    );
  }
  if (
    intents.bookingQuestion &&
    settings.capture_bookings &&
    /\bhow (do|can|would|should) (i|we) (book|make|arrange|get)\b/i.test(message)
  ) {
    return withHello(await request(input, tools, 'booking'));
  }
  // "Do you deliver on Sundays?": the question without its day, answered for the day when that answer names its days.
  const onTheDay = await answerOnTheDay(message, tools, (dayless, quiet) =>
    respond({ ...input, message: dayless }, quiet, { part: true }),
  );
  if (onTheDay) return withHello(onTheDay);
  return withHello(await unsure(input, tools));
}

/**
 * "can you do it without bleach? we have little kids": the message is read whole first (its
 * statement may name what is asked: "Do you deliver? I'm in BS8."); when that is passed to the
 * team, the question alone is answered, since the statement's words are the caller's
 * circumstances, never words the answer must hold. Alone, the question is answered only from the
 * business's record or by the owner's answer to that very question: a passage that merely shares
 * its words ("can you come to my house? I'm not very mobile" and "Companies House") may be one
 * the circumstances rule out. The team sees the whole message.
 */
async function answerWithContextAfter(input: TurnInput, tools: AssistantTools, question: string): Promise<Answer> {
  const whole = holdingQuestions(tools);
  const wholeAnswer = await respond(input, whole.holding, { part: true });
  if (!wholeAnswer.escalated) return whole.release(wholeAnswer);
  const alone = holdingQuestions(keepingCallerWords(tools, input.message, question));
  const aloneAnswer = await respond({ ...input, message: question }, alone.holding);
  if (aloneAnswer.escalated) return whole.release(wholeAnswer);
  const fromRecord = aloneAnswer.sources.every((source) => source.kind === 'business');
  const owners = fromRecord
    ? null
    : await answerFromKnowledge(tools, question, {
        ...knowledgeOptions({ ...input, message: question }),
        storedQuestionOnly: true,
      });
  const ownersAnswer = owners?.sources.some((source) => aloneAnswer.sources.some((said) => said._id === source._id));
  return fromRecord || ownersAnswer ? alone.release(aloneAnswer) : whole.release(wholeAnswer);
}
