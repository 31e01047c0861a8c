import { deferred } from '#app/components/deferred';

/** The service form, imported by the pages from here: it loads after the page (app/components/deferred.tsx). */
export const ServiceForm = deferred('service-form', () =>
  import('#app/routes/dashboard+/services+/__service-form').then((module) => module.ServiceForm),
);
export const ServiceFormDialog = deferred('service-form-dialog', () =>
  import('#app/routes/dashboard+/services+/__service-form').then((module) => module.ServiceFormDialog),
);
