import { and, asc, isNull, sql, type SQL } from 'drizzle-orm';
import { helpers } from '#contract/v1/helpers';
import { businesses } from '#api/db/schema';
import { serveCalls } from '#api/lib/v1-call';
import { addressLookup } from '../address-lookup/routes';
import { support } from '../support/routes';

/** A name compared case-insensitively with runs of whitespace as one space (the same rule on both sides). */
const comparableName = (name: string | SQL) => sql`lower(btrim(regexp_replace(${name}, '[[:space:]]+', ' ', 'g')))`;

export const helpersRouter = serveCalls(helpers, {
  addressLookup,
  businessLookup: async (c, { body: { business_name } }) => {
    const { db, directory } = c.var.deps;
    const [local, listings] = await Promise.all([
      db
        .select({ name: businesses.name, country: businesses.country })
        .from(businesses)
        .where(
          and(
            sql`${comparableName(sql`${businesses.name}`)} = ${comparableName(business_name)}`,
            isNull(businesses.deletedAt),
          ),
        )
        .orderBy(asc(businesses.name))
        .limit(10),
      directory.search(business_name),
    ]);
    return { data: { businesses: local, listings } };
  },
  checkVersion: async (c) => ({ data: { latest_version: c.var.deps.latestVersion ?? c.var.deps.version } }),
  support,
});
