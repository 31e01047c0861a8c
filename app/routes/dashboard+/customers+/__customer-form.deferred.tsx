/**
 * The contact form, imported by the pages from here. Not deferred (app/components/deferred.tsx)
 * yet: with JavaScript, a submission made before the lazy chunk hydrates the form is a plain
 * form post, and a realtime revalidation racing it can read the "Contact created." toast
 * cookie before the redirected page does (e2e/contacts.spec.ts, js project).
 */
export { CustomerForm, CustomerFormDialog } from '#app/routes/dashboard+/customers+/__customer-form';
