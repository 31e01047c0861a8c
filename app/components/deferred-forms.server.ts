import { SupportForm } from '#app/components/support-form';

/**
 * The forms pages load after hydration (`deferred`, app/components/deferred.tsx), by name: the
 * server renders them from these static imports, which the browser's build never sees.
 */
export const eagerForms = {
  'support-form': SupportForm,
};
