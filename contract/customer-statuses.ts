/**
 * Customer statuses (the spec leaves the set open): a lead becomes a customer, and a
 * customer who stops buying becomes inactive. The business can reorder them on screen
 * (businesses/crm-order); this is the default order.
 */
export const CUSTOMER_STATUSES = ['lead', 'customer', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = {
  lead: 'Lead',
  customer: 'Customer',
  inactive: 'Inactive',
};
