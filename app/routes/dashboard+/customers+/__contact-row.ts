import type { ApiCustomer } from '#contract/envelope';

/**
 * What the contacts list and board show of a contact: its name, status, first phone and
 * email, whether it has more, and its possible duplicates. The loader sends only this; the
 * rest of a contact (every number, address, opt-out, date) was most of the page's data and
 * was written into the document for 500 rows to show none of it. The edit dialog reads the
 * whole contact when it opens.
 */
export type ContactRow = Pick<ApiCustomer, '_id' | 'name' | 'status' | 'duplicates'> & {
  phone: string | null;
  email: string | null;
  /** More phones and emails than the first of each. */
  more: boolean;
};

export function contactRow(customer: ApiCustomer): ContactRow {
  return {
    _id: customer._id,
    name: customer.name,
    status: customer.status,
    phone: customer.phones[0] ?? null,
    email: customer.emails[0] ?? null,
    more: customer.phones.length + customer.emails.length > 2,
    duplicates: customer.duplicates,
  };
}
