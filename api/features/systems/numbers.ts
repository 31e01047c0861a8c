import { and, asc, eq, isNull } from 'drizzle-orm';
import { systemMessages } from '#contract/schemas/system';
import type { ApiAvailableNumber } from '#contract/v1/systems';
import type { ApiDeps } from '#api/deps';
import { systems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { isUniqueViolation } from '#api/lib/db-errors';
import { ApiError, invalid } from '#api/lib/errors';
import { TelephonyError } from '#api/services/telephony/provider';
import { statusFor } from './setup';
import { publishSystem, recordSystemEvent, webhookUrls, type SystemRow } from './store';
import { changeSystem, requireSystem } from './system-changes';

/**
 * A system's phone number from the provider: buying one for a system (setup step 'number'
 * or businesses/purchase-number) and searching the numbers on offer. A number another live
 * system holds is refused with numberTaken.
 */
const numberTaken = () => invalid({ phone_number: [systemMessages.numberTaken] });

async function numberHeldElsewhere(deps: Pick<ApiDeps, 'db'>, phone: string, exceptId?: string) {
  const [row] = await deps.db
    .select({ id: systems.id })
    .from(systems)
    .where(and(eq(systems.phoneNumber, phone), isNull(systems.deletedAt)))
    .limit(1);
  return Boolean(row && row.id !== exceptId);
}

/** A provider failure said plainly: a number gone is the caller's 422, anything else our 502. */
function telephonyFailure(error: TelephonyError): ApiError {
  if (error.code === 'number_unavailable') return numberTaken();
  return new ApiError(502, [error.message]);
}

/**
 * Buy `phone` from the provider for an existing telephony or mobile system (setup step
 * 'number', or purchase-number with system_id). The provider points the number's webhooks at
 * this system; a number another live system holds is 422 numberTaken (and released again if
 * the provider had already sold it to us).
 */
export async function buyNumberFor(
  deps: ApiDeps,
  system: SystemRow,
  phone: string,
  userId: string,
): Promise<SystemRow> {
  if (system.name === 'leadcatcher') throw invalid({ phone_number: [systemMessages.notAPhoneSystem] });
  if (system.phoneNumber) throw invalid({ phone_number: [systemMessages.alreadyHasNumber] });
  if (await numberHeldElsewhere(deps, phone, system.id)) throw numberTaken();
  const provider = deps.telephony;
  let purchased;
  try {
    purchased = await provider.purchaseNumber(phone, webhookUrls(deps, system.id));
  } catch (error) {
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'number.purchased',
      outcome: 'failed',
      error: error instanceof Error ? error.message : String(error),
      details: { phone_number: phone, provider: provider.name },
    });
    if (error instanceof TelephonyError) throw telephonyFailure(error);
    throw error;
  }
  try {
    const row = await changeSystem(deps, system.id, {
      phoneNumber: purchased.phoneNumber,
      provider: provider.name,
      providerRef: purchased.providerRef,
    });
    await recordNumberPurchased(deps, row, purchased, userId);
    await publishSystem(deps, 'Updated', row);
    return row;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await provider.releaseNumber(purchased.providerRef).catch(() => undefined);
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'number.purchased',
      outcome: 'failed',
      error: systemMessages.numberTaken,
      details: { phone_number: phone, provider: provider.name },
    });
    throw numberTaken();
  }
}

/**
 * businesses/purchase-number: for the system named (telephony or mobile), else the oldest
 * telephony system still without a number, else a new telephony system, which is only
 * created once the provider sold the number (a refused purchase leaves nothing behind).
 */
export async function purchaseNumber(
  deps: ApiDeps,
  businessId: string,
  userId: string,
  input: { phone_number: string; system_id?: string },
): Promise<{ row: SystemRow; created: boolean }> {
  if (input.system_id) {
    const system = await requireSystem(deps, businessId, input.system_id);
    return { row: await buyNumberFor(deps, system, input.phone_number, userId), created: false };
  }
  const [waiting] = await deps.db
    .select()
    .from(systems)
    .where(
      and(
        eq(systems.businessId, businessId),
        eq(systems.name, 'telephony'),
        isNull(systems.phoneNumber),
        isNull(systems.deletedAt),
      ),
    )
    .orderBy(asc(systems.createdAt), asc(systems.id))
    .limit(1);
  if (waiting) return { row: await buyNumberFor(deps, waiting, input.phone_number, userId), created: false };

  if (await numberHeldElsewhere(deps, input.phone_number)) throw numberTaken();
  const provider = deps.telephony;
  const id = newId();
  let purchased;
  try {
    purchased = await provider.purchaseNumber(input.phone_number, webhookUrls(deps, id));
  } catch (error) {
    if (error instanceof TelephonyError) throw telephonyFailure(error);
    throw error;
  }
  const now = deps.clock.now();
  const draft: SystemRow = {
    id,
    businessId,
    name: 'telephony',
    status: 'requires_setup',
    phoneNumber: purchased.phoneNumber,
    provider: provider.name,
    providerRef: purchased.providerRef,
    settings: {},
    setup: {},
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  let row: SystemRow;
  try {
    [row] = await deps.db
      .insert(systems)
      .values({ ...draft, status: statusFor(deps, draft) })
      .returning();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await provider.releaseNumber(purchased.providerRef).catch(() => undefined);
    throw numberTaken();
  }
  await recordSystemEvent(deps, row, {
    kind: 'action',
    name: 'system.created',
    outcome: 'ok',
    details: { name: row.name, by: userId },
  });
  await recordNumberPurchased(deps, row, purchased, userId);
  await publishSystem(deps, 'Created', row);
  return { row, created: true };
}

/** The system's activity line for a number bought from its provider. */
function recordNumberPurchased(
  deps: ApiDeps,
  row: SystemRow,
  purchased: { phoneNumber: string; providerRef: string },
  userId: string,
) {
  return recordSystemEvent(deps, row, {
    kind: 'action',
    name: 'number.purchased',
    outcome: 'ok',
    details: {
      phone_number: purchased.phoneNumber,
      provider: deps.telephony.name,
      provider_ref: purchased.providerRef,
      by: userId,
    },
  });
}

/** list-available-numbers: the provider's numbers in a country (the business's by default). */
export async function searchNumbers(
  deps: ApiDeps,
  system: SystemRow,
  search: { country: string; area_code?: string; contains?: string },
): Promise<ApiAvailableNumber[]> {
  if (system.name === 'leadcatcher') throw new ApiError(422, [systemMessages.notAPhoneSystem]);
  try {
    return await deps.telephony.searchNumbers({
      country: search.country,
      areaCode: search.area_code,
      contains: search.contains,
    });
  } catch (error) {
    if (error instanceof TelephonyError) throw new ApiError(502, [error.message]);
    throw error;
  }
}
