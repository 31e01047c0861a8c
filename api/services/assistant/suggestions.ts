import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#api/db/client';
import { memories } from '#api/db/schema';
import { loadBusinessContext } from './context';

/**
 * Questions to try the assistant with (onboarding step 6, the chat's empty state), drawn
 * from what it knows: answered questions first (the owner's own words), then services,
 * opening hours, the address and page titles. Each one is something it can answer.
 */
export const SUGGESTIONS_MAX = 6;

/** "About us | Bright Cleaners" → "About us": the part of a page title that names the page. */
function pageSubject(title: string): string | null {
  const subject = title.split(/\s[|–—-]\s/)[0]?.trim() ?? '';
  if (subject.length < 3 || subject.length > 40 || /^(home|index|welcome)$/i.test(subject)) return null;
  return subject;
}

/**
 * A name as a caller says it inside a question: a sentence-case name loses its capital
 * ("Carpet cleaning" → "carpet cleaning"), but names keep their case: the business's own
 * words, brands and acronyms, and any name with a capital past its first word
 * ("Gas Safe certificates", "MOT testing", "Worcester Bosch boilers").
 */
export function spokenName(name: string, businessName: string): string {
  const words = name.trim().split(/\s+/);
  const ownWords = new Set(businessName.toLowerCase().split(/\s+/));
  const plainFirst = /^[A-Z][a-z'’]*$/.test(words[0] ?? '') && !ownWords.has(words[0].toLowerCase());
  if (!plainFirst || words.slice(1).some((word) => /[A-Z]/.test(word))) return words.join(' ');
  return [words[0].toLowerCase(), ...words.slice(1)].join(' ');
}

/** Page subjects that are the business itself ("About us", "Who we are"). */
const ABOUT_THE_BUSINESS = /^(about|about us|about me|who we are|our story|meet us)$/i;

/**
 * The question a page title suggests: "About us" and the business's own name ask about the
 * business by its name, "About our team" asks about "your team", contact, services and
 * prices pages ask the plain question; anything else "What can you tell me about …?".
 */
export function pageQuestion(subject: string, businessName: string): string {
  const plain = subject.replace(/[.:!?]+$/, '').trim();
  const lower = plain.toLowerCase();
  const business = businessName.trim();
  if (ABOUT_THE_BUSINESS.test(plain) || lower === business.toLowerCase() || lower === `about ${business.toLowerCase()}`)
    return `What can you tell me about ${business}?`;
  const topic = plain.replace(/^about\s+/i, '');
  if (/^contact( us| me)?$/i.test(topic)) return 'How can I contact you?';
  if (/^(our |my )?services$/i.test(topic)) return 'What services do you offer?';
  if (/^(our |my )?(prices|pricing|price list|rates)$/i.test(topic)) return 'What are your prices?';
  const ours = topic.match(/^(our|my)\s+(.+)$/i);
  return `What can you tell me about ${ours ? `your ${spokenName(ours[2], business)}` : spokenName(topic, business)}?`;
}

/** A word said twice in a row ("about about us") is said once. */
const withoutDoubledWords = (text: string) => text.replace(/\b(\w+)(?:\s+\1\b)+/gi, '$1');

const asQuestion = (text: string) => {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return trimmed.length <= 120 ? trimmed : null;
};

export async function conversationSuggestions(db: Db, businessId: string, max = SUGGESTIONS_MAX): Promise<string[]> {
  const [business, known] = await Promise.all([
    loadBusinessContext(db, businessId),
    db
      .select({ type: memories.type, title: memories.title, content: memories.content })
      .from(memories)
      .where(
        and(
          eq(memories.businessId, businessId),
          inArray(memories.type, ['answered_question', 'web_page']),
          eq(memories.status, 'active'),
          isNull(memories.deletedAt),
        ),
      )
      .orderBy(desc(memories.updatedAt))
      .limit(50),
  ]);
  const answered = known.filter((row) => row.type === 'answered_question').map((row) => asQuestion(row.content));
  const pages = known.filter((row) => row.type === 'web_page' && row.title).map((row) => pageSubject(row.title!));
  const settings = business.settings;
  const priced = business.services.find((service) => service.price);
  const other = business.services.find((service) => service !== priced);

  const candidates = [
    ...answered.slice(0, 3),
    settings.opening_hours ? 'What are your opening hours?' : null,
    priced ? `How much does ${spokenName(priced.name, business.name)} cost?` : null,
    other ? `Do you offer ${spokenName(other.name, business.name)}?` : null,
    settings.opening_hours ? 'Are you open on Saturday?' : null,
    business.address ? 'Where are you located?' : null,
    ...answered.slice(3),
    ...pages.map((subject) => (subject ? pageQuestion(subject, business.name) : null)),
    business.services.length > 1 ? 'What services do you offer?' : null,
    'How can I contact you?',
  ];
  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const written of candidates) {
    if (!written) continue;
    const candidate = withoutDoubledWords(written);
    const key = candidate.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    suggestions.push(candidate);
    if (suggestions.length >= max) break;
  }
  return suggestions;
}
