import type { SubmissionResult } from '@conform-to/react';
import type { ApiAddress, ApiCustomer } from '#contract/envelope';
import type { z } from 'zod';
import type { foundAddressOut } from '#contract/v1/helpers';
import type { PhoneFormat } from './phone-labels';

/** One suggestion of helpers/address-lookup (data.addresses_found). */
export type AddressFound = z.output<typeof foundAddressOut>;

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

export type CustomerDefaults = {
  first_name: string;
  last_name: string;
  status: string;
  emails: string[];
  phones: string[];
  addresses: ApiAddress[];
};

/** The form's starting values: the contact's (numbers as the business reads them), with one empty row in each list to type into. */
export function customerDefaults(phone: PhoneFormat, customer?: ApiCustomer | null, status = 'lead'): CustomerDefaults {
  return {
    first_name: customer?.first_name ?? '',
    last_name: customer?.last_name ?? '',
    status: customer?.status ?? status,
    emails: customer?.emails.length ? customer.emails : [''],
    phones: customer?.phones.length ? customer.phones.map((number) => phone(number)) : [''],
    addresses: customer?.addresses.length ? customer.addresses : [{}],
  };
}
