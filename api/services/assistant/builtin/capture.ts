import type { AssistantTools, CapturedDetails, CustomerFact, HistoryMessage } from '../types';
import type { Answer } from './answer';
import { offerText } from './appointments';
import { parseDetails } from './details';
import { classify, type RequestKind } from './intents';
import { wording, listOf, type Tone } from './phrases';

/**
 * Booking, call-back and talk-to-a-person requests: the caller's name, number and
 * preferred time are gathered over the turns. The task for the team is made as soon as the
 * name and number are known (a caller who hangs up then still leaves the team a task); the
 * time, asked for after that on its own, is added to the same task.
 *
 * The state lives in the conversation itself: the assistant's questions name the missing
 * details in fixed words ("your name", "the best number to reach you on", "when would suit
 * you"), so the next turn finds the request and every answer since in the history. The time
 * is asked on its own only once the task is made. A known customer (a call or SMS from a saved
 * number) is not asked for what is already known.
 */
const ASK_NAME = 'your name';
const ASK_PHONE = 'the best number to reach you on';
const ASK_TIME = 'when would suit you';
const PROMPT = /\b(your name|the best number to reach you on|when would suit you)\b[^?]*\?\s*$/i;
/** Offers to take details (after an answer about booking, or an unanswered question). */
const OFFER = /\b(take your details now|tell me your name and number|give me your name and (telephone )?number)\b/i;

export type CaptureState = {
  kind: RequestKind;
  /** The caller's messages of this request, the request first. */
  messages: string[];
  /** How many times details were asked for. */
  prompts: number;
  askedTime: boolean;
  lastAsked: { name: boolean; phone: boolean; time: boolean };
};

const asked = (prompt: string) => ({
  name: prompt.toLowerCase().includes(ASK_NAME),
  phone: prompt.toLowerCase().includes(ASK_PHONE),
  time: prompt.toLowerCase().includes(ASK_TIME),
});

function kindOf(request: string, fallback: RequestKind): RequestKind {
  return classify(request).request ?? fallback;
}

/** The request in progress, when the assistant's last message asked for details; `requestOf` reads what each message asks for. */
export function captureInProgress(
  history: HistoryMessage[],
  requestOf: (message: string) => RequestKind | null = (message) => classify(message).request,
): CaptureState | null {
  let index = history.length - 1;
  if (index < 0 || history[index].role !== 'assistant' || !PROMPT.test(history[index].content)) return null;
  const lastAsked = asked(history[index].content);
  const messages: string[] = [];
  let prompts = 0;
  let askedTime = false;
  while (
    index >= 1 &&
    history[index].role === 'assistant' &&
    PROMPT.test(history[index].content) &&
    history[index - 1].role === 'user'
  ) {
    prompts += 1;
    askedTime ||= asked(history[index].content).time;
    messages.unshift(history[index - 1].content);
    index -= 2;
  }
  if (!messages.length) return null;
  // Started from an offer ("I can take your details now") the caller accepted: the request is the message before it.
  if (
    index >= 1 &&
    history[index].role === 'assistant' &&
    OFFER.test(history[index].content) &&
    history[index - 1].role === 'user'
  ) {
    messages.unshift(history[index - 1].content);
  }
  const kind = messages.map(requestOf).find(Boolean) ?? 'callback';
  return { kind, messages, prompts, askedTime, lastAsked };
}

/** The caller accepted an offer to take their details (or simply gave them). */
export function offerAccepted(
  history: HistoryMessage[],
  message: string,
): { kind: RequestKind; request: string } | null {
  const last = history[history.length - 1];
  const before = history[history.length - 2];
  if (!last || last.role !== 'assistant' || !OFFER.test(last.content) || !before || before.role !== 'user') return null;
  const intents = classify(message);
  const details = parseDetails(message, true);
  if (!intents.affirmative && !details.phone && !(details.name && details.preferred_time)) return null;
  return {
    kind: kindOf(
      before.content,
      /call back/i.test(last.content) || /name and (telephone )?number/i.test(last.content) ? 'callback' : 'booking',
    ),
    request: before.content,
  };
}

/** The first value of each detail wins (a later message does not overwrite what was given). */
function merge(target: CapturedDetails, extra: CapturedDetails): CapturedDetails {
  const merged: CapturedDetails = { ...target };
  for (const key of ['name', 'phone', 'preferred_time', 'reason'] as const)
    if (merged[key] === undefined && extra[key] !== undefined) merged[key] = extra[key];
  return merged;
}

/**
 * The name or number a later message says, where it differs from the one given: a number
 * replaces the number; a single name word replaces the word of the name it corrects (the one
 * with its first letter, else the first: "it's Jon without an h" makes John Smith Jon Smith).
 */
function correction(given: CapturedDetails, said: CapturedDetails): CapturedDetails {
  const fixed: CapturedDetails = {};
  if (said.phone && given.phone && said.phone !== given.phone) fixed.phone = said.phone;
  if (said.name && given.name && said.name.toLowerCase() !== given.name.toLowerCase()) {
    const words = given.name.split(' ');
    const told = said.name.split(' ');
    if (told.length === 1 && words.length > 1) {
      const at = Math.max(
        0,
        words.findIndex((word) => word[0].toLowerCase() === told[0][0].toLowerCase()),
      );
      words[at] = told[0];
      fixed.name = words.join(' ');
    } else fixed.name = said.name;
    if (fixed.name === given.name) delete fixed.name;
  }
  return fixed;
}

