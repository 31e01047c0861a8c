import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, isNull, sql, type SQL } from 'drizzle-orm';
import { lookupSchema } from '#contract/schemas/auth';
import { businesses } from '#api/db/schema';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { bearer, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';

const tags = ['Helpers'];

const lookupOut = z.object({
  /**
   * Businesses on this instance with exactly that name (any case and spacing): a staff member
   * should ask them for an invitation. Name and country only: no id, and no listing of other
   * tenants by part of their name.
   */
  businesses: z.array(z.object({ name: z.string(), country: z.string() })),
  /** Public listings from DIRECTORY_URL that can prefill the business form. */
  listings: z.array(
    z.object({
      name: z.string(),
      country: z.string().nullable(),
      telephone: z.string().nullable(),
      address: z.string().nullable(),
    }),
  ),
});

/** A name compared case-insensitively with runs of whitespace as one space (the same rule on both sides). */
const comparableName = (name: string | SQL) => sql`lower(btrim(regexp_replace(${name}, '[[:space:]]+', ' ', 'g')))`;

export const helpersRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/helpers/business-lookup',
      tags,
      summary:
        'Is a business of exactly this name on this instance (name and country only), and public directory listings to prefill the form',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { body: jsonBody(lookupSchema) },
      responses: envelope(lookupOut),
    }),
    async (c) => {
      const { db, directory } = c.var.deps;
      const { business_name } = c.req.valid('json');
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
      return ok(c, { businesses: local, listings });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/helpers/check-version',
      tags,
      summary: 'The latest app version',
      responses: envelope(z.object({ latest_version: z.string() })),
    }),
    (c) => ok(c, { latest_version: c.var.deps.latestVersion ?? c.var.deps.version }),
  );
