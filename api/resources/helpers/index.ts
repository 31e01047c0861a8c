import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, ilike, isNull } from 'drizzle-orm';
import { lookupSchema } from '#contract/schemas/auth';
import { businesses } from '../../db/schema';
import { requireAuth } from '../../lib/auth';
import { createRouter } from '../../lib/context';
import { bearer, envelope, jsonBody } from '../../lib/openapi';
import { ok } from '../../lib/respond';

const tags = ['Helpers'];

const lookupOut = z.object({
  /** Businesses already on this instance: a staff member should ask them for an invite. */
  businesses: z.array(z.object({ _id: z.string(), name: z.string(), country: z.string() })),
  /** Public listings from DIRECTORY_URL that can prefill the business form. */
  listings: z.array(z.object({ name: z.string(), country: z.string().nullable(), telephone: z.string().nullable(), address: z.string().nullable() })),
});

/** Escape LIKE wildcards so a search for "50%" means the text 50%. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export const helpersRouter = createRouter()
  .openapi(
    createRoute({ method: 'post', path: '/helpers/business-lookup', tags, summary: 'Find a business by name on this instance and in the public directory', security: bearer, middleware: [requireAuth] as const, request: { body: jsonBody(lookupSchema) }, responses: envelope(lookupOut) }),
    async (c) => {
      const { db, directory } = c.var.deps;
      const { business_name } = c.req.valid('json');
      const [local, listings] = await Promise.all([
        db
          .select({ _id: businesses.id, name: businesses.name, country: businesses.country })
          .from(businesses)
          .where(and(ilike(businesses.name, likePattern(business_name)), isNull(businesses.deletedAt)))
          .orderBy(asc(businesses.name))
          .limit(10),
        directory.search(business_name),
      ]);
      return ok(c, { businesses: local, listings });
    },
  )
  .openapi(
    createRoute({ method: 'post', path: '/helpers/check-version', tags, summary: 'The latest app version', responses: envelope(z.object({ latest_version: z.string() })) }),
    (c) => ok(c, { latest_version: c.var.deps.latestVersion ?? c.var.deps.version }),
  );
