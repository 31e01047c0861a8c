import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memories } from '../../db/schema';
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
      .where(and(eq(memories.businessId, businessId), inArray(memories.type, ['answered_question', 'web_page']), eq(memories.status, 'active'), isNull(memories.deletedAt)))
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
    priced ? `How much does ${priced.name.toLowerCase()} cost?` : null,
    other ? `Do you offer ${other.name.toLowerCase()}?` : null,
    settings.opening_hours ? 'Are you open on Saturday?' : null,
    business.address ? 'Where are you located?' : null,
    ...answered.slice(3),
    ...pages.map((subject) => (subject ? `What can you tell me about ${subject.toLowerCase()}?` : null)),
    business.services.length > 1 ? 'What services do you offer?' : null,
    'How can I contact you?',
  ];
  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const key = candidate.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    suggestions.push(candidate);
    if (suggestions.length >= max) break;
  }
  return suggestions;
}
