import { addressableName } from '#api/features/customers/records';
import { OrderNeedsContactError } from '../orders';
import type {
  AssistantTools,
  BusinessContext,
  CapturedDetails,
  CustomerFact,
  HistoryMessage,
  OrderRequest,
  ProductFact,
  ServiceFact,
  TurnInput,
} from '../types';
import type { Answer } from './answer';
import { parseDetails } from './details';
import { classify, type RequestKind } from './intents';
import { listOf } from './phrases';
import { matchServices, properNounsOf } from './facts';
import { nameInSentence, pluralName, quantityOf } from './naming';
import { findItems, wordsOfNameSaid, type ItemMention } from './products';

/**
 * Taking an order when the business sells products (`product` memories). Over the
 * turns the assistant gathers the items (each matched to a product: name, quantity, the
 * price as the business wrote it), the customer's name and number when the conversation
 * does not know them (a chat), reads the order back and asks "Shall I place the order?";
 * only a yes places it (tools.takeOrder: status new, the channel as source, the team
 * notified). Changes ("make it 3 croissants", "no sourdough") re-read it first.
 *
 * Like bookings (capture.ts) the state lives in the conversation: every message of the flow
 * ends with one of three fixed questions, so the next turn finds the flow in the history
 * and replays the customer's messages since it began.
 */
export const ASK_ITEMS = 'What would you like to order?';
export const ASK_WHO = 'Please send your name and a phone number for the order.';
export const ASK_CONFIRM = 'Shall I place the order?';
const PROMPTS = [ASK_ITEMS, ASK_WHO, ASK_CONFIRM];

const ORDER_WORDS = /\b(order|ordering|buy|purchase|reserve|put (one|some|them|it) aside)\b/i;
// "Do I need …?" asks whether something is required; it wants nothing.
const WANT =
  /\b(i'?d like|i would like|i'?ll (have|take)|(can|could|may) (i|we) (have|get|order)|i want|(?<!\b(do|would|will|should|must) )i need|we'?d like|we need|please|i'?m after)\b/i;
/** "I need to cancel a lesson", "I'd like to move my class": a wish to do something, not to have a thing. */
const WANTS_TO_DO =
  /\b(i'?d like|i would like|i want|i need|we'?d like|we want|we need)\s+to\s+(?!(order|buy|get|have|take|grab|pick|collect|purchase|reserve)\b)[a-z]+/i;
