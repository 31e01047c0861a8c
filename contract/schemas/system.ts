import { z } from 'zod';
import { nullablePhoneField, phoneField, phoneNumber, webUrl } from '../fields';
import { messages } from '../messages';

/**
 * Systems (docs/product.md#entities): how contacts reach the assistant. The spec names the kinds
 * (name: telephony, leadcatcher, mobile) and the status rule (active, anything else shows
 * as "requires setup"); settings, setup steps and events are ours (docs/systems.md).
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

const optionalE164 = nullablePhoneField;

const template = z
  .string()
  .trim()
  .min(1, { error: systemMessages.templateRequired })
  .max(640, { error: 'Template must be less than 640 characters.' });

const origin = z
  .string()
  .trim()
  .transform((value) => value.replace(/\/+$/, ''))
  .pipe(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, { error: systemMessages.originInvalid }));

const bool = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'on', 'off']).transform((value) => value === 'true' || value === 'on'),
]);

export const phoneSettingsSchema = z.object({
  missed_call_text_back: bool,
  text_back_template: template,
  voicemail_when_closed: bool,
  sms_auto_reply: bool,
  record_calls: bool,
  transfer_number: optionalE164,
});
export const mobileSettingsSchema = phoneSettingsSchema.extend({ mobile_number: optionalE164 });
export const leadcatcherSettingsSchema = z.object({
  form_name: z
    .string()
    .trim()
    .min(1, { error: messages.required })
    .max(100, { error: 'Form name must be less than 100 characters.' }),
  allowed_origins: z
    .union([z.array(z.string()), z.string().transform((value) => value.split(/[\s,]+/))])
    .transform((list) => list.map((value) => value.trim()).filter(Boolean))
    .pipe(z.array(origin).max(20, { error: 'At most 20 sites.' })),
  follow_up: z.enum(FOLLOW_UP_CHANNELS, { error: 'Follow up must be none, sms or email.' }),
  follow_up_template: template,
  // A visitor's browser is sent here: a public http(s) address only.
  redirect_url: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(webUrl({ max: 500, invalid: systemMessages.urlInvalid, publicOnly: true }).nullable()),
  success_message: z.string().trim().min(1, { error: messages.required }).max(300),
});

/** settings/{id}/set: only the keys sent change (partial), validated against the system's kind. */
export const SETTINGS_SCHEMAS = {
  telephony: phoneSettingsSchema.partial(),
  mobile: mobileSettingsSchema.partial(),
  leadcatcher: leadcatcherSettingsSchema.partial(),
} as const;

/** create: name is the kind (spec: name telephony, leadcatcher, mobile). */
export const systemCreateSchema = z.object({
  name: z.enum(SYSTEM_KINDS, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? systemMessages.nameRequired : systemMessages.nameInvalid,
  }),
});

export const numberSearchSchema = z.object({
  country: z
    .string({ error: systemMessages.countryRequired })
    .trim()
    .toUpperCase()
    .pipe(z.string().regex(/^[A-Z]{2}$/, { error: systemMessages.countryRequired })),
  area_code: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, { error: systemMessages.areaCodeInvalid })
        .optional(),
    ),
  contains: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(
      z
        .string()
        .regex(/^\d{1,10}$/, { error: 'Digits only.' })
        .optional(),
    ),
});

export const purchaseNumberSchema = z.object({
  phone_number: z
    .string({ error: systemMessages.numberRequired })
    .trim()
    .min(1, { error: systemMessages.numberRequired, abort: true })
    // As typed, like every phone field: national in the business's country, or spaced.
    .pipe(phoneNumber),
  /** The telephony or mobile system the number is for; left out = a new telephony system. */
  system_id: z.string().trim().max(100).optional(),
});

export const makeCallSchema = z.object({
  to: phoneField,
  /** The business number the call comes from; left out = this system's number. */
  from: optionalE164,
  /** Who is rung first (the staff member); connected to `to` once they answer. */
  agent_number: z
    .string({ error: systemMessages.agentRequired })
    .trim()
    .min(1, { error: systemMessages.agentRequired, abort: true })
    .pipe(phoneNumber),
});

export const sendMessageSchema = z.object({
  to: phoneField,
  from: optionalE164,
  message: z
    .string({ error: systemMessages.messageRequired })
    .trim()
    .min(1, { error: systemMessages.messageRequired, abort: true })
    .max(1600, { error: systemMessages.messageTooLong }),
});

/** setup/{id}/submit: the step and its values (the values may also be sent at the top level). */
export const setupSubmitSchema = z.object({
  step: z.string({ error: systemMessages.stepUnknown }).trim().min(1, { error: systemMessages.stepUnknown }),
  values: z.record(z.string(), z.unknown()).optional(),
});

/** The sandbox simulator: drives the same handlers as the provider's webhooks. */
export const SIMULATION_KINDS = ['call', 'missed_call', 'sms'] as const;
export const simulateSchema = z.object({
  kind: z.enum(SIMULATION_KINDS, { error: 'Choose call, missed_call or sms.' }),
  from: phoneField,
  /** What the caller says, one turn per line (or the SMS text). */
  says: z.string().trim().max(2000, { error: 'At most 2000 characters.' }).optional().default(''),
});

/** simulate-voice: the same simulation with what the caller says spoken (multipart, with `audio` = a WAV); a missed call says nothing. */
export const SPOKEN_SIMULATION_KINDS = ['call', 'sms'] as const;
export const simulateVoiceSchema = z.object({
  kind: z.enum(SPOKEN_SIMULATION_KINDS, { error: 'Choose call or sms.' }),
  from: phoneField,
});

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
