import { deferred } from './deferred';

/**
 * Narrow a page to one contact (app/components/customer-selector.tsx), imported by the pages from
 * here: the picker's combobox loads after the page (app/components/deferred.tsx). The server
 * renders it in place, so without JavaScript, and before its chunk has arrived, it is the plain
 * GET form with a <select> it always was.
 */
export const CustomerSelector = deferred('customer-selector', () =>
  import('./customer-selector').then((module) => module.CustomerSelector),
);
