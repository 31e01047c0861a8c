import { z } from 'zod';
import { COLLECTION_PAGE_SIZE } from '../constants';
import { CUSTOMER_STATUSES, crmOrderSchema, customerSchema, customerUpdateSchema } from '../schemas/customer';
import { listFiltersSchema, listSearchSchema, statusFilterSchema } from '../schemas/list';
import { businessParams, defineCall, idParams } from './define';

/** Contacts (customers in the API) and the order of their statuses. */
const tags = ['Customers'];
const customerParams = idParams('customer_id');

const addressOut = z.object({
  line_1: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postcode: z.string().optional(),
  country: z.string().optional(),
});

export const customerOut = z
  .object({
    _id: z.string(),
    first_name: z.string(),
    last_name: z.string().nullable(),
    /** Display name: first and last name. */
    name: z.string(),
    status: z.string(),
    emails: z.array(z.string()),
    phones: z.array(z.string()),
    addresses: z.array(addressOut),
    /** Other contacts of the business sharing a phone or an email (merge candidates). */
    duplicates: z.array(z.object({ _id: z.string(), name: z.string(), reason: z.enum(['phone', 'email']) })),
    sms_opt_outs: z
      .array(z.object({ phone: z.string(), at: z.string() }))
      .meta({ description: 'Their numbers that texted STOP: no SMS is sent to them until they text START' }),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'Customer' });

/** Customers come in pages of 500 (docs/product.md#limits), searchable and filterable by status. */
export const customerListBody = listFiltersSchema.extend({
  limit: z.coerce.number().int().min(1).max(COLLECTION_PAGE_SIZE).default(COLLECTION_PAGE_SIZE),
  search: listSearchSchema,
  status: statusFilterSchema(CUSTOMER_STATUSES),
});

/** A contact picker's options: the newest-updated contacts (or those matching `search`), 100 unless asked. */
export const customerOptionsBody = z.object({
  limit: z.coerce.number().int().min(1).max(COLLECTION_PAGE_SIZE).default(100),
  search: listSearchSchema,
});
export const customerOptionOut = z.object({ _id: z.string(), name: z.string() }).meta({ id: 'CustomerOption' });

/** The API answers last_name null when there is none, so a client may send that back. */
const lastName = z.string().trim().max(100).nullish();
export const customerCreateBody = customerSchema.extend({ last_name: lastName });
/** Partial: only what is sent changes. last_name null or '' clears it; a list replaces the old one. */
export const customerUpdateBody = customerUpdateSchema.extend({ last_name: lastName });
export const mergeBody = z.object({
  merge_id: z
    .string({ error: 'Choose the contact to merge.' })
    .trim()
    .min(1, { error: 'Choose the contact to merge.' }),
});

const customerData = z.object({ customer: customerOut });
const crmOrderData = z.object({ crm_order: z.array(z.string()) });

export const customers = {
  list: defineCall({
    path: 'businesses/customers/{business_id}/list',
    params: businessParams,
    body: customerListBody,
    bodyRequired: false,
    response: z.object({ customers: z.array(customerOut), total: z.number(), page: z.number(), limit: z.number() }),
    permission: 'customers/view',
    summary: 'List contacts: paged (limit 500), sorted by updated_at, searchable, filterable by status and created_at',
    tags,
  }),
  options: defineCall({
    path: 'businesses/customers/{business_id}/options',
    params: businessParams,
    body: customerOptionsBody,
    bodyRequired: false,
    response: z.object({ customers: z.array(customerOptionOut) }),
    permission: 'customers/view',
    summary:
      'Contact names for a picker: id and display name of the newest-updated contacts (limit 500, default 100), searchable like list; no total, duplicates or opt-outs',
    tags,
  }),
  get: defineCall({
    path: 'businesses/customers/{business_id}/get/{customer_id}',
    params: customerParams,
    response: customerData,
    permission: 'customers/view',
    summary: 'One contact',
    tags,
  }),
  create: defineCall({
    path: 'businesses/customers/{business_id}/create',
    params: businessParams,
    body: customerCreateBody,
    response: customerData,
    permission: 'customers/edit',
    summary: 'Create a contact',
    tags,
  }),
  update: defineCall({
    path: 'businesses/customers/{business_id}/update/{customer_id}',
    params: customerParams,
    body: customerUpdateBody,
    response: customerData,
    permission: 'customers/edit',
    summary: 'Update a contact (only the fields sent)',
    tags,
  }),
  delete: defineCall({
    path: 'businesses/customers/{business_id}/delete/{customer_id}',
    params: customerParams,
    response: customerData,
    permission: 'customers/edit',
    summary: 'Delete a contact (soft; restore brings it back)',
    tags,
  }),
  restore: defineCall({
    path: 'businesses/customers/{business_id}/restore/{customer_id}',
    params: customerParams,
    response: customerData,
    permission: 'customers/edit',
    summary: 'Restore a deleted contact',
    tags,
  }),
  merge: defineCall({
    path: 'businesses/customers/{business_id}/merge/{customer_id}',
    params: customerParams,
    body: mergeBody,
    response: z.object({
      customer: customerOut,
      merged: customerOut,
      moved: z.object({ timeline_items: z.number(), notifications: z.number() }),
    }),
    permission: 'customers/edit',
    summary: 'Merge the contact merge_id into this one, keeping all of its timeline',
    tags,
  }),
};

/** The order a business shows its customer statuses in (the board's columns). */
export const crmOrder = {
  get: defineCall({
    path: 'businesses/crm-order/{business_id}/get',
    params: businessParams,
    response: crmOrderData,
    permission: 'member',
    summary: 'The order of customer statuses (any member)',
    tags,
  }),
  set: defineCall({
    path: 'businesses/crm-order/{business_id}/set',
    params: businessParams,
    body: crmOrderSchema,
    response: crmOrderData,
    permission: 'customers/edit',
    summary: 'Set the order of customer statuses (customers/edit)',
    tags,
  }),
  clear: defineCall({
    path: 'businesses/crm-order/{business_id}/clear',
    params: businessParams,
    response: crmOrderData,
    permission: 'customers/edit',
    summary: 'Back to the default order of customer statuses (customers/edit)',
    tags,
  }),
};
