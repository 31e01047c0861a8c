import { deferred } from '#app/components/deferred';

/** The order form, imported by the pages from here: it loads after the page (app/components/deferred.tsx). */
export const OrderForm = deferred('order-form', () =>
  import('#app/routes/dashboard+/orders+/__order-form').then((module) => module.OrderForm),
);
