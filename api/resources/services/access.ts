import { permissionRefusal } from '#contract/messages';
import type { Db } from '#api/db/client';
import { requireBusinessPermission } from '#api/lib/membership';

export const SERVICES_EDIT_REFUSAL = 'You do not have permission to edit services';

/** Reading needs services/view (the refusal of docs/product.md#validation), writing services/edit; admin grants both; outsiders get 404. */
export const canViewServices = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'services/view', permissionRefusal('services'));
export const canEditServices = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'services/edit', SERVICES_EDIT_REFUSAL);