const HOW_TO_ORDER =
  /\bhow (do|can|would) (i|we) (place an |make an )?order\b|\b(can|could) (i|we) (place|make) an order\b|\b(i|we)('?d| would) like to (place an |make an )?order\b/i;
/** "Yes" alone is a carrier keyword by SMS (never reaches the assistant): "confirm" and the like work everywhere. */
const CONFIRM =
  /\b(confirm|confirmed|correct|that's right|thats right|that is right|place it|go ahead|sounds good|perfect|yes|yeah|yep|please do)\b/i;
/** "No thanks" ends the order; "cancel" is a carrier keyword by SMS, so it is not suggested there. */
const ABANDON =
  /^\s*(no( thanks| thank you)?|nope|nah|never ?mind|forget it|cancel( (it|that|the order))?|don'?t bother|leave it)\s*[.!]*\s*$/i;

export type OrderFlow = {
  messages: string[];
  /** For each message, whether the question before it asked who the order is for. */ askedWho: boolean[];
  lastPrompt: string;
};

const promptOf = (text: string) => PROMPTS.find((prompt) => text.includes(prompt)) ?? null;

/** The order being taken, when the assistant's last message was one of the flow's questions. */
export function orderInProgress(history: HistoryMessage[]): OrderFlow | null {
  let index = history.length - 1;
  const last = index >= 0 && history[index].role === 'assistant' ? promptOf(history[index].content) : null;
  if (!last) return null;
  const messages: string[] = [];
  const askedWho: boolean[] = [];
  while (
    index >= 1 &&
    history[index].role === 'assistant' &&
    promptOf(history[index].content) &&
    history[index - 1].role === 'user'
  ) {
    messages.unshift(history[index - 1].content);
    const previous = history[index - 2];
    askedWho.unshift(Boolean(previous?.role === 'assistant' && promptOf(previous.content) === ASK_WHO));
    index -= 2;
  }
  return messages.length ? { messages, askedWho, lastPrompt: last } : null;
}

/**
 * What a message that wants something asks for: an order of products ("I'd like 2 sourdough
 * loaves", "can I order a cake?", "how do I place an order?"); a service, when one's name fits the
 * caller's words better than any product's ("I'd like to order a wreath for a funeral" at a florist
 * with a *Funeral wreath* made to order and a *Christmas door wreath* on the shelf); or neither:
 * "I'd like to book two places on a sourdough class" (a booking of a service that shares a word
 * with a product), "do I need a patch test before my hair is coloured?" (a question, and "hair"
 * only part of a product's name).
 */
export function wantedThing(
  message: string,
  products: ProductFact[],
  services: ServiceFact[] = [],
): 'order' | 'service' | null {
  if (!products.length) return null;
  // "If I order a charger, how long until…?" asks what happens when one orders; it orders nothing.
  // "What happens if I need to cancel?" likewise: a want in a condition wants nothing yet.
  if (/\b(if|when|once|after|before)\s+(i|we)\s+(order|buy|get|need|want)\b/i.test(message)) return null;
  // "I'd like to order a birthday cake, can someone call me?": a call back, unless a product is named in full.
  const callback = classify(message).request === 'callback';
  const howToOrder = HOW_TO_ORDER.test(message) && !callback;
  const ordering = ORDER_WORDS.test(message);
  const wants =
    howToOrder ||
    ordering ||
    (WANT.test(message) && !WANTS_TO_DO.test(message) && classify(message).request !== 'booking');
  if (!wants) return null;
  const mentions = findItems(message, products);
  // A service said in full with more words than any product: "a cake for our wedding" is the *Wedding cake*, not a *Cake slice*.
  const productWords = Math.max(0, ...mentions.map((mention) => mention.said));
  if (services.some((service) => wordsOfNameSaid(message, service.name) > productWords))
    return howToOrder || mentions.length ? 'service' : null;
  if (howToOrder) return 'order';
  if (!mentions.length || (callback && !mentions.some((mention) => mention.whole))) return null;
  // Part of a product's name that a service's name also holds names the service, not the product.
  if (mentions.every((mention) => !mention.whole) && matchServices(message, services, [])) return null;
  return 'order';
}

export const startsOrder = (message: string, products: ProductFact[], services: ServiceFact[] = []) =>
  wantedThing(message, products, services) === 'order';

/**
 * What the caller asks to be done (intents.ts), or a booking when they ask for a service in the
 * words of ordering (wantedThing): the team arranges a service, it is not an order of a product.
 * A price asked meanwhile is a question, answered first.
 */
export function requestOf(
  message: string,
  business: Pick<BusinessContext, 'products' | 'services'>,
): RequestKind | null {
  const intents = classify(message);
  if (intents.request || intents.price) return intents.request;
  return wantedThing(message, business.products, business.services) === 'service' ? 'booking' : null;
}

type Line = { product: ProductFact; quantity: number };

function apply(lines: Line[], mentions: ItemMention[]): Line[] {
  const next = lines.map((line) => ({ ...line }));
  for (const mention of mentions) {
    const existing = next.find((line) => line.product._id === mention.product._id);
    if (mention.remove) {
      if (existing) next.splice(next.indexOf(existing), 1);
    } else if (existing) {
      if (mention.more) existing.quantity += mention.quantity ?? 1;
      else if (mention.quantity) existing.quantity = mention.quantity;
    } else {
      next.push({ product: mention.product, quantity: Math.max(1, mention.quantity ?? 1) });
    }
  }
  return next
    .filter((line) => line.quantity > 0)
    .map((line) => ({ ...line, quantity: Math.min(line.quantity, 100000) }));
}

function merge(target: CapturedDetails, extra: CapturedDetails): CapturedDetails {
  const merged: CapturedDetails = { ...target };
  for (const key of ['name', 'phone', 'preferred_time'] as const)
    if (merged[key] === undefined && extra[key] !== undefined) merged[key] = extra[key];
  return merged;
}

type OrderState = { lines: Line[]; details: CapturedDetails };

function replay(messages: string[], askedWho: boolean[], products: ProductFact[]): OrderState {
  let lines: Line[] = [];
  let details: CapturedDetails = {};
  messages.forEach((message, index) => {
    lines = apply(lines, findItems(message, products));
    details = merge(details, parseDetails(message, askedWho[index]));
  });
  return { lines, details };
}

const spokenChannel = (input: TurnInput) => input.channel === 'call' || input.channel === 'voice';

/** A price tag said after a name: " at £3.50 each", " from £4" (not "at From £4"). */
const spokenPrice = (price: string) => {
  const tag = price.trim().replace(/^[A-Z](?=[a-z])/, (letter) => letter.toLowerCase());
  return /^(from|starting|up to|between)\b/.test(tag) ? ` ${tag}` : ` at ${tag}`;
};

/** "2 × Sourdough loaf (£4.50 a loaf)" written; "two sourdough loaves at £4.50 a loaf" aloud (a voice reads "×" and brackets badly). */
function lineText(line: Line, spoken: boolean, withPrice = true, proper?: Set<string>): string {
  const price = withPrice ? line.product.price?.trim() : null;
  if (spoken)
    return `${quantityOf(line.quantity, nameInSentence(line.product.name, proper), true)}${price ? spokenPrice(price) : ''}`;
  return `${line.quantity} × ${line.product.name}${price ? ` (${price})` : ''}`;
}

function catalogue(products: ProductFact[], spoken: boolean): string {
  const proper = properNounsOf({ services: [], products });
  const shown = products
    .slice(0, 8)
    .map((product) =>
      spoken
        ? `${pluralName(nameInSentence(product.name, proper))}${product.price ? spokenPrice(product.price) : ''}`
        : product.price
          ? `${product.name} (${product.price})`
          : product.name,
    );
  return products.length > shown.length ? `${shown.join(', ')} and more` : listOf(shown);
}

function confirmQuestion(input: TurnInput): string {
  if (input.channel === 'sms') return `${ASK_CONFIRM} Reply CONFIRM to go ahead, or tell me what to change.`;
  return `${ASK_CONFIRM} Just say yes, or tell me what to change.`;
}

const hasContact = (details: CapturedDetails, customer: CustomerFact | null) =>
  Boolean(customer || (details.name && details.phone));

/** The order read back, and the one question that moves it on. */
function readBack(input: TurnInput, state: OrderState, lead = ''): Answer {
  const spoken = spokenChannel(input);
  const { lines, details } = state;
  const prefix = lead ? `${lead} ` : '';
  const proper = properNounsOf(input.business);
  if (!lines.length)
    return { text: `${prefix}${ASK_ITEMS} We have ${catalogue(input.business.products, spoken)}.`, sources: [] };
  const items = `Here's your order: ${listOf(lines.map((line) => lineText(line, spoken, true, proper)))}.`;
  const when = details.preferred_time ? ` I've noted ${details.preferred_time}.` : '';
  if (!hasContact(details, input.customer)) return { text: `${prefix}${items}${when} ${ASK_WHO}`, sources: [] };
  const who = input.customer ? '' : ` For ${details.name} on ${details.phone}.`;
  return { text: `${prefix}${items}${who}${when} ${confirmQuestion(input)}`, sources: [] };
}

async function place(input: TurnInput, tools: AssistantTools, state: OrderState): Promise<Answer> {
  const { lines, details } = state;
  const spoken = spokenChannel(input);
  const request: OrderRequest = {
    lines: lines.map((line) => ({
      memory_id: line.product._id,
      name: line.product.name,
      quantity: line.quantity,
      price: line.product.price,
    })),
    notes: details.preferred_time ? `Wanted: ${details.preferred_time}` : null,
    contact: input.customer ? undefined : { name: details.name, phone: details.phone },
  };
  const name = addressableName(input.customer?.name ?? details.name);
  const items = listOf(lines.map((line) => lineText(line, spoken, false, properNounsOf(input.business))));
  try {
    const action = await tools.takeOrder(request);
    return {
      text: `Thank you${name ? `, ${name}` : ''}! I've placed your order: ${items}. The team will confirm it with you soon.`,
      sources: [],
      actions: [action],
    };
  } catch (error) {
    if (error instanceof OrderNeedsContactError)
      return { text: `I'm sorry, I couldn't use that number. ${ASK_WHO}`, sources: [] };
    // The order must not be lost: the team gets it as a task and confirms it by hand.
    const action = await tools.createTask({
      title: `Order request from ${name ?? details.phone ?? 'a customer'}`,
      details: {
        name: input.customer?.name ?? details.name,
        phone: input.customer?.phones[0] ?? details.phone,
        preferred_time: details.preferred_time,
        reason: `Order: ${items}`,
      },
    });
    return {
      text: `Thank you${name ? `, ${name}` : ''}! I've passed your order for ${items} to the team, who will confirm it with you soon.`,
      sources: [],
      actions: [action],
    };
  }
}

/**
 * One turn of taking an order, or null when the message is something else in the middle of
 * it (a question): the caller answers that and asks about the order again (orderReminder).
 */
export async function orderTurn(
  input: TurnInput,
  tools: AssistantTools,
  flow: OrderFlow | null,
): Promise<Answer | null> {
  const { message, business } = input;
  const products = business.products;
  const askedWho = flow?.lastPrompt === ASK_WHO;
  const mentions = findItems(message, products);
  const given = parseDetails(message, askedWho);
  const intents = classify(message);
  const previous = flow ? replay(flow.messages, flow.askedWho, products) : { lines: [], details: {} };

  if (
    flow &&
    !mentions.length &&
    !given.phone &&
    (ABANDON.test(message) || (intents.negative && !CONFIRM.test(message)))
  ) {
    return { text: "No problem, I haven't placed an order. Is there anything else I can help with?", sources: [] };
  }
  const state: OrderState = { lines: apply(previous.lines, mentions), details: merge(previous.details, given) };
  if (
    flow?.lastPrompt === ASK_CONFIRM &&
    !mentions.length &&
    CONFIRM.test(message) &&
    state.lines.length &&
    hasContact(state.details, input.customer)
  ) {
    return place(input, tools, state);
  }
  const question = /\?\s*$/.test(message.trim()) || intents.hours || intents.location || intents.phone || intents.email;
  if (flow && !mentions.length && !given.name && !given.phone && question && !HOW_TO_ORDER.test(message)) return null;
  if (flow && !mentions.length && !given.name && !given.phone && !given.preferred_time && state.lines.length) {
    return readBack(input, state, "Sorry, I didn't catch that.");
  }
  return readBack(input, state);
}

/** After answering a question in the middle of an order: the order read back with its question, so the flow goes on. */
export function orderReminder(input: TurnInput, flow: OrderFlow): Answer {
  const state = replay(flow.messages, flow.askedWho, input.business.products);
  return readBack(input, state, 'About your order:');
}
