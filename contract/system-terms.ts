import { messages } from './messages';

/**
 * Systems (docs/product.md#entities): how contacts reach the assistant. The spec names the kinds
 * (name: telephony, leadcatcher, mobile) and the status rule (active, anything else shows
 * as "requires setup"); settings, setup steps and events are ours (docs/systems.md). Their kinds,
 * labels, defaults and messages, apart from the schemas (contract/schemas/system.ts, which
 * re-exports them) so that the systems and settings pages show them without loading zod.
 */
export const SYSTEM_KINDS = ['telephony', 'leadcatcher', 'mobile'] as const;
export type SystemKind = (typeof SYSTEM_KINDS)[number];
export const SYSTEM_KIND_LABELS: Record<SystemKind, string> = {
  telephony: 'Business phone number',
  leadcatcher: 'Lead catcher (web forms)',
  mobile: 'Mobile forwarding',
};
export const SYSTEM_KIND_DESCRIPTIONS: Record<SystemKind, string> = {
  telephony: 'A business number the assistant answers: calls and text messages.',
  leadcatcher: 'A contact form on your own website; the assistant follows up every lead.',
  mobile: 'Your mobile forwards the calls you cannot take to the assistant.',
};

export const SYSTEM_STATUSES = ['active', 'requires_setup'] as const;
export type SystemStatus = (typeof SYSTEM_STATUSES)[number];
/** docs/product.md#labels: active shows as active, anything else as requires setup. */
export const systemStatusLabel = (status: string) => (status === 'active' ? 'active' : 'requires setup');

export const SYSTEM_PROVIDERS = ['sandbox', 'twilio'] as const;
export type SystemProvider = (typeof SYSTEM_PROVIDERS)[number];

export const FOLLOW_UP_CHANNELS = ['none', 'sms', 'email'] as const;

/** Placeholders a template may use: {first_name}, {name}, {business_name}. */
export const DEFAULT_TEXT_BACK_TEMPLATE =
  "Sorry we missed your call at {business_name}. How can we help? Reply to this message and we'll get back to you.";
export const DEFAULT_FOLLOW_UP_TEMPLATE =
  "Hi {first_name}, thanks for getting in touch with {business_name}. We'll be in touch shortly.";

/** Phone systems (telephony and mobile) share these settings. */
export type PhoneSettings = {
  /** A missed call or voicemail texts the caller back (at most once per caller per hour). */
  missed_call_text_back: boolean;
  text_back_template: string;
  /** Outside opening hours callers are asked to leave a voicemail. */
  voicemail_when_closed: boolean;
  /** The assistant replies to inbound SMS. */
  sms_auto_reply: boolean;
  record_calls: boolean;
  /** Who a caller asking for a person is put through to (E.164); empty = the assistant's escalation phone. */
  transfer_number: string | null;
};
export type TelephonySettings = PhoneSettings;
export type MobileSettings = PhoneSettings & {
  /** The owner's mobile that forwards unanswered calls (E.164). */
  mobile_number: string | null;
};
export type LeadcatcherSettings = {
  form_name: string;
  /** Sites allowed to post the form (https://example.com); empty = any site. */
  allowed_origins: string[];
  follow_up: (typeof FOLLOW_UP_CHANNELS)[number];
  follow_up_template: string;
  /** Where a plain (no JavaScript) form post lands afterwards; empty = our thank-you page. */
  redirect_url: string | null;
  success_message: string;
};
export type SystemSettings = TelephonySettings | MobileSettings | LeadcatcherSettings;

export const DEFAULT_PHONE_SETTINGS: PhoneSettings = {
  missed_call_text_back: true,
  text_back_template: DEFAULT_TEXT_BACK_TEMPLATE,
  voicemail_when_closed: true,
  sms_auto_reply: true,
  record_calls: true,
  transfer_number: null,
};
export const DEFAULT_SETTINGS: {
  telephony: TelephonySettings;
  mobile: MobileSettings;
  leadcatcher: LeadcatcherSettings;
} = {
  telephony: DEFAULT_PHONE_SETTINGS,
  mobile: { ...DEFAULT_PHONE_SETTINGS, mobile_number: null },
  leadcatcher: {
    form_name: 'Contact form',
    allowed_origins: [],
    follow_up: 'none',
    follow_up_template: DEFAULT_FOLLOW_UP_TEMPLATE,
    redirect_url: null,
    success_message: "Thanks! We'll be in touch soon.",
  },
};

export const systemMessages = {
  viewRefusal: 'You do not have permission to view systems',
  editRefusal: 'You do not have permission to edit systems',
  nameRequired: 'System name is required.',
  nameInvalid: 'System name must be telephony, leadcatcher or mobile.',
  created: 'System added.',
  updated: 'System updated.',
  deleted: 'System deleted.',
  restored: 'System restored.',
  settingsSaved: 'Settings saved.',
  stepSaved: 'Step saved.',
  stepUnknown: 'That setup step does not exist.',
  stepNotReady: 'Finish the earlier steps first.',
  numberRequired: 'Choose a phone number.',
  numberTaken: 'That number is no longer available. Choose another one.',
  numberPurchased: (number: string) => `${number} is now your assistant's number.`,
  alreadyHasNumber: 'This system already has a number.',
  notAPhoneSystem: 'Only telephony and mobile systems have a phone number.',
  needsNumber: 'Set up a phone number for this system first.',
  fromNotOurs: "Calls and messages go out from one of the business's own numbers.",
  agentRequired: 'Enter the number to ring first (yours or a colleague’s).',
  messageRequired: 'Message is required.',
  messageTooLong: 'Message must be less than 1600 characters.',
  callPlaced: (to: string) => `Calling ${to}: your phone rings first.`,
  messageSent: (to: string) => `Message sent to ${to}.`,
  countryRequired: messages.business.countryRequired,
  areaCodeInvalid: 'Area code must be digits only.',
  noNumbers: 'No numbers are available there. Try another area code.',
  sandboxOnly: 'The simulator works on sandbox systems only.',
  originInvalid: 'Each allowed site must be a web address such as https://example.com.',
  urlInvalid: 'Enter a web address such as https://example.com/thanks.',
  templateRequired: 'Template is required.',
  testCallStarted: 'Test call placed: let your mobile ring without answering.',
} as const;

/** The sandbox simulator: drives the same handlers as the provider's webhooks. */
export const SIMULATION_KINDS = ['call', 'missed_call', 'sms'] as const;

/** simulate-voice: a missed call says nothing. */
export const SPOKEN_SIMULATION_KINDS = ['call', 'sms'] as const;

/** Mobile forwarding: the GSM codes a phone dials to forward unanswered calls (and to undo them). */
export function forwardingCodes(assistantNumber: string) {
  return [
    { condition: 'no_answer', label: 'When you do not answer', code: `**61*${assistantNumber}#`, cancel: '##61#' },
    { condition: 'busy', label: 'When you are on another call', code: `**67*${assistantNumber}#`, cancel: '##67#' },
    {
      condition: 'unreachable',
      label: 'When your phone is off or out of signal',
      code: `**62*${assistantNumber}#`,
      cancel: '##62#',
    },
  ];
}
