import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { productFromMemory } from '#contract/products';
import type { Db } from '#api/db/client';
import { businesses, memories, services } from '#api/db/schema';
import { settingsOf } from '../business-settings/service';
import { APPOINTMENTS, distinctHits, FOOD, VISITS } from '#api/services/business-lexicons';

/**
 * What kind of business this is, read from what it told us: its services, its products and
 * its knowledge (website pages, documents, notes). There is no category field to trust, and
 * owners describe themselves in their own words, so the kind is a set of traits, each known
 * by the words of its trade:
 *
 * - visits: it comes out to people (repairs, installations, call-outs);
 * - appointments: people come to it at a booked time (treatments, cuts, sessions, lessons);
 * - goods: it sells things (it has products, or what it offers is food);
 * - food: what it sells is eaten or drunk.
 *
 * The first three come in two strengths: 'main' is what the business mostly does (half its
 * services or more, or its products outnumber its services), 'some' is a side line (a bakery
 * that runs a baking class, an electrician who sells a few alarms). A business that has told
 * us nothing has no trait, and is asked only what every business is.
 */
export type Strength = 'main' | 'some' | 'none';

export type Offering = { id: string; name: string; priced: boolean };

export type BusinessProfile = {
  services: Offering[];
  products: Offering[];
  hasAddress: boolean;
  hasOpeningHours: boolean;
  traits: { visits: Strength; appointments: Strength; goods: Strength; food: boolean };
};

/**
 * How strongly the services name a way of working: one word in a service's name or
 * description is enough ("Boiler service", "Gel manicure"), the knowledge only counts with
 * two different words, since a website mentions many things in passing. Without services
 * the knowledge decides alone.
 */
function strengthOf(pattern: RegExp, services: string[], knowledge: string, sellsProducts: boolean): Strength {
  const named = services.filter((service) => distinctHits(pattern, service) >= 1).length;
  const known = distinctHits(pattern, knowledge) >= 2;
  if (services.length > 0 && named * 2 >= services.length) return 'main';
  // Without services the knowledge decides, unless the business lists products: then it is a shop first.
  if (services.length === 0 && known && !sellsProducts) return 'main';
  return named > 0 || known ? 'some' : 'none';
}

/** How much of the knowledge is read for the kind: enough for a website's main pages. */
const KNOWLEDGE_MEMORIES = 40;
const KNOWLEDGE_CHARS = 4000;
/** The question memories are what callers asked, not what the business is. */
const NOT_KNOWLEDGE = ['question', 'answered_question', 'ignored_question', 'product'];

export async function loadBusinessProfile(db: Db, businessId: string): Promise<BusinessProfile> {
  const [business] = await db
    .select({ address: businesses.address, settings: businesses.settings, timezone: businesses.timezone })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  const serviceRows = await db
    .select({ id: services.id, name: services.name, description: services.description, price: services.price })
    .from(services)
    .where(and(eq(services.businessId, businessId), isNull(services.deletedAt), eq(services.status, 'active')))
    .orderBy(asc(services.createdAt), asc(services.id));
  const productRows = await db
    .select({ id: memories.id, title: memories.title, content: memories.content, meta: memories.meta })
    .from(memories)
    .where(
      and(
        eq(memories.businessId, businessId),
        eq(memories.type, 'product'),
        eq(memories.status, 'active'),
        isNull(memories.deletedAt),
      ),
    )
    .orderBy(asc(memories.createdAt), asc(memories.id));
  const knowledgeRows = await db
    .select({ title: memories.title, content: memories.content })
    .from(memories)
    .where(
      and(
        eq(memories.businessId, businessId),
        notInArray(memories.type, NOT_KNOWLEDGE),
        inArray(memories.status, ['active']),
        isNull(memories.deletedAt),
      ),
    )
    .orderBy(asc(memories.createdAt))
    .limit(KNOWLEDGE_MEMORIES);

  const products = productRows.map((row) =>
    productFromMemory({ _id: row.id, title: row.title, content: row.content, meta: row.meta }),
  );
  const serviceTexts = serviceRows.map((row) => `${row.name}. ${row.description ?? ''}`);
  const productTexts = products.map((product) => `${product.name}. ${product.description ?? ''}`);
  const knowledge = knowledgeRows
    .map((row) => `${row.title ?? ''}\n${row.content.slice(0, KNOWLEDGE_CHARS)}`)
    .join('\n');

  return {
    services: serviceRows.map((row) => ({ id: row.id, name: row.name.trim(), priced: Boolean(row.price?.trim()) })),
    products: products.map((product) => ({ id: product._id, name: product.name, priced: Boolean(product.price) })),
    hasAddress: Boolean(business?.address?.trim()),
    hasOpeningHours: business ? settingsOf(business).opening_hours !== null : false,
    traits: traitsOf({ services: serviceTexts, products: productTexts, knowledge }),
  };
}

/** The traits from the texts: what it offers (services, products) and what its knowledge says. */
export function traitsOf(text: {
  services: string[];
  products: string[];
  knowledge: string;
}): BusinessProfile['traits'] {
  const sellsProducts = text.products.length > 0;
  const visits = strengthOf(VISITS, text.services, text.knowledge, sellsProducts);
  const appointments = strengthOf(APPOINTMENTS, text.services, text.knowledge, sellsProducts);
  const servicesFirst = visits === 'main' || appointments === 'main';
  // Food is goods even when the owner entered it as services ("Birthday cakes") or only wrote about it.
  const foodServices = text.services.filter((service) => distinctHits(FOOD, service) >= 1).length;
  const foodShop =
    !servicesFirst &&
    ((text.services.length > 0 && foodServices * 2 >= text.services.length) || distinctHits(FOOD, text.knowledge) >= 3);
  const goods: Strength =
    text.products.length > 0
      ? text.products.length >= text.services.length || !servicesFirst
        ? 'main'
        : 'some'
      : foodShop
        ? 'main'
        : 'none';
  const food =
    text.products.length > 0
      ? text.products.some((product) => distinctHits(FOOD, product) >= 1) || distinctHits(FOOD, text.knowledge) >= 2
      : foodShop;
  return { visits, appointments, goods, food };
}
