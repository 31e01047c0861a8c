import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ApiMemory } from '#contract/envelope';
import type { ApiDeps } from '../deps';
import type { Db } from '../db/client';
import { businesses, memories, services } from '../db/schema';
import { searchKnowledge } from './knowledge';
import { createMemory, serializeMemory } from './memories';

/**
 * Onboarding step 5: the questions callers ask most, checked against what the knowledge
 * base already answers. Each unanswered one becomes a 'question' memory, once per business
 * (its catalogue key is kept in meta.training_key, so answering, ignoring or deleting it
 * never brings it back).
 */
export type TrainingQuestion = {
  key: string;
  title: string;
  question: string;
  /**
   * Short phrasings of the fact: any one whose words all appear in one passage of the
   * knowledge base means the question is already answered. Several catch the different
   * ways a website words the same fact.
   */
  probes: string[];
  /** Business data that answers it without any memory (e.g. services entered on /dashboard/services). */
  answeredBy?: (facts: BusinessFacts) => boolean;
};

export type BusinessFacts = { services: number; pricedServices: number; hasAddress: boolean };

/** Ordered by how often callers ask them, most frequent first. */
export const TRAINING_QUESTIONS: readonly TrainingQuestion[] = [
  {
    key: 'opening_hours',
    title: 'Opening hours',
    question: 'What are your opening hours?',
    probes: ['opening hours', 'opening times', 'business hours', 'open monday', 'open weekdays', 'open saturday', 'closed sunday', 'hours monday'],
  },
  {
    key: 'prices',
    title: 'Prices',
    question: 'How much do you charge?',
    probes: ['price', 'prices', 'pricing', 'cost', 'fee', 'rates', 'charge'],
    answeredBy: (facts) => facts.pricedServices > 0,
  },
  {
    key: 'services_offered',
    title: 'Services offered',
    question: 'What services do you offer?',
    probes: ['our services', 'we offer', 'we provide', 'we specialise', 'we specialize'],
    answeredBy: (facts) => facts.services > 0,
  },
  {
    key: 'booking',
    title: 'Booking',
    question: 'How do I book an appointment?',
    probes: ['book appointment', 'booking', 'make appointment', 'reservation', 'book online', 'schedule visit'],
  },
  {
    key: 'area_served',
    title: 'Area served',
    question: 'Which areas do you cover?',
    probes: ['areas cover', 'area cover', 'service area', 'areas serve', 'area serve', 'coverage area', 'we cover'],
  },
  {
    key: 'location',
    title: 'Location',
    question: 'Where are you located?',
    probes: ['located', 'our address', 'find us', 'directions'],
    answeredBy: (facts) => facts.hasAddress,
  },
  {
    key: 'emergency',
    title: 'Emergency call-outs',
    question: 'Do you do emergency call-outs?',
    probes: ['emergency', 'urgent', '24/7', 'call out'],
  },
  {
    key: 'payment_methods',
    title: 'Payment methods',
    question: 'Which payment methods do you accept?',
    probes: ['payment methods', 'accept payment', 'credit card', 'debit card', 'cash', 'bank transfer', 'pay card'],
  },
  {
    key: 'cancellations',
    title: 'Cancellations',
    question: 'What is your cancellation policy?',
    probes: ['cancellation', 'cancel', 'reschedule'],
  },
  {
    key: 'quotes',
    title: 'Quotes',
    question: 'Do you give free quotes or estimates?',
    probes: ['quote', 'quotes', 'estimate', 'quotation'],
  },
  {
    key: 'availability',
    title: 'Availability',
    question: 'How soon can you come out or fit me in?',
    probes: ['same day', 'next day', 'availability', 'lead time', 'waiting list'],
  },
  {
    key: 'parking',
    title: 'Parking',
    question: 'Is there parking nearby?',
    probes: ['parking', 'car park', 'park car'],
  },
  {
    key: 'guarantee',
    title: 'Guarantee',
    question: 'Do you guarantee your work?',
    probes: ['guarantee', 'warranty', 'guaranteed'],
  },
];

const QUESTION_TYPES = ['question', 'answered_question', 'ignored_question'] as const;

async function businessFacts(db: Db, businessId: string): Promise<BusinessFacts> {
  const [counts] = await db
    .select({
      services: sql<number>`count(*)::int`,
      priced: sql<number>`count(*) filter (where coalesce(trim(${services.price}), '') <> '')::int`,
    })
    .from(services)
    .where(and(eq(services.businessId, businessId), isNull(services.deletedAt), eq(services.status, 'active')));
  const [business] = await db.select({ address: businesses.address }).from(businesses).where(eq(businesses.id, businessId));
  return { services: Number(counts?.services ?? 0), pricedServices: Number(counts?.priced ?? 0), hasAddress: Boolean(business?.address?.trim()) };
}

/** Whether the knowledge base (or the business's own data) already answers the question. */
export async function isAnswered(db: Db, businessId: string, question: TrainingQuestion, facts: BusinessFacts): Promise<boolean> {
  if (question.answeredBy?.(facts)) return true;
  for (const probe of question.probes) {
    // The search ranks passages with ANY of the words (a caller's wording); a fact is only
    // known when one passage holds every word of the probe (stems, roughly: a prefix).
    const words = probe.toLowerCase().split(/\s+/).filter((word) => word.length > 2);
    const stems = words.map((word) => word.slice(0, Math.max(4, word.length - 3)));
    const hits = await searchKnowledge(db, businessId, probe, { limit: 5 });
    if (hits.some((hit) => stems.every((stem) => `${hit.heading ?? ''} ${hit.text}`.toLowerCase().includes(stem)))) return true;
  }
  return false;
}

/** The catalogue keys already proposed to this business, whatever became of them since. */
async function proposedKeys(db: Db, businessId: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: sql<string | null>`${memories.meta}->>'training_key'` })
    .from(memories)
    .where(and(eq(memories.businessId, businessId), inArray(memories.type, [...QUESTION_TYPES]), isNotNull(sql`${memories.meta}->>'training_key'`)));
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
    const [asked, facts] = await Promise.all([proposedKeys(db, businessId), businessFacts(db, businessId)]);
    const made: ApiMemory[] = [];
    for (const question of TRAINING_QUESTIONS) {
      if (asked.has(question.key) || (await isAnswered(db, businessId, question, facts))) continue;
      made.push(
        await createMemory(
          { ...deps, db },
          businessId,
          { type: 'question', status: 'active', title: question.title, content: question.question, answer: undefined, source_url: undefined, meta: { training_key: question.key } },
          { actorId: options.actorId ?? null },
        ),
      );
    }
    return made;
  });
  return { created, questions: await openQuestions(deps.db, businessId) };
}
