import type { HistoryMessage } from '../types';
import { withoutProportionRates } from './text';

/**
 * What a caller wants, read from their words: the common intents of callers (greeting,
 * opening hours, where and how to reach the business, services and prices, a booking, a
 * call back or a person, thanks and goodbye). Anything else is a question for the
 * knowledge base. Several may hold at once ("hi, where are you and when are you open?").
 */
export type RequestKind = 'booking' | 'callback' | 'person';

export type Intents = {
  greeting: boolean;
  thanks: boolean;
  goodbye: boolean;
  /** Nothing but greeting, thanks or goodbye words. */
  smallTalkOnly: boolean;
  hours: boolean;
  location: boolean;
  phone: boolean;
  email: boolean;
  /** "What services do you offer?", "what do you charge?": the list. */
  servicesList: boolean;
  /** Asks what something costs. */
  price: boolean;
  /** Wants something done for them now: a booking, a call back, a person. */
  request: RequestKind | null;
  /** "How do I book?": a question about booking, answered from the knowledge first. */
  bookingQuestion: boolean;
  affirmative: boolean;
  negative: boolean;
};

const normalize = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9'£$€@+/:.\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;

const GREETING =
  /^ (hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening|day)|morning|afternoon|evening)\b/;
const THANKS = /\b(thanks|thank you|thank u|thx|cheers|ta|much appreciated|appreciate it)\b/;
const GOODBYE =
  /\b(bye|goodbye|good bye|see you|see ya|that's all|that is all|that's everything|nothing else|have a (good|nice|great) (day|one|evening|weekend))\b/;
/** Words that may sit around greetings, thanks and goodbyes without asking anything. */
const SMALL_TALK =
  /\b(hi|hello|hey|hiya|howdy|greetings|good|morning|afternoon|evening|day|there|thanks|thank|you|u|thx|cheers|ta|much|appreciated|appreciate|it|bye|goodbye|see|ya|that's|that|is|all|everything|nothing|else|have|a|nice|great|one|weekend|how|are|doing|ok|okay|lovely|brilliant|perfect|awesome|cool|fine|so|very|for|your|help|the|info|information|again|and|many|i|was|just|wondering|mate|folks|team|everyone|guys|what's|up)\b/g;

const DAY_WORDS =
  '(today|tonight|tomorrow|weekends?|saturdays?|sundays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|bank holidays?|holidays?|christmas|xmas|boxing day|new year|easter|evenings?|nights?|late|early|lunchtime|over|during|this|next|the|on)';

/** The days and times of DAY_WORDS without its linking words ("on", "the", "over"). */
const TIME_WORDS = DAY_WORDS.replace(/\|(over|during|this|next|the|on)(?=[|)])/g, '');

/** The visit verb asked of the business ("do you come out", "can someone pop round"). */
const COMES_OUT =
  '(you|u|someone|somebody|anyone|anybody|one of you|your [a-z]+)( guys| lot| ever)? (come|pop|get) (out|round|over)( to (me|us))?';
/** A time in general: any Sunday, evenings, bank holidays ("this Sunday" or "tomorrow" is one visit, asked for). */
const GENERAL_TIME =
  '((on|at|over|during|in)( the| a| an| any)? )?(weekends?|(mon|tues|wednes|thurs|fri|satur|sun)days|bank holidays?|holidays|evenings?|nights?|late|early|out of hours)|(on|at|over) (a|an|any) ((mon|tues|wednes|thurs|fri|satur|sun)day|weekend|bank holiday)( (mornings?|afternoons?|evenings?|nights?))?';
/**
 * Asked alone, the visit verb and a time with nothing to be done is whether the business works then
 * ("do you come out on a Sunday?", "can someone come out at night?"); "can you come out on Sunday to
 * look at a leak?" and "can you come out tomorrow?" ask for a visit.
 */
const COMES_OUT_THEN = new RegExp(
  `^ ((do|does|will|would) ${COMES_OUT}( on| at| over| during| in)?( the| a| an| this| next| any)? ${TIME_WORDS}|(can|could|will|would) ${COMES_OUT} (${GENERAL_TIME}))( (mornings?|afternoons?|evenings?|nights?|days?|holidays?))?( too| as well| at all| ever)?[\\s?.!]*$`,
);

