import { formatTime, parseDayReference } from '../hours';
import type { AssistantTools, HistoryMessage, TurnInput } from '../types';
import type { Answer } from './answer';
import { parseDetails } from './details';
import { classify } from './intents';

/**
 * Booking a free appointment time (docs/appointments.md). When a booking request is complete
 * and the caller named a day, the assistant offers up to three free times on that day inside
 * the opening hours; the caller picks one ("2:30", "the first one", "yes") and it is booked
 * and texted to them. The offer lives in the conversation: the assistant's message names the
 * times and the day in fixed words, so the next turn reads them back.
 */
const OFFER =
  /I can also book you in now: (.+?) on ((?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) (\d{1,2} [A-Z][a-z]+(?: \d{4})?)) (?:is|are) free\. Which would you like\?\s*$/;

export type SlotOffer = { date: string; day: string; times: string[] };

/** "2pm, 2:30pm or 3pm on Monday 30 November are free." */
export function offerText(offer: SlotOffer): string {
  const spoken = offer.times.map(formatTime);
  const list = spoken.length === 1 ? spoken[0] : `${spoken.slice(0, -1).join(', ')} or ${spoken[spoken.length - 1]}`;
  return `I can also book you in now: ${list} on ${offer.day} ${spoken.length === 1 ? 'is' : 'are'} free. Which would you like?`;
}

/** "2pm" → "14:00", "2:30pm" → "14:30", "noon" → "12:00". */
function timeOfSpoken(text: string): string | null {
  const value = text.trim().toLowerCase();
  if (value === 'noon') return '12:00';
  const match = /^(\d{1,2})(?::(\d{2}))?(am|pm)$/.exec(value);
  if (!match) return null;
  let hour = Number(match[1]) % 12;
  if (match[3] === 'pm') hour += 12;
  return `${String(hour).padStart(2, '0')}:${match[2] ?? '00'}`;
}

/** The offer the assistant's last message made, read back from its words. */
export function offerInProgress(input: Pick<TurnInput, 'history' | 'now' | 'business'>): SlotOffer | null {
  const last = input.history[input.history.length - 1];
  if (!last || last.role !== 'assistant') return null;
  const match = OFFER.exec(last.content);
  if (!match) return null;
  const date = parseDayReference(match[3], input.now, input.business.settings.timezone);
  const times = match[1]
    .split(/, | or /)
    .map(timeOfSpoken)
    .filter((time): time is string => time !== null);
  return date && times.length ? { date, day: match[2], times } : null;
}

const ORDINALS: Array<[RegExp, (times: string[]) => string | undefined]> = [
  [/\b(first|1st|earliest|earlier)\b/, (times) => times[0]],
  [/\b(second|2nd|middle)\b/, (times) => times[1]],
  [/\b(third|3rd)\b/, (times) => times[2]],
  [/\b(last|latest|later)\b/, (times) => times[times.length - 1]],
];

/** Which offered time the caller chose: a time they say, an order word, or a plain yes to a single (or the first) time. */
export function chosenTime(message: string, times: string[]): string | null {
  const text = message.toLowerCase();
  const said = /\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\b/g;
  for (const match of text.matchAll(said)) {
    const hour = Number(match[1]);
    const minute = match[2] ?? '00';
    if (hour > 23) continue;
    const candidates = match[3]
      ? [`${String((hour % 12) + (match[3] === 'pm' ? 12 : 0)).padStart(2, '0')}:${minute}`]
      : [`${String(hour).padStart(2, '0')}:${minute}`, `${String(hour + 12).padStart(2, '0')}:${minute}`];
    const found = times.find((time) => candidates.includes(time));
    if (found) return found;
  }
  for (const [pattern, pick] of ORDINALS) if (pattern.test(text)) return pick(times) ?? null;
  if (classify(message).affirmative) return times[0];
  return null;
}

/** The name and number the caller gave in this conversation (to find or add them as a contact). */
function contactOf(history: HistoryMessage[]): { name?: string; phone?: string } {
  const contact: { name?: string; phone?: string } = {};
  for (const message of history) {
    if (message.role !== 'user') continue;
    const details = parseDetails(message.content, true);
    contact.name ??= details.name;
    contact.phone ??= details.phone;
  }
  return contact;
}

/** Everything the caller said in this conversation (the service they want is named in it). */
function callerWords(history: HistoryMessage[]): string {
  return history
    .filter((message) => message.role === 'user')
    .map((message) => message.content)
    .join('\n');
}

/** This turn answers an offer: book the chosen time, or let it go; null when the message is about something else. */
export async function offerTurn(input: TurnInput, tools: AssistantTools, offer: SlotOffer): Promise<Answer | null> {
  if (!tools.bookAppointment) return null;
  const intents = classify(input.message);
  const time = chosenTime(input.message, offer.times);
  if (!time)
    return intents.negative ? { text: 'No problem. The team will be in touch to confirm a time.', sources: [] } : null;
  const booked = await tools.bookAppointment({
    date: offer.date,
    time,
    contact: contactOf(input.history),
    // The service the caller asked for in their words, as when the times were offered.
    service: callerWords(input.history),
  });
  if (!booked)
    return {
      text: `Sorry, ${formatTime(time)} on ${offer.day} has just gone. The team will be in touch to find you another time.`,
      sources: [],
    };
  return { text: booked.text, sources: [], actions: [booked.action] };
}

