import { deferred } from '#app/components/deferred';

/**
 * The contact form, imported by the pages from here: it loads after the page (app/components/deferred.tsx),
 * so conform, zod and the contact schema are not in the contacts pages' first load.
 */
export const CustomerForm = deferred('customer-form', () =>
  import('#app/routes/dashboard+/customers+/__customer-form').then((module) => module.CustomerForm),
);
export const CustomerFormDialog = deferred('customer-form-dialog', () =>
  import('#app/routes/dashboard+/customers+/__customer-form').then((module) => module.CustomerFormDialog),
);
