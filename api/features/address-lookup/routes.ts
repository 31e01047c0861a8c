import { CLIENT_HEADERS } from '#contract/envelope';
import { hasPermission } from '#contract/permissions';
import type { helpers } from '#contract/v1/helpers';
import { loadMembership } from '#api/lib/membership';
import type { CallHandler } from '#api/lib/v1-call';
import { parseAddress, toFound, type FoundAddress } from '#api/features/address-lookup/lookup';
import { knownAddresses } from '#api/features/customers/records';

/**
 * Suggestions for an address input: addresses already on the selected business's contacts
 * (only for members who may see its contacts), a structured parse of what was typed, and
 * the Nominatim-compatible service when ADDRESS_LOOKUP_URL is set. Repeats are dropped.
 */
export const addressLookup: CallHandler<typeof helpers.addressLookup> = async (c, { body: { address } }) => {
  const { db, addressLookup: directoryLookup } = c.var.deps;
  // Checked against the declared headers before the handler runs.
  const businessId = c.req.header(CLIENT_HEADERS.businessId);
  let known: FoundAddress[] = [];
  if (businessId) {
    // A business the caller is not in answers 404, like every business-scoped call.
    const { membership } = await loadMembership(db, businessId, c.var.auth.user.id);
    if (
      hasPermission(membership.permissions, 'customers/view') ||
      hasPermission(membership.permissions, 'customers/edit')
    ) {
      known = (await knownAddresses(db, businessId, address)).map((found) => toFound(found, 'known'));
    }
  }
  const parsed = parseAddress(address);
  const directory = directoryLookup ? await directoryLookup.search(address) : [];
  const seen = new Set<string>();
  const addresses_found = [
    ...known,
    ...(Object.keys(parsed).length ? [toFound(parsed, 'parsed')] : []),
    ...directory,
  ].filter((found) => {
    const key = found.label.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { data: { addresses_found } };
};