/** The day or part of the day a caller would come in ("on a Saturday afternoon", "tomorrow", "after work", "in my lunch break"). */
const VISIT_TIME =
  '\\b(today|tonight|tomorrow|weekends?|(mon|tues|wednes|thurs|fri|satur|sun)days?|mornings?|afternoons?|evenings?|lunchtime|lunch (break|hour)|(before|after) (work|school)|first thing|early|late)\\b';

/**
 * After "open": a thing opened ("can you open a safe?", "open the drawer") makes it the work asked for, not the
 * hours; "the" or "this" before a day or a time ("are you open the 27th?", "open this weekend") still asks the hours.
 */
const NO_THING_OPENED =
  '(?! (a|an|my|our|your|his|her|their|its|it|them|up)\\b| (the|this|that|these|those) (?!(\\d|(days?|weeks?|weekends?|mornings?|afternoons?|evenings?|nights?|holidays?|christmas|xmas|new year|bank|easter|whole|rest|first|last|next|same|following|summer|winter|half)\\b)))';

const HOURS_PATTERNS = [
  /\b(opening|business|office|trading|working|shop) (hours|times)\b/,
  /\b(your|the|what|which|usual|normal) hours\b/,
  /\bhours (are|on|today|tomorrow|this|at|over|during)\b/,
  /\b(are|is) (you|it|the (shop|office|salon|showroom|business|clinic|store|studio))( still| currently)? (open|closed|shut)\b/,
  // "Can I drop the keys off before you open?" asks about something done around the hours, not the hours.
  new RegExp(
    `(?<!\\b(before|after|once|until|till|til) )\\b(you|you're|youre) (open${NO_THING_OPENED}|closed|shut)\\b`,
  ),
  /\bwhen (are|do|will) you (open|close|shut|start|finish|be open)\b/,
  /\bwhat time (do|are|will) you (open|close|shut|start|finish|be open)\b/,
  /\b(opening|closing) time\b/,
  /\bwhen (do|does) (you|the [a-z]+) (open|close)\b/,
  new RegExp(`\\b(open${NO_THING_OPENED}|closed|shut) ${DAY_WORDS}\\b`),
  // "Do you work on Saturdays?", "are you guys working Christmas Eve?", never "do you work on electric cars?": a day or time after the linking words.
  new RegExp(
    `\\b(do|will|are) you( guys| lot)? (open|work|working|trade|trading|operate|operating)( on| at| over| during)?( the| this| next)? ${TIME_WORDS}`,
  ),
  /\b(open|closed) (now|right now|at the moment|later|yet)\b/,
  /\bwhat days (are|do) you\b/,
  // The desk that takes callers is open when the business is: "anyone on reception now?", "when does the office open?".
  /\b(anyone|anybody|someone|somebody|staff) (on|at|in|behind|manning) (the )?(reception|front desk|desk|office)\b/,
  /\b(what time|when) (does|do|is|will) (the )?(reception|front desk|office|phone lines?|phones?) (open|close|shut|staffed|manned|answered)\b/,
  /\b(ring|call|phone) (you|u)( up)? (till|until|til|up to)\b/,
  // "Do you come out on a Sunday?", "can someone come out at night?": whether the business works then, asked with the
  // visit verb and nothing to be done; "can you come out on Sunday to look at a leak?" asks for a visit (COMES_OUT_THEN).
  COMES_OUT_THEN,
  // "Can I bring her in on a Saturday afternoon?", "could we pop by tomorrow?": whether the door is open then.
  new RegExp(
    `\\b(can|could) (i|we) (come|pop|call|drop|bring|stop|swing|walk|nip)( [a-z]+)? (in|by|round|over|along|down)\\b.*${VISIT_TIME}`,
  ),
  // "Can I drop my old prints in on Saturday?": a thing named between the verb and its particle; a particle before a
  // place ("bring my dog in the shop") is a preposition, not the verb's.
  new RegExp(
    `\\b(can|could) (i|we) (drop|bring)( [a-z]+){2,3} (in|round|over|along|down)\\b(?! (the|a|an|my|your|our|to)\\b).*${VISIT_TIME}`,
  ),
  // "Can I get seen on a Sunday?", "could you see me on Saturday morning?": whether anyone is there then.
  new RegExp(
    `\\b((get|be) (seen|served|fitted in|squeezed in)|(can|could|would|will) you see (me|us|him|her|them))\\b.*${VISIT_TIME}`,
  ),
];

/** Words for a business's premises: "where's the salon?" asks for the address. */
const PREMISES =
  '(shop|office|showroom|salon|business|premises|clinic|store|studio|workshop|bakery|cafe|café|restaurant|garage|surgery|practice|gym|spa|branch|unit|yard|depot|warehouse|place|barbers?|parlou?r|pharmacy|factory|kitchen|site|base)';

