import type { Permission } from './permissions';

/**
 * "Recently deleted": every list whose rows are soft-deleted (deleted_at, or removed_at for
 * members) offers its deleted rows back with a restore. One table drives the v1 listing
 * (`businesses/{path}/{business_id}/list-deleted`), the page (/dashboard/recently-deleted/{kind})
 * and the links from each list page, so a new kind is one entry here and one query in
 * api/features/recently-deleted/service.ts.
 *
 * Nothing purges soft-deleted rows: they are kept until they are restored (docs/decisions/030).
 */
export const DELETED_KINDS = [
  'customers',
  'notes',
  'calls',
  'sms',
  'forms',
  'services',
  'memories',
  'systems',
  'members',
] as const;
export type DeletedKind = (typeof DELETED_KINDS)[number];
/** The page also lists the caller's deleted businesses (users/list-deleted-businesses). */
export type DeletedPageKind = DeletedKind | 'businesses';

export type DeletedKindInfo = {
  /** The v1 path segment: businesses/{path}/{business_id}/list-deleted and …/restore/{id}. */
  path: string;
  /** Listing needs what the live list needs (a member who cannot see a list cannot see its deleted rows). */
  view: Permission;
  /** Restoring needs what the restore call needs. */
  edit: Permission;
  /** The page heading and link back: "Recently deleted contacts". */
  plural: string;
  /** The live list the page links back to. */
  listUrl: string;
};

export const DELETED_KIND_INFO: Record<DeletedKind, DeletedKindInfo> = {
  customers: {
    path: 'customers',
    view: 'customers/view',
    edit: 'customers/edit',
    plural: 'contacts',
    listUrl: '/dashboard/customers',
  },
  notes: {
    path: 'notes',
    view: 'notes/view',
    edit: 'notes/edit',
    plural: 'notes and tasks',
    listUrl: '/dashboard/notes',
  },
  calls: { path: 'calls', view: 'calls/view', edit: 'calls/edit', plural: 'calls', listUrl: '/dashboard/calls' },
  sms: { path: 'smses', view: 'smses/view', edit: 'smses/edit', plural: 'SMS', listUrl: '/dashboard/sms' },
  forms: { path: 'forms', view: 'forms/view', edit: 'forms/edit', plural: 'forms', listUrl: '/dashboard/forms' },
  services: {
    path: 'services',
    view: 'services/view',
    edit: 'services/edit',
    plural: 'services',
    listUrl: '/dashboard/services',
  },
  memories: {
    path: 'memories',
    view: 'memories/view',
    edit: 'memories/edit',
    plural: 'memories',
    listUrl: '/dashboard/memories',
  },
  systems: {
    path: 'systems',
    view: 'systems/view',
    edit: 'systems/edit',
    plural: 'systems',
    listUrl: '/dashboard/settings',
  },
  members: {
    path: 'users',
    view: 'business_users/view',
    edit: 'business_users/edit',
    plural: 'members',
    listUrl: '/dashboard/users',
  },
};

export const isDeletedPageKind = (value: string | undefined): value is DeletedPageKind =>
  value === 'businesses' || (DELETED_KINDS as readonly string[]).includes(value ?? '');

/** The link every list page shows. */
export const recentlyDeletedUrl = (kind: DeletedPageKind) => `/dashboard/recently-deleted/${kind}`;
