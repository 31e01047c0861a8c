import type { AssistantTools, TurnInput } from '../types';
import { addressableName } from '#api/features/customers/records';
import { businessSource, combine, type Answer } from './answer';
import type { BadInput } from './bad-input';
import { businessWords } from './business-words';
import { captureTurn } from './capture';
import { answerContact } from './facts';
import type { Intents } from './intents';
import { wording } from './phrases';
import { questionTerms } from './text';

/** The replies that need no knowledge: small talk, bad input, a booking, call back or person asked for, and the honest "not known". */

const SET_TIMES =
  /\b(mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends|every (mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}([:.]\d{2})?\s?(am|pm)\s?(to|-|–|until)\s?\d{1,2}([:.]\d{2})?\s?(am|pm))\b/i;

/** A booking of a service that runs at set times (a class "on Saturday afternoons from 3pm to 6pm"): no time to ask for. */
export function runsAtSetTimes(input: TurnInput, request: string): boolean {
  // The service is named by most of its name; the request's other words ("two places on") do not matter here.
  const said = new Set(questionTerms(request, businessWords(input)).map((term) => term.key));
  const named = input.business.services.filter((service) => {
    const name = questionTerms(service.name, businessWords(input)).filter((term) => term.specific);
    const held = name.filter((term) => said.has(term.key)).length;
    return name.length > 0 && (held === name.length || (held >= 2 && held / name.length >= 0.6));
  });
  return named.length === 1 && SET_TIMES.test(named[0].description ?? '');
}

/** A call is greeted when it is answered (before the caller's first words); any conversation once the assistant has spoken. */
export const alreadyGreeted = (input: Pick<TurnInput, 'channel' | 'history'>) =>
  input.channel === 'call' || input.history.some((message) => message.role === 'assistant');

export function smallTalk(input: TurnInput, intents: Intents): Answer {
  const settings = input.business.settings.assistant;
  const say = wording(settings.tone);
  if (intents.goodbye || (intents.thanks && /\b(bye|that's all|that is all)\b/i.test(input.message)))
    return { text: say.goodbye, sources: [] };
  if (intents.thanks) return { text: say.youreWelcome, sources: [] };
  if (alreadyGreeted(input))
    return {
      text: input.history.some((message) => message.role === 'user') ? say.welcomeBack : say.howCanIHelp,
      sources: [],
    };
  if (settings.greeting.trim()) return { text: settings.greeting.trim(), sources: [] };
  const name = settings.name.trim() ? ` I'm ${settings.name.trim()}.` : '';
  return { text: `${say.hello} Thanks for contacting ${input.business.name}.${name} ${say.howCanIHelp}`, sources: [] };
}

/** Nothing to read, too much, another language, or words aimed at the assistant: a polite reply, and no tool runs. */
export function badInputAnswer(input: TurnInput, kind: BadInput): Answer {
  const settings = input.business.settings.assistant;
  const say = wording(settings.tone);
  if (kind === 'empty') return { text: say.notCaught, sources: [] };
  if (kind === 'too_long') return { text: say.tooLong, sources: [] };
  if (kind === 'instruction') return { text: say.declineInstruction(input.business.name), sources: [] };
  // The offer words ("tell me your name and number") let the next message start a call back with this one as its reason.
  if (settings.capture_bookings) return { text: say.englishOnly(say.leaveDetails), sources: [] };
  const contact = answerContact(input.business, { phone: true, email: true });
  return {
    text: say.englishOnly(contact ? `or contact the team directly. ${contact.text}` : 'or contact the team directly.'),
    sources: contact?.sources ?? [],
  };
}

/** A booking, a call back or a person. */
export async function request(
  input: TurnInput,
  tools: AssistantTools,
  kind: 'booking' | 'callback' | 'person',
): Promise<Answer> {
  const { business, customer, message } = input;
  const settings = business.settings.assistant;
  const say = wording(settings.tone);
  if (kind === 'person' && settings.when_unsure === 'transfer' && settings.escalation_phone) {
    return {
      text: say.personTransfer(settings.escalation_phone),
      sources: [businessSource(business.id, 'escalation_phone', 'Escalation phone')],
    };
  }
  if (settings.capture_bookings) {
    return captureTurn(tools, {
      kind,
      scheduled: kind === 'booking' && runsAtSetTimes(input, message),
      messages: [message],
      prompts: 0,
      askedTime: false,
      expectingName: false,
      customer,
      tone: settings.tone,
      preface: kind === 'person' ? say.personMessage : undefined,
    });
  }
  // Capture is off: no questions; the team hears of a known caller, others get the number.
  const contact = answerContact(business, { phone: true, email: true });
  if (customer) {
    const action = await tools.createTask({
      title:
        kind === 'person'
          ? `${customer.name} would like to speak to someone`
          : kind === 'booking'
            ? `Booking request from ${customer.name}`
            : `Call back ${customer.name}`,
      details: { name: customer.name, phone: customer.phones[0], reason: message.slice(0, 500) },
      question: message,
    });
    return { text: say.confirmTask(addressableName(customer.name)), sources: [], actions: [action] };
  }
  const lead = kind === 'person' ? say.reachTeam : say.noCapture;
  return combine([{ text: lead, sources: [] }, ...(contact ? [contact] : [])]);
}

/** Honest: not known. The question goes to the team (a question memory and a task note). */
export async function unsure(input: TurnInput, tools: AssistantTools, lead?: string): Promise<Answer> {
  const settings = input.business.settings.assistant;
  const say = wording(settings.tone);
  const actions = await tools.recordUnansweredQuestion(input.message);
  let text = lead ? `${lead} ${say.passedOn}` : say.unsure;
  if (settings.when_unsure === 'offer_callback' && settings.capture_bookings && !input.customer)
    text += ` ${say.unsureCallback}`;
  if (settings.when_unsure === 'transfer' && settings.escalation_phone)
    text += ` ${say.unsureTransfer(settings.escalation_phone)}`;
  const sources =
    settings.when_unsure === 'transfer' && settings.escalation_phone
      ? [businessSource(input.business.id, 'escalation_phone', 'Escalation phone')]
      : [];
  return { text, sources, actions, escalated: true };
}
