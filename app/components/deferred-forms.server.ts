import { ChatComposer } from '#app/components/assistant/chat-composer';
import { AssistantSettingsForm } from '#app/components/assistant/settings-forms';
import { PushToTalk } from '#app/components/assistant/voice';
import { BusinessDetailsForm } from '#app/components/business-form';
import { HoursForm } from '#app/components/assistant/hours-form';
import { CustomerSelector } from '#app/components/customer-selector';
import { RestoreBanner } from '#app/components/delete-restore';
import { NoteForm } from '#app/components/note-form';
import { SupportForm } from '#app/components/support-form';
import { DeleteConfirm, DeleteLink } from '#app/components/timeline-delete';
import { HelpPanel } from '#app/components/help-panel';
import { NotificationsPanel } from '#app/components/notifications-panel';
import { VersionDialog } from '#app/components/version-dialog';
import { AccountForms } from '#app/routes/dashboard+/__account-forms';
import { ActionForm } from '#app/routes/dashboard+/actions+/__action-form';
import { AppointmentForm } from '#app/routes/dashboard+/appointments+/__appointment-form';
import { ContactActions, ContactDeleteConfirm } from '#app/routes/dashboard+/customers+/__contact-actions';
import { CustomerForm, CustomerFormDialog } from '#app/routes/dashboard+/customers+/__customer-form';
import { ReplyForm } from '#app/routes/dashboard+/inbox+/__reply-form';
import { MemoryForm, MemoryFormDialog, UploadForm } from '#app/routes/dashboard+/memories+/__memory-form';
import { LookupForm } from '#app/routes/dashboard+/onboard+/__lookup-form';
import { MobileSubmitForm, MobileVerifyForm } from '#app/routes/dashboard+/onboard+/__mobile-forms';
import { OrderForm } from '#app/routes/dashboard+/orders+/__order-form';
import { ServiceForm, ServiceFormDialog } from '#app/routes/dashboard+/services+/__service-form';
import { OutgoingWebhookForm } from '#app/routes/dashboard+/settings+/outgoing-webhooks+/__outgoing-webhook-form';
import { NotificationsForm, TimezoneForm } from '#app/routes/dashboard+/settings+/__business-settings-forms';
import { SetupSteps } from '#app/routes/dashboard+/systems+/__setup-steps';
import { CallForm, MessageForm, Simulator, SystemSettingsForm } from '#app/routes/dashboard+/systems+/__system-forms';
import { InviteForm } from '#app/routes/dashboard+/users+/__invite-form';

/**
 * What loads after hydration (`deferred`, app/components/deferred.tsx), by name: the pages'
 * forms and widgets, and the shell's parts (the drawers' panels, hidden until opened, and the
 * version dialog, shown only to an outdated native app). The server renders them from these
 * static imports, which the browser's build never sees.
 */
export const eagerForms = {
  'account-forms': AccountForms,
  'action-form': ActionForm,
  'assistant-settings-form': AssistantSettingsForm,
  'business-details-form': BusinessDetailsForm,
  'appointment-form': AppointmentForm,
  'chat-composer': ChatComposer,
  'contact-actions': ContactActions,
  'contact-delete-confirm': ContactDeleteConfirm,
  'customer-form': CustomerForm,
  'customer-form-dialog': CustomerFormDialog,
  'inbox-reply-form': ReplyForm,
  'lookup-form': LookupForm,
  'invite-form': InviteForm,
  'customer-selector': CustomerSelector,
  'help-panel': HelpPanel,
  'hours-form': HoursForm,
  'memory-form': MemoryForm,
  'memory-form-dialog': MemoryFormDialog,
  'mobile-submit-form': MobileSubmitForm,
  'mobile-verify-form': MobileVerifyForm,
  'note-form': NoteForm,
  'notifications-form': NotificationsForm,
  'notifications-panel': NotificationsPanel,
  'order-form': OrderForm,
  'outgoing-webhook-form': OutgoingWebhookForm,
  'push-to-talk': PushToTalk,
  'restore-banner': RestoreBanner,
  'service-form': ServiceForm,
  'service-form-dialog': ServiceFormDialog,
  'support-form': SupportForm,
  'system-call-form': CallForm,
  'system-message-form': MessageForm,
  'system-settings-form': SystemSettingsForm,
  'system-setup-steps': SetupSteps,
  'system-simulator': Simulator,
  'timezone-form': TimezoneForm,
  'timeline-delete-confirm': DeleteConfirm,
  'timeline-delete-link': DeleteLink,
  'upload-form': UploadForm,
  'version-dialog': VersionDialog,
};
