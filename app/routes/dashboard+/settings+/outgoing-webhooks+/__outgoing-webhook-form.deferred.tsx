import { deferred } from '#app/components/deferred';

/** The endpoint form, imported by the pages from here: it loads after the page (app/components/deferred.tsx). */
export const OutgoingWebhookForm = deferred('outgoing-webhook-form', () =>
  import('#app/routes/dashboard+/settings+/outgoing-webhooks+/__outgoing-webhook-form').then(
    (module) => module.OutgoingWebhookForm,
  ),
);
