import { permissionRefusal } from '#contract/messages';
import type { Db } from '#api/db/client';
import { requireBusinessPermission } from '#api/lib/membership';

export const ORDERS_EDIT_REFUSAL = 'You do not have permission to edit orders';

/** Reading needs orders/view (the refusal of docs/product.md#validation), writing orders/edit; admin grants both; outsiders get 404. */
export const canViewOrders = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'orders/view', permissionRefusal('orders'));
export const canEditOrders = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'orders/edit', ORDERS_EDIT_REFUSAL);
