import { permissionRefusal } from '#contract/messages';
import { systemMessages } from '#contract/schemas/system';
import type { Db } from '#api/db/client';
import { requireBusinessPermission } from '#api/lib/membership';

/** Reading needs systems/view (the refusal of docs/product.md#validation), writing systems/edit; admin grants both; outsiders get 404. */
export const canViewSystems = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'systems/view', permissionRefusal('systems'));
export const canEditSystems = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'systems/edit', systemMessages.editRefusal);
