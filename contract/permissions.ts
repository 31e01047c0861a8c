/**
 * Permissions are strings held per business membership (docs/product.md#permissions); `admin` grants
 * everything. View names are the spec's; writes are `<entity>/edit` (DESIGN.md).
 */
export const VIEW_PERMISSIONS = [
  'business_users/view',
  'services/view',
  'memories/view',
  'systems/view',
  'customers/view',
  'notes/view',
  'calls/view',
  'forms/view',
  'smses/view',
  'actions/view',
  'orders/view',
] as const;

export const EDIT_PERMISSIONS = [
  'business_users/edit',
  'services/edit',
  'memories/edit',
  'systems/edit',
  'customers/edit',
  'notes/edit',
  'calls/edit',
  'forms/edit',
  'smses/edit',
  'actions/edit',
  'orders/edit',
  'businesses/edit',
] as const;

type Entity =
  | 'business_users'
  | 'services'
  | 'memories'
  | 'systems'
  | 'customers'
  | 'notes'
  | 'calls'
  | 'forms'
  | 'smses'
  | 'actions'
  | 'orders'
  | 'businesses';
/** A typo in a permission string fails to compile. */
export type Permission = 'admin' | `${Entity}/${'view' | 'edit'}`;

export const ALL_PERMISSIONS: readonly Permission[] = ['admin', ...VIEW_PERMISSIONS, ...EDIT_PERMISSIONS];

/** What each view permission refuses with (docs/product.md#validation: "You do not have permission to view members"). */
export const PERMISSION_SUBJECT: Record<(typeof VIEW_PERMISSIONS)[number], string> = {
  'business_users/view': 'members',
  'services/view': 'services',
  'memories/view': 'memories',
  'systems/view': 'systems',
  'customers/view': 'customers',
  'notes/view': 'notes',
  'calls/view': 'calls',
  'forms/view': 'forms',
  'smses/view': 'smses',
  'actions/view': 'actions',
  'orders/view': 'orders',
};

export function hasPermission(granted: readonly string[] | undefined, needed: Permission | null | undefined): boolean {
  if (!needed) return true;
  if (!granted) return false;
  return granted.includes('admin') || granted.includes(needed);
}

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/** What a member can be given (admin is granted with make-admin, or by an admin through edit). */
export const ASSIGNABLE_PERMISSIONS: readonly Permission[] = [...VIEW_PERMISSIONS, ...EDIT_PERMISSIONS];

/** Human labels for every permission string (members checklist, invitations). */
export type KnownPermission = 'admin' | (typeof VIEW_PERMISSIONS)[number] | (typeof EDIT_PERMISSIONS)[number];
export const PERMISSION_LABELS: Record<KnownPermission, string> = {
  admin: 'Admin (everything, including members and deleting the business)',
  'business_users/view': 'See the team',
  'business_users/edit': 'Invite, edit and remove team members',
  'services/view': 'See services',
  'services/edit': 'Add and change services',
  'memories/view': "See the assistant's memories",
  'memories/edit': "Add and change the assistant's memories",
  'systems/view': 'See systems',
  'systems/edit': 'Set up systems',
  'customers/view': 'See customers',
  'customers/edit': 'Add and change customers',
  'notes/view': 'See notes and tasks',
  'notes/edit': 'Write notes and tasks',
  'calls/view': 'See calls',
  'calls/edit': 'Delete and restore calls',
  'forms/view': 'See web forms',
  'forms/edit': 'Delete and restore web forms',
  'smses/view': 'See text messages',
  'smses/edit': 'Delete and restore text messages',
  'actions/view': "See the assistant's follow-up actions",
  'actions/edit': 'Set up, pause and change follow-up actions',
  'orders/view': 'See orders',
  'orders/edit': 'Take, confirm and cancel orders',
  'businesses/edit': 'Edit the business and its settings',
};
