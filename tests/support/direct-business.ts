import { businesses, users } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { DEFAULT_OPENING_HOURS } from '#contract/schemas/business-settings';
import type { Harness } from './api-harness';

/**
 * An owner and their business (in London, default opening hours) written straight into the
 * database, for tests of the services below the v1 calls. Returns the business's id.
 */
export async function insertBusinessDirectly(
  h: Harness,
  business: { name: string; email: string; telephones: string[]; owner: string },
): Promise<string> {
  const userId = newId();
  const businessId = newId();
  await h.deps.db
    .insert(users)
    .values({ id: userId, name: business.owner, email: `owner-${userId}@example.com`, passwordHash: 'x' });
  await h.deps.db.insert(businesses).values({
    id: businessId,
    name: business.name,
    email: business.email,
    country: 'GB',
    telephones: business.telephones,
    timezone: 'Europe/London',
    settings: { opening_hours: DEFAULT_OPENING_HOURS },
    createdBy: userId,
  });
  return businessId;
}
