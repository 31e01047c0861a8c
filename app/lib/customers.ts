import type { SubmissionResult } from '@conform-to/react';

/** One suggestion of helpers/address-lookup (data.addresses_found). */
export type AddressFound = {
  line_1: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  label: string;
  source: 'known' | 'parsed' | 'directory';
};

export type AddressLookupResult = { addresses: AddressFound[]; error?: string };

/** What the contact form's action answers when it does not redirect. */
export type CustomerFormReply = {
  result: SubmissionResult<string[]>;
  /** Without JavaScript: the address suggestions asked for with a Find button. */
  lookup?: AddressLookupResult & { index: number; query: string };
};

/** "Jane Doe", or the first name alone. */
export function customerName(customer: {
  name?: string | null;
  first_name: string;
  last_name?: string | null;
}): string {
  return customer.name?.trim() || [customer.first_name, customer.last_name].filter(Boolean).join(' ');
}
