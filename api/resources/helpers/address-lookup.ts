import { createRoute, z } from '@hono/zod-openapi';
import { CLIENT_HEADERS } from '#contract/envelope';
import { hasPermission } from '#contract/permissions';
import { addressLookupSchema } from '#contract/schemas/customer';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { loadMembership } from '#api/lib/membership';
import { bearer, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { parseAddress, toFound, type FoundAddress } from '#api/services/address-lookup';
import { knownAddresses } from '#api/services/customer-records';

const foundAddress = z
  .object({
    line_1: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().nullable(),
    label: z.string(),
    source: z.enum(['known', 'parsed', 'directory']),
  })
  .openapi('FoundAddress');

const headers = z.object({
  'business-id': z
    .string()
    .max(100)
    .optional()
    .openapi({
      param: { name: CLIENT_HEADERS.businessId, in: 'header' },
      description: 'The selected business: its known addresses are suggested too',
    }),
});

/**
 * Suggestions for an address input: addresses already on the selected business's contacts
 * (only for members who may see its contacts), a structured parse of what was typed, and
 * the Nominatim-compatible service when ADDRESS_LOOKUP_URL is set. Repeats are dropped.
 */
export const addressLookupRouter = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/helpers/address-lookup',
    tags: ['Helpers'],
    summary: 'Address suggestions: known addresses, a parse of the text, and a directory',
    security: bearer,
    middleware: [requireAuth] as const,
    request: { headers, body: jsonBody(addressLookupSchema) },
    responses: envelope(z.object({ addresses_found: z.array(foundAddress) })),
  }),
  async (c) => {
    const { db, addressLookup } = c.var.deps;
    const { address } = c.req.valid('json');
    const businessId = c.req.valid('header')['business-id'];
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
    const directory = addressLookup ? await addressLookup.search(address) : [];
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
    return ok(c, { addresses_found });
  },
);
