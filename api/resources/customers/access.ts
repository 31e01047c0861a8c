import { permissionRefusal } from '#contract/messages';
import type { Db } from '#api/db/client';
import { requireBusinessPermission } from '#api/lib/membership';

export const CUSTOMERS_EDIT_REFUSAL = 'You do not have permission to edit customers';

/** Reading needs customers/view, writing customers/edit (admin grants both); outsiders get 404. */
export const canViewCustomers = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'customers/view', permissionRefusal('customers'));
export const canEditCustomers = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'customers/edit', CUSTOMERS_EDIT_REFUSAL);