const LOCATION_PATTERNS = [
  /\bwhere (are|is) (you|your|the (shop|office|showroom|salon|business|premises|clinic|store|studio|workshop))\b/,
  new RegExp(`\\bwhere('s| is) (the|your) ${PREMISES}\\b`),
  /\bwhereabouts\b/,
  /\bwhere (are you|you're|youre) (based|located)\b/,
  /\bwhere (can|do|would|will) (i|we) find (you|the|your)\b/,
  /\bhow (do|can|would|will) (i|we) get (to|there)\b/,
  /\bwhat('s| is) (your|the) (post ?code|zip ?code|address)\b/,
  /\b(your|the|postal|business|office|shop) address\b/,
  /\baddress\b/,
  /\blocated\b/,
  /\b(your|the) location\b/,
  /\bdirections\b/,
  /\bhow (do|can) i get to you\b/,
  /\bfind you\b/,
  /\b(your|the) postcode\b/,
];

const PHONE_PATTERNS = [
  /\b(phone|telephone|contact|mobile|office|landline) number\b/,
  /\byour number\b/,
  /\bnumber (to|for|i can) (call|ring|phone|reach|contact)\b/,
  /\bhow (can|do|should) i (call|phone|ring|contact|reach|get (hold of|in touch with)) you\b/,
  /\bcall you (on|at)\b/,
  /\bcontact (details|info|information)\b/,
  /\bget in touch\b/,
];
const EMAIL_PATTERNS = [/\be-?mail( address)?\b/, /\bcontact (details|info|information)\b/, /\bget in touch\b/];

const SERVICES_LIST_PATTERNS = [
  /\bwhat (services|kind of (work|services|jobs)|sort of (work|services|jobs)|type of (work|services|jobs)|work) do you\b/,
  /\bwhat (do|can) you (do|offer|provide|specialise in|specialize in|help with)\b/,
  /\bwhat services\b/,
  /\b(list|range|menu) of (your )?(services|treatments|prices)\b/,
  /\byour (services|treatments)\b/,
  /\b(price|prices|pricing) list\b/,
  /\b(your|all) (prices|rates|charges)\b/,
  /\bwhat (are your|do you) (prices|charge|rates)\b/,
  /\bhow much do you charge\s*\??\s*$/,
];

const PRICE =
  /\b(how much|price|prices|pricing|cost|costs|costing|charge|charges|fee|fees|rate|rates|expensive|cheap)\b|£|\$|€/;

const PERSON =
  /\b(speak|talk|chat) (to|with) (a |an |the |one of )?(real |actual |live )?(person|human|someone|somebody|some one|people|manager|owner|boss|member of (staff|the team)|engineer|plumber|agent|operator|representative|staff|team|receptionist|advisor|adviser)\b|\b(put|transfer|connect) me (through|to)\b|\b(real|actual|live) (person|human)\b|\bspeak to (someone|somebody|anyone|anybody)\b/;
const CALLBACK =
  /\bcall(ed)? me( back)?\b|\bcall ?back\b|\bring me( back)?\b|\bphone me( back)?\b|\bgive me a (call|ring|bell)\b|\b(someone|somebody|you) (to |could |can |please )?(call|ring|phone|contact) me\b|\bget back to me\b|\bcontact me\b/;
const BOOKING =
  /\b(book|booking|appointment|schedule)\b|\b(come|pop|get someone) (out|round|over)\b|\bsend (someone|somebody|an engineer|a plumber|a technician)\b|\barrange (a|an) (visit|appointment|service|call|quote)\b/;
const REQUEST_FRAMING =
  /\b(i'd like|id like|i would like|i want|i wanna|i need|we need|we'd like|can i|could i|may i|can you|could you|can someone|could someone|can somebody|please|i'd love|i'm looking to|im looking to|looking to|want to|like to|let's|lets|i'll take|sign me up)\b/;
const BOOKING_QUESTION =
  /\bhow (do|can|would|should) (i|we) (book|make (a|an) (booking|appointment)|arrange|get an appointment)\b|\b(cancel|cancellation|reschedule|rearrange|in advance|notice|online|deposit|(?<!^ (i|we)( just| really)? )need (to book|an appointment|a booking)|take bookings|walk[- ]ins?|how far ahead|how soon)\b/;

/** A question about a booking the caller has or will have: "do I need… before my appointment?", "can I bring… to my booking?", "is it ok if…". */
const ABOUT_A_BOOKING =
  /^ (can|could|may|should|must|do|does|will|would|am|is|are) (i|we|it|there|they|my|our)\b.*\b(to|for|at|before|after|during|with|into|on|in) (my|our|the|your|an?) (appointment|booking|session|visit)s?\b|\bis (it|that|this) (ok|okay|alright|all right|fine)\b/;
/** The words that ask for a booking itself. */
const BOOKING_ACT =
  /\b(book|reschedule|rebook)\b|\b(make|get|have|arrange|schedule|want|need|like) (a|an|another|my|the) (booking|appointment|visit)\b|\b(come|pop|get someone) (out|round|over)\b|\bsend (someone|somebody)\b/;

const QUESTION_START = /^ (how|what|when|where|which|why|who|is|are|do|does|did|will there|have you|has)\b/;

const AFFIRMATIVE =
  /^ (yes|yeah|yea|yep|yup|sure|ok|okay|please|yes please|go on|go ahead|that would be (great|good|lovely)|sounds good|absolutely|definitely|of course|please do)\b/;
const NEGATIVE =
  /^ (no|nope|nah|no thanks|no thank you|not now|not right now|never ?mind|cancel|cancel that|forget it|don't worry|dont worry|it's fine|its fine)\b/;

export function classify(message: string): Intents {
  const text = normalize(message);
  const leftover = text.replace(SMALL_TALK, ' ').replace(/[^a-z0-9£$€]+/g, '');
  const greeting = GREETING.test(text);
  const thanks = THANKS.test(text);
  const goodbye = GOODBYE.test(text);
  const person = PERSON.test(text);
  const callback = !person && CALLBACK.test(text);
  const bookingWords = BOOKING.test(text);
  const bookingQuestion = bookingWords && BOOKING_QUESTION.test(text);
  // "How quickly can you get someone out?" asks about, it does not ask for.
  const asksAbout =
    QUESTION_START.test(text) && !/\b(have|got) (any |an )?(appointments?|slots?|availability|space)\b/.test(text);
  // "Can I bring my dog to my appointment?" asks about a booking; "can I book…?" asks for one.
  const aboutBooking = ABOUT_A_BOOKING.test(text) && !BOOKING_ACT.test(text);
  const booking =
    !person &&
    !COMES_OUT_THEN.test(text) &&
    !callback &&
    bookingWords &&
    !bookingQuestion &&
    !asksAbout &&
    !aboutBooking &&
    REQUEST_FRAMING.test(text);
  const servicesList = SERVICES_LIST_PATTERNS.some((pattern) => pattern.test(text));
  return {
    greeting,
    thanks,
    goodbye,
    smallTalkOnly: (greeting || thanks || goodbye) && leftover.length === 0,
    hours: HOURS_PATTERNS.some((pattern) => pattern.test(text)),
    location: LOCATION_PATTERNS.some((pattern) => pattern.test(text)) && !/\bemail address\b/.test(text),
    phone: PHONE_PATTERNS.some((pattern) => pattern.test(text)),
    email: EMAIL_PATTERNS.some((pattern) => pattern.test(text)),
    servicesList,
    price: PRICE.test(withoutProportionRates(text)),
    request: person ? 'person' : callback ? 'callback' : booking ? 'booking' : null,
    bookingQuestion,
    affirmative: AFFIRMATIVE.test(text),
    negative: NEGATIVE.test(text),
  };
}

/** A day named on its own ("and on Saturday?", "what about Christmas Eve"): a follow-up to an hours question. */
export function isShortDayFollowUp(message: string): boolean {
  const text = normalize(message);
  return (
    text.split(' ').filter(Boolean).length <= 7 &&
    /^ (and|what about|how about|or|also|and on|and what about)?\s*(on |at |for |this |next )?/.test(text) &&
    /\b(today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|christmas|xmas|boxing day|new year|eve|\d{1,2}(st|nd|rd|th)?\b)/.test(
      text,
    )
  );
}

/** The last user message before this one, and the assistant's last reply. */
export function lastExchange(history: HistoryMessage[]): { user: string | null; assistant: string | null } {
  let assistant: string | null = null;
  let user: string | null = null;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const message = history[index];
    if (message.role === 'assistant' && assistant === null && user === null) assistant = message.content;
    if (message.role === 'user') {
      user = message.content;
      break;
    }
  }
  return { user, assistant };
}
