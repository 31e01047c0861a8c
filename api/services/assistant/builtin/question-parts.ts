import type { Answer } from './answer';
import { combine } from './answer';
import { joinStatements } from './naming';
import { questionTerms, sentences } from './text';

/**
 * A message that asks two things ("How much is a wedding cake and how much notice do you
 * need?", "Are you open on Saturday? And do you take cards?") is answered a part at a time,
 * and the answers are joined as one reply. A later part that leans on the first ("…and how
 * long does it take?") carries the first part's subject with it, so it is not answered about
 * something else.
 */
const OPENER = '(?:how|what|when|where|which|who|why|do|does|did|can|could|will|would|is|are|should|have|has)';
const SPLIT = new RegExp(`\\s*(?:[,;]\\s*and|[,;]|\\band)\\s+(?=${OPENER}\\b)|(?<=\\?)\\s+(?=\\S)`, 'i');

const GREETING = /^(hi|hello|hey|hiya|good (morning|afternoon|evening))\b[\s,!.]*/i;

export function questionParts(message: string, extraGeneric: string[] = []): string[] {
  const greeting = message.match(GREETING)?.[0] ?? '';
  const raw = message
    .slice(greeting.length)
    .split(SPLIT)
    .map((part) => part.trim().replace(/^(and|also|plus)\s+/i, ''))
    .filter((part) => /[a-z]/i.test(part));
  // Each part must ask something of its own: "what time do you open and close?" and "my tap drips, how much to fix it?" stay whole.
  const asks = (part: string) => part.split(/\s+/).length >= 3 && (/\?$/.test(part) || new RegExp(`^${OPENER}\\b`, 'i').test(part));
  if (raw.length < 2 || !raw.every(asks)) return [message];
  const first = questionTerms(raw[0], extraGeneric).filter((term) => term.specific);
  return raw.map((part, index) => {
    if (index === 0) return `${greeting}${part}`;
    const own = questionTerms(part, extraGeneric).filter((term) => term.specific);
    const leans = /\b(it|they|them|that|this|those|these)\b/i.test(part) || own.length === 0;
    const carried = first.filter((term) => !own.some((mine) => mine.key === term.key)).map((term) => term.word);
    return leans && carried.length ? `${part.replace(/[?.!]+$/, '')} (${carried.join(' ')})?` : part;
  });
}

/** The answers of the parts as one reply: the same sentence never twice, two short statements joined by "and". */
export function joinParts(answers: Answer[]): Answer {
  const seen = new Set<string>();
  const kept = answers.filter((answer) => {
    const key = answer.text.trim();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const joined = combine(kept);
  if (kept.length === 2 && kept.every((answer) => sentences(answer.text).length === 1) && !kept.some((answer) => answer.escalated)) {
    return { ...joined, text: joinStatements(kept[0].text, kept[1].text) };
  }
  return joined;
}