const DAY = String.raw`(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) (\d{1,2} [A-Z][a-z]+(?: \d{4})?)`;
const TIME = String.raw`(\d{1,2}(?::\d{2})?(?:am|pm)|noon)`;
const CANCEL_ASK = new RegExp(String.raw`^Your appointment is ${TIME} to \S+ on ${DAY}\. Shall I cancel it\?$`);
const MOVE_OFFER = new RegExp(
  String.raw`^I can move your appointment \(${TIME} on ${DAY}\) to one of these free times: (.+?) on (${DAY})\. Which would you like\?$`,
);
/** "Can I cancel my appointment?", "I need to move my booking to Friday" (not "what happens if I cancel my booking?"). */
const CHANGE =
  /\b(cancel|call off|move|reschedule|rearrange|change)\b[^?.!]*?\b(my|our|the)\s+(appointment|booking)\b/i;
const POLICY = /\bwhat (happens|if)\b|\bpolicy\b|\bhow much notice\b|\b(fee|charge)\b/i;

type Pending =
  { kind: 'cancel'; date: string; time: string } | { kind: 'move'; date: string; time: string; to: SlotOffer };

function dateOf(text: string, input: Pick<TurnInput, 'now' | 'business'>): string | null {
  return parseDayReference(text, input.now, input.business.settings.timezone);
}

/** A cancel or move the assistant's last message asked the caller to confirm. */
function pendingChange(input: Pick<TurnInput, 'history' | 'now' | 'business'>): Pending | null {
  const last = input.history[input.history.length - 1];
  if (!last || last.role !== 'assistant') return null;
  const cancel = CANCEL_ASK.exec(last.content);
  if (cancel) {
    const [date, time] = [dateOf(cancel[2], input), timeOfSpoken(cancel[1])];
    return date && time ? { kind: 'cancel', date, time } : null;
  }
  const move = MOVE_OFFER.exec(last.content);
  if (!move) return null;
  const [date, time, toDate] = [dateOf(move[2], input), timeOfSpoken(move[1]), dateOf(move[5], input)];
  const times = move[3]
    .split(/, | or /)
    .map(timeOfSpoken)
    .filter((value): value is string => value !== null);
  return date && time && toDate && times.length
    ? { kind: 'move', date, time, to: { date: toDate, day: move[4], times } }
    : null;
}

/**
 * A known caller (a call or SMS from a contact's number) asks to cancel or move their
 * appointment: the assistant names it and asks to confirm (cancel) or offers free times on
 * the new day (move), then does it on the next message. null: not such a request, or
 * nothing to change (the usual answer follows).
 */
export async function changeTurn(input: TurnInput, tools: AssistantTools): Promise<Answer | null> {
  if (!input.customer || !tools.callerAppointments || !tools.changeAppointment) return null;
  const intents = classify(input.message);
  const pending = pendingChange(input);
  if (pending) {
    if (pending.kind === 'cancel') {
      if (intents.negative) return { text: 'No problem: it stays booked.', sources: [] };
      if (!intents.affirmative) return null;
      const done = await tools.changeAppointment({ date: pending.date, time: pending.time, to: null });
      return done
        ? { text: done.text, sources: [], actions: [done.action] }
        : { text: 'Sorry, I could not cancel it. The team will be in touch.', sources: [] };
    }
    const time = chosenTime(input.message, pending.to.times);
    if (!time) return intents.negative ? { text: 'No problem: it stays as it is.', sources: [] } : null;
    const done = await tools.changeAppointment({
      date: pending.date,
      time: pending.time,
      to: { date: pending.to.date, time },
    });
    return done
      ? { text: done.text, sources: [], actions: [done.action] }
      : {
          text: `Sorry, ${formatTime(time)} on ${pending.to.day} has just gone. The team will be in touch.`,
          sources: [],
        };
  }
  if (!CHANGE.test(input.message) || POLICY.test(input.message)) return null;
  const mine = await tools.callerAppointments();
  if (!mine.length) return null;
  const [before, after] = input.message.split(/\bto\b(?!.*\bto\b)/i);
  const named = dateOf(before ?? input.message, input);
  const appointment = mine.find((entry) => entry.date === named) ?? mine[0];
  if (/\b(cancel|call off)\b/i.test(input.message))
    return { text: `Your appointment is ${appointment.when}. Shall I cancel it?`, sources: [] };
  const newDay = after ? dateOf(after, input) : null;
  if (!newDay || !tools.appointmentSlots) return null;
  const offer = await tools.appointmentSlots(after);
  if (!offer) return { text: `Sorry, there is no free time on that day. Which other day would suit you?`, sources: [] };
  const spoken = offer.times.map(formatTime);
  const list = spoken.length === 1 ? spoken[0] : `${spoken.slice(0, -1).join(', ')} or ${spoken[spoken.length - 1]}`;
  const day = appointment.when.replace(/^.* on /, '');
  return {
    text: `I can move your appointment (${formatTime(appointment.time)} on ${day}) to one of these free times: ${list} on ${offer.day}. Which would you like?`,
    sources: [],
  };
}
