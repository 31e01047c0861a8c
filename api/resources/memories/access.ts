import { permissionRefusal } from '#contract/messages';
import type { Db } from '#api/db/client';
import { requireBusinessPermission } from '#api/lib/membership';

export const MEMORIES_EDIT_REFUSAL = 'You do not have permission to edit memories';

/** Reading needs memories/view (the refusal of docs/product.md#validation), writing memories/edit; admin grants both; outsiders get 404. */
export const canViewMemories = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'memories/view', permissionRefusal('memories'));
export const canEditMemories = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'memories/edit', MEMORIES_EDIT_REFUSAL);
