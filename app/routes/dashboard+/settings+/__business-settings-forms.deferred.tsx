import { deferred } from '#app/components/deferred';

/** The business settings page's timezone and notifications forms, imported by it from here: they load after the page (app/components/deferred.tsx). */
export const TimezoneForm = deferred('timezone-form', () =>
  import('./__business-settings-forms').then((module) => module.TimezoneForm),
);
export const NotificationsForm = deferred('notifications-form', () =>
  import('./__business-settings-forms').then((module) => module.NotificationsForm),
);
