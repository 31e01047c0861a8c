import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ApiMemory } from '#contract/envelope';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { memories } from '#api/db/schema';
import { loadBusinessProfile, type BusinessProfile } from './business-profile';
import { searchKnowledge } from '#api/services/knowledge';
import { createMemory, serializeMemory } from '../memories/service';
import { candidateQuestions, type TrainingQuestion } from './catalogue';

/**
 * Onboarding step 5: the questions callers ask a business like this one (training-catalogue.ts
 * over business-profile.ts), checked against what the knowledge base and the business's own
 * data already answer. Each unanswered one becomes a 'question' memory, once per business
 * (its catalogue key is kept in meta.training_key, so answering, ignoring or deleting it
 * never brings it back).
 */
export { TRAINING_QUESTIONS, type TrainingQuestion } from './catalogue';

const QUESTION_TYPES = ['question', 'answered_question', 'ignored_question'] as const;

/** Whether the knowledge base (or the business's own data) already answers the question. */
export async function isAnswered(
  db: Db,
  businessId: string,
  question: TrainingQuestion,
  profile: BusinessProfile,
): Promise<boolean> {
  if (question.answeredBy?.(profile)) return true;
  if (question.answeredIn) {
    const hits = await searchKnowledge(db, businessId, question.probes[0] ?? question.question, { limit: 5 });
    if (hits.some((hit) => question.answeredIn!(`${hit.heading ?? ''} ${hit.text}`))) return true;
  }
  for (const probe of question.probes) {
    // The search ranks passages with ANY of the words (a caller's wording); a fact is only
    // known when one passage holds every word of the probe (stems, roughly: a prefix).
    const words = probe
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word.length > 2);
    const stems = words.map((word) => word.slice(0, Math.max(4, word.length - 3)));
    const hits = await searchKnowledge(db, businessId, probe, { limit: 5 });
    if (hits.some((hit) => stems.every((stem) => `${hit.heading ?? ''} ${hit.text}`.toLowerCase().includes(stem))))
      return true;
  }
  return false;
}

/** The catalogue keys already proposed to this business, whatever became of them since. */
async function proposedKeys(db: Db, businessId: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: sql<string | null>`${memories.meta}->>'training_key'` })
    .from(memories)
    .where(
      and(
        eq(memories.businessId, businessId),
        inArray(memories.type, [...QUESTION_TYPES]),
        isNotNull(sql`${memories.meta}->>'training_key'`),
      ),
    );
  return new Set(rows.map((row) => row.key).filter((key): key is string => Boolean(key)));
}

/** The business's open questions (type 'question', not deleted), oldest first: the to-do list. */
export async function openQuestions(db: Db, businessId: string): Promise<ApiMemory[]> {
  const rows = await db
    .select()
    .from(memories)
    .where(and(eq(memories.businessId, businessId), eq(memories.type, 'question'), isNull(memories.deletedAt)))
    .orderBy(asc(memories.createdAt), asc(memories.id));
  return rows.map((row) => serializeMemory(row));
}

/**
 * Create a 'question' memory for each catalogue question the business has not been asked
 * yet and whose answer is not in its knowledge base. A transaction-scoped advisory lock per
 * business makes two simultaneous calls (two tabs, a double click) propose each question once.
 * Answers: the questions created now, and every open question (the to-do list).
 */
export async function proposeTrainingQuestions(
  deps: Pick<ApiDeps, 'db' | 'clock' | 'broadcaster'>,
  businessId: string,
  options: { actorId?: string | null } = {},
): Promise<{ created: ApiMemory[]; questions: ApiMemory[] }> {
  const created = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`training-questions:${businessId}`}))`);
    const [asked, profile] = await Promise.all([proposedKeys(db, businessId), loadBusinessProfile(db, businessId)]);
    const made: ApiMemory[] = [];
    for (const question of candidateQuestions(profile)) {
      if (asked.has(question.key) || (await isAnswered(db, businessId, question, profile))) continue;
      made.push(
        await createMemory(
          { ...deps, db },
          businessId,
          {
            type: 'question',
            status: 'active',
            title: question.title,
            content: question.question,
            answer: undefined,
            source_url: undefined,
            meta: { training_key: question.key },
          },
          { actorId: options.actorId ?? null },
        ),
      );
    }
    return made;
  });
  return { created, questions: await openQuestions(deps.db, businessId) };
}
