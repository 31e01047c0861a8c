import { z } from 'zod';

/**
 * The v1 listing's body. The kinds, their permissions and links live in
 * contract/recently-deleted-kinds.ts, without zod, so list pages can link to their deleted
 * rows without loading it.
 */
export * from '../recently-deleted-kinds';

export const deletedListBodySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
