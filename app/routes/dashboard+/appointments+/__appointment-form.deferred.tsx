import { deferred } from '#app/components/deferred';

/** The appointment form, imported by the pages from here: it loads after the page (app/components/deferred.tsx). */
export const AppointmentForm = deferred('appointment-form', () =>
  import('#app/routes/dashboard+/appointments+/__appointment-form').then((module) => module.AppointmentForm),
);
