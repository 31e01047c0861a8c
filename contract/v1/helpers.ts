import { z } from 'zod';
import { CLIENT_HEADERS } from '../envelope';
import { lookupSchema } from '../schemas/auth';
import { addressLookupSchema } from '../schemas/customer';
import { supportRequestSchema } from '../schemas/member';
import { defineCall } from './define';

/** Helpers for any signed-in user's forms (address and business lookups, support) and the app's version check. */
const tags = ['Helpers'];
const none = z.object({});

export const foundAddressOut = z
  .object({
    line_1: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().nullable(),
    label: z.string(),
    source: z.enum(['known', 'parsed', 'directory']),
  })
  .meta({ id: 'FoundAddress' });

const businessLookupOut = z.object({
  /**
   * Businesses on this instance with exactly that name (any case and spacing): a staff member
   * should ask them for an invitation. Name and country only: no id, and no listing of other
   * tenants by part of their name.
   */
  businesses: z.array(z.object({ name: z.string(), country: z.string() })),
  /** Public listings from DIRECTORY_URL that can prefill the business form. */
  listings: z.array(
    z.object({
      name: z.string(),
      country: z.string().nullable(),
      telephone: z.string().nullable(),
      address: z.string().nullable(),
    }),
  ),
});

export const helpers = {
  /**
   * Not a business's call: any signed-in user. The selected business (the business-id header) adds
   * its contacts' known addresses for a member who may see its contacts; outside it, 404.
   */
  addressLookup: defineCall({
    path: 'helpers/address-lookup',
    params: none,
    headers: z.object({
      [CLIENT_HEADERS.businessId]: z
        .string()
        .max(100)
        .optional()
        .meta({ description: 'The selected business: its known addresses are suggested too' }),
    }),
    body: addressLookupSchema,
    response: z.object({ addresses_found: z.array(foundAddressOut) }),
    permission: 'signed-in',
    summary: 'Address suggestions: known addresses, a parse of the text, and a directory',
    tags,
  }),
  businessLookup: defineCall({
    path: 'helpers/business-lookup',
    params: none,
    body: lookupSchema,
    response: businessLookupOut,
    permission: 'signed-in',
    summary:
      'Is a business of exactly this name on this instance (name and country only), and public directory listings to prefill the form',
    tags,
  }),
  checkVersion: defineCall({
    path: 'helpers/check-version',
    params: none,
    response: z.object({ latest_version: z.string() }),
    permission: 'public',
    summary: 'The latest app version',
    tags,
  }),
  /** The help drawer's request, emailed to SUPPORT_EMAIL with the sender as the reply address. */
  support: defineCall({
    path: 'helpers/support',
    params: none,
    body: supportRequestSchema,
    response: none,
    permission: 'signed-in',
    summary:
      'Send a support request (subject, message; email to reply to, defaults to the account; page it was sent from)',
    tags,
  }),
};
