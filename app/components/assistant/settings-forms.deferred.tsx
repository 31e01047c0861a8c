import { deferred } from '../deferred';

/** The assistant's settings form, imported by its page from here: it loads after the page (app/components/deferred.tsx). */
export const AssistantSettingsForm = deferred('assistant-settings-form', () =>
  import('./settings-forms').then((module) => module.AssistantSettingsForm),
);
