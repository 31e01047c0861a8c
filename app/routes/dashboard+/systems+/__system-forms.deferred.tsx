import { deferred } from '#app/components/deferred';

/*
 * A system page's forms (the setup steps, the call and message forms, the simulator and the
 * settings), imported by the page from here: they load after the page (app/components/deferred.tsx).
 */
export const SetupSteps = deferred('system-setup-steps', () =>
  import('./__setup-steps').then((module) => module.SetupSteps),
);
export const CallForm = deferred('system-call-form', () =>
  import('./__system-forms').then((module) => module.CallForm),
);
export const MessageForm = deferred('system-message-form', () =>
  import('./__system-forms').then((module) => module.MessageForm),
);
export const Simulator = deferred('system-simulator', () =>
  import('./__system-forms').then((module) => module.Simulator),
);
export const SystemSettingsForm = deferred('system-settings-form', () =>
  import('./__system-forms').then((module) => module.SystemSettingsForm),
);
