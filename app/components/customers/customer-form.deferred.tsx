import { deferred } from '../deferred';
import * as eager from './customer-form';

/** The contact form and its dialog, loaded after the page (see deferred). */
export const CustomerForm = deferred(import.meta.env.SSR ? eager.CustomerForm : undefined, () =>
  import('./customer-form').then((module) => module.CustomerForm),
);
export const CustomerFormDialog = deferred(import.meta.env.SSR ? eager.CustomerFormDialog : undefined, () =>
  import('./customer-form').then((module) => module.CustomerFormDialog),
);
