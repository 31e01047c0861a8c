import { classify } from '#api/services/assistant/builtin/intents';

/**
 * Which of a caller's turns asked something: the questions and requests a call's summary
 * lists. A call is full of turns that ask nothing — "yes", "ok thanks", a name, a number, a
 * time that suits, the yes that confirms an order — mostly answers to the assistant's own
 * questions. Those are left out; a question is kept wherever it comes, even in answer to one.
 * Speech has no punctuation, so questions are also known by how they start.
 */
type Turn = { role: 'user' | 'assistant'; content: string };

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9'?£$€ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Words that acknowledge, agree, decline or close without asking anything. */
const ACKNOWLEDGEMENT = new Set(
  (
    'yes yeah yea yep yup aye no nope nah ok okay k sure right alright fine great good perfect lovely brilliant cool fab fantastic excellent ' +
    "correct exactly indeed absolutely definitely please thanks thank you ta cheers much so very that that's thats it is all everything " +
    "nothing else sounds go ahead on do that'd be would will lovely grand super wonderful bye goodbye hi hello hey oh ah um uh er erm hmm mm " +
    "of course not now never mind i think i'm im we we're a bit just"
  ).split(' '),
);

const QUESTION_START =
  /^(how|what|what's|whats|when|where|which|why|who|whose|is|isn't|are|aren't|am|do|does|did|don't|can|can't|could|would|will|won't|should|shall|may|might|have|has|had|any|anything|anyone|anybody|is there|are there)\b/;

/** "Anything else?", "How can I help?": an open invitation, not a question the caller answers with details. */
const OPEN_INVITATION =
  /\b(anything else|something else|how (can|may|could) i help|what can i (do|help)|help (you )?with|how can we help|what would you like to know|any other questions?|what else)\b/;

/** The first words a caller may put before a question ("yes, and…", "ok so…", "hi,"). */
const LEAD_IN =
  /^((yes|yeah|yep|no|nope|ok|okay|right|so|and|but|also|hi|hello|hey|oh|well|um|er|great|thanks|thank you|sure|alright|please)\b[ ,]*)+/;

function asksSomething(text: string): boolean {
  const lower = normalise(text);
  if (lower.includes('?')) return true;
  const intents = classify(text);
  if (intents.request) return true;
  const sentences = text
    .split(/[.!;]+/)
    .map((part) => normalise(part).replace(LEAD_IN, ''))
    .filter(Boolean);
  return sentences.some(
    (sentence) =>
      QUESTION_START.test(sentence) ||
      /\b(i'd like|id like|i would like|i want|i need|we need|we'd like|looking for|can you|could you|please can|please could)\b/.test(
        sentence,
      ),
  );
}

function onlyAcknowledges(text: string): boolean {
  const words = normalise(text).replace(/\?/g, '').split(' ').filter(Boolean);
  return words.length === 0 || words.every((word) => ACKNOWLEDGEMENT.has(word)) || classify(text).smallTalkOnly;
}

/** The assistant's last sentence, when it asks the caller for something (a name, a number, a yes). */
function soughtAnAnswer(assistantText: string | null): boolean {
  // "Sorry, I didn't catch that. Could you say it again?" asks for the question again, not for details.
  if (!assistantText || NOT_UNDERSTOOD.test(assistantText)) return false;
  const sentences =
    assistantText
      .match(/[^.!?]+[.!?]*/g)
      ?.map((part) => part.trim())
      .filter(Boolean) ?? [];
  const last = sentences.at(-1) ?? '';
  return last.endsWith('?') && !OPEN_INVITATION.test(normalise(last));
}

/** Checking the line or being polite, not asking: "Hello?", "Are you there?", "How are you?". */
const SMALL_TALK_QUESTION =
  /^((hi|hello|hey|sorry|um|er)\b[ ,]*)*(are you (still )?there|can you hear me|is anyone there|is anybody there|how are you( doing| today)?|how's it going|how are things|you (ok|alright)|what was that|pardon|sorry what|come again)\b/;

/** The assistant did not make out what was said and asks again: that turn asked nothing it understood. */
const NOT_UNDERSTOOD =
  /\b(didn't|did not|couldn't|could not) (quite )?(catch|hear|understand|make out|get) (that|you|what you said)\b/i;

/** A turn of only contact details: a phone number, an email, "my name is…", "my number is…". */
function onlyDetails(text: string): boolean {
  const lower = normalise(text);
  if (/^[+0-9 ()-]{6,}$/.test(text.trim()) || /^\S+@\S+\.\S+$/.test(text.trim())) return true;
  if (/\b(my (name|number|phone number|mobile|email|address|postcode) is|my name's|the name is|name's)\b/.test(lower))
    return true;
  return /^(it's|its|this is|i'm|im|i am)\b/.test(lower) && lower.split(' ').length <= 6;
}

/** The caller's turns that asked or requested something, in order, as they said them. */
export function callerAsked(turns: readonly Turn[]): string[] {
  const asked: string[] = [];
  let lastAssistant: string | null = null;
  for (const [index, turn] of turns.entries()) {
    if (turn.role === 'assistant') {
      lastAssistant = turn.content;
      continue;
    }
    const reply = turns[index + 1];
    if (reply?.role === 'assistant' && NOT_UNDERSTOOD.test(reply.content)) continue;
    const text = turn.content.trim();
    if (!text) continue;
    const answersTheAssistant = soughtAnAnswer(lastAssistant);
    lastAssistant = null;
    if (onlyAcknowledges(text) || SMALL_TALK_QUESTION.test(normalise(text).replace(/\?/g, ''))) continue;
    if (asksSomething(text)) {
      asked.push(text);
      continue;
    }
    if (answersTheAssistant || onlyDetails(text)) continue;
    asked.push(text);
  }
  return asked;
}
