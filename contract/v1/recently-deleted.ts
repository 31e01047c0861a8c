import { z } from 'zod';
import { DELETED_KIND_INFO, type DeletedKind } from '../recently-deleted-kinds';
import { businessParams, defineCall } from './define';

/**
 * "Recently deleted": each kind's deleted rows (contract/recently-deleted-kinds.ts), newest
 * deletion first, paged from 0, and the caller's deleted businesses. Each listing needs what
 * the kind's live list needs; the rows come back through each kind's restore call.
 */
const tags = ['Recently deleted'];

/** A page of deleted rows, from 0. */
const deletedListBody = z.object({
  page: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(100).default(25),
});
const deletedRow = z
  .object({
    _id: z.string(),
    /** What the live list shows first: a contact's name, a note's text, a call's number… */
    title: z.string(),
    /** A second line (email, type, status), or null. */
    detail: z.string().nullable(),
    deleted_at: z.string(),
  })
  .meta({ id: 'DeletedRow' });
const deletedList = z.object({ deleted: z.array(deletedRow), total: z.number(), page: z.number(), limit: z.number() });

/** One deleted row, whatever its kind: enough to recognise it and restore it. */
export type ApiDeletedRow = z.output<typeof deletedRow>;
export type ApiDeletedList = z.output<typeof deletedList>;

function listDeleted(kind: DeletedKind) {
  const info = DELETED_KIND_INFO[kind];
  return defineCall({
    path: `businesses/${info.path}/{business_id}/list-deleted`,
    params: businessParams,
    body: deletedListBody,
    bodyRequired: false,
    response: deletedList,
    permission: info.view,
    summary: `The deleted ${info.plural}, newest deletion first (${info.view}); restore each with …/restore/{id}`,
    tags,
  });
}

export const recentlyDeleted = {
  customers: listDeleted('customers'),
  notes: listDeleted('notes'),
  calls: listDeleted('calls'),
  sms: listDeleted('sms'),
  forms: listDeleted('forms'),
  services: listDeleted('services'),
  memories: listDeleted('memories'),
  systems: listDeleted('systems'),
  members: listDeleted('members'),
  /** Not a business's call: any signed-in user, who sees only the businesses they were an admin of. */
  businesses: defineCall({
    path: 'users/list-deleted-businesses',
    params: z.object({}),
    body: deletedListBody,
    bodyRequired: false,
    response: deletedList,
    permission: 'signed-in',
    summary:
      "The caller's deleted businesses they may restore (admins only), newest deletion first; restore with businesses/restore/{id}",
    tags,
  }),
} satisfies Record<DeletedKind | 'businesses', unknown>;
