import type { DeletedKind } from '#contract/recently-deleted-kinds';
import { recentlyDeleted } from '#contract/v1/recently-deleted';
import { serveCalls, type CallHandler } from '#api/lib/v1-call';
import { listDeleted, listDeletedBusinesses } from '#api/features/recently-deleted/service';

/**
 * The "Recently deleted" listings declared in contract/v1/recently-deleted.ts; each kind's
 * permission (its live list's) is checked from there.
 */
const listKind =
  (kind: DeletedKind): CallHandler<(typeof recentlyDeleted)[DeletedKind]> =>
  async (c, { params, body }) => ({ data: await listDeleted(c.var.deps.db, params.business_id, kind, body) });

export const recentlyDeletedRouter = serveCalls(recentlyDeleted, {
  customers: listKind('customers'),
  notes: listKind('notes'),
  calls: listKind('calls'),
  sms: listKind('sms'),
  forms: listKind('forms'),
  services: listKind('services'),
  memories: listKind('memories'),
  systems: listKind('systems'),
  members: listKind('members'),
  businesses: async (c, { body }) => ({ data: await listDeletedBusinesses(c.var.deps.db, c.var.auth.user.id, body) }),
});
