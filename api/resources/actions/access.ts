import { permissionRefusal } from '#contract/messages';
import type { Db } from '#api/db/client';
import { requireBusinessPermission } from '#api/lib/membership';

export const ACTIONS_EDIT_REFUSAL = 'You do not have permission to edit actions';

/** Reading needs actions/view (the refusal of docs/product.md#validation), writing actions/edit; admin grants both; outsiders get 404. */
export const canViewActions = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'actions/view', permissionRefusal('actions'));
export const canEditActions = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'actions/edit', ACTIONS_EDIT_REFUSAL);