const TITLES: Record<RequestKind, (who: string) => string> = {
  booking: (who) => `Booking request from ${who}`,
  callback: (who) => `Call back ${who}`,
  person: (who) => `${who} would like to speak to someone`,
};

export type CaptureTurn = {
  kind: RequestKind;
  /** The caller's messages of this request so far (the current one last). */
  messages: string[];
  prompts: number;
  askedTime: boolean;
  /** The booking is for a service that runs at set times ("Saturday afternoons 3pm to 6pm"): the caller's time is not asked. */
  scheduled?: boolean;
  /** The last question asked for the time alone: the task was made then, and this answer may add the time to it. */
  taskMade?: boolean;
  expectingName: boolean;
  customer: CustomerFact | null;
  tone: Tone;
  /** Said before the details question on the first turn (e.g. "I'll ask a member of the team to call you back."). */
  preface?: string;
};

/** One turn of the flow: ask for what is missing, or create the task and confirm. */
export async function captureTurn(tools: AssistantTools, turn: CaptureTurn): Promise<Answer> {
  const say = wording(turn.tone);
  let details: CapturedDetails = { reason: turn.messages[0].trim().slice(0, 500) };
  let corrected: CapturedDetails = {};
  turn.messages.forEach((message, index) => {
    const said = parseDetails(message, index > 0 || turn.expectingName);
    // Once the task holds a name and number, one said again corrects it ("sorry, my number is actually…", "it's Jon").
    const known = Boolean(details.name && details.phone) || Boolean(turn.customer);
    corrected = known ? correction(details, parseDetails(message, false)) : {};
    details = merge({ ...details, ...corrected }, said);
  });
  if (turn.customer)
    details = merge(details, { name: turn.customer.name || undefined, phone: turn.customer.phones[0] });

  const preface = turn.preface ? `${turn.preface} ` : '';
  if (turn.taskMade) {
    // The time the caller gave joins the task made before, and a name or number corrected replaces the task's.
    const change = { ...corrected, ...(details.preferred_time ? { preferred_time: details.preferred_time } : {}) };
    const update = Object.keys(change).length ? await tools.updateRequestTask(change) : null;
    const actions = update ? [update] : [];
    // Corrected, but still no time: it is asked again, so the next answer is still added to the task.
    const changed = [
      corrected.name ? `your name to ${corrected.name}` : null,
      corrected.phone ? `your number to ${corrected.phone}` : null,
    ].filter((part): part is string => part !== null);
    if (changed.length && !details.preferred_time && turn.prompts < 4)
      return { text: `${preface}${say.correctedAskTime(listOf(changed))}`, sources: [], actions };
    return confirmed(tools, turn, details, preface, actions);
  }
  const missing: string[] = [];
  if (!details.name) missing.push(ASK_NAME);
  if (!details.phone) missing.push(ASK_PHONE);
  if (missing.length && turn.prompts < 3) {
    if (!details.preferred_time && !turn.askedTime && !turn.scheduled && turn.kind !== 'person') missing.push(ASK_TIME);
    const ask = turn.prompts === 0 ? say.askDetails(listOf(missing)) : say.askAgain(listOf(missing));
    return { text: `${preface}${ask}`, sources: [] };
  }
  if (!details.name && !details.phone) {
    return { text: say.noProblem, sources: [] };
  }
  const who = details.name ?? details.phone!;
  const action = await tools.createTask({
    title: TITLES[turn.kind](who),
    details,
    question: details.reason,
    kind: turn.kind,
  });
  // A booking needs a time: asked with the rest, then once on its own, the task already with the team.
  if (!details.preferred_time && !turn.scheduled && turn.kind === 'booking' && turn.prompts < 3) {
    return { text: `${preface}${say.askTime(turn.prompts === 0)}`, sources: [], actions: [action] };
  }
  return confirmed(tools, turn, details, preface, [action]);
}

/** The task is with the team: the caller is told, with the time they gave and, for a booking on a named day, its free times. */
async function confirmed(
  tools: AssistantTools,
  turn: CaptureTurn,
  details: CapturedDetails,
  preface: string,
  actions: Answer['actions'],
): Promise<Answer> {
  const say = wording(turn.tone);
  const noted = details.preferred_time ? ` I've noted that ${details.preferred_time} suits you.` : '';
  // A booking for a day the caller named: the free times that day are offered too (appointments.ts).
  const offer =
    turn.kind === 'booking' && details.preferred_time && tools.appointmentSlots
      ? await tools.appointmentSlots(details.preferred_time, turn.messages.join('\n'))
      : null;
  const offered = offer ? ` ${offerText(offer)}` : '';
  return {
    text: `${preface}${say.confirmTask(details.name ?? null)}${noted}${offered}`,
    sources: [],
    actions,
  };
}
