import { EMAIL_PATTERN } from '#contract/constants';
import { messages } from '#contract/messages';
import { toE164 } from '#contract/phone';

/**
 * The lead catcher's form: its fields, what a submission must hold and the messages it
 * answers with. The hosted form, the pasted HTML form (setup.ts) and the submission
 * handling (leadcatcher.ts) all read them from here.
 */
export const leadMessages = {
  nameRequired: messages.name.required,
  nameTooLong: messages.name.tooLong,
  contactRequired: 'Leave an email or a phone number so we can reply.',
  emailInvalid: messages.email.invalid,
  emailTooLong: messages.email.tooLong,
  phoneInvalid: messages.phone.invalid,
  messageTooLong: 'Message must be less than 5000 characters.',
  originRefused: 'This site may not send this form.',
  rateLimited: 'Too many submissions. Try again in a minute.',
  notFound: 'This form is not available.',
} as const;

export const LEAD_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type LeadFields = Record<(typeof LEAD_FIELDS)[number], string>;
export const MESSAGE_LIMIT = 5000;

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** What was typed, trimmed (kept as typed, so a refused form comes back with the same values). */
export function leadFields(raw: Record<string, unknown>): LeadFields {
  return {
    name: text(raw.name).trim(),
    email: text(raw.email).trim(),
    phone: text(raw.phone).trim(),
    message: text(raw.message).trim(),
  };
}

export type ValidLead = {
  name: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  message: string;
};

/**
 * The field errors of a submission (empty when valid) and, when valid, the normalised lead.
 * The phone is read as a visitor types it, in the business's country, and kept in E.164.
 */
export function validateLead(
  fields: LeadFields,
  country?: string | null,
): { fieldErrors: Record<string, string[]>; lead: ValidLead | null } {
  const fieldErrors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (fieldErrors[field] ??= []).push(message);
  const name = fields.name.replace(/\s+/g, ' ');
  if (!name) add('name', leadMessages.nameRequired);
  else if (name.length > 100) add('name', leadMessages.nameTooLong);
  const email = fields.email.toLowerCase();
  const typedPhone = fields.phone.trim();
  const phone = typedPhone ? toE164(typedPhone, country) : null;
  if (!email && !typedPhone) {
    add('email', leadMessages.contactRequired);
    add('phone', leadMessages.contactRequired);
  }
  if (email && email.length > 100) add('email', leadMessages.emailTooLong);
  else if (email && !EMAIL_PATTERN.test(email)) add('email', leadMessages.emailInvalid);
  if (typedPhone && !phone) add('phone', leadMessages.phoneInvalid);
  if (fields.message.length > MESSAGE_LIMIT) add('message', leadMessages.messageTooLong);
  if (Object.keys(fieldErrors).length) return { fieldErrors, lead: null };
  const [firstName, ...rest] = name.split(' ');
  return {
    fieldErrors,
    lead: {
      name,
      firstName,
      lastName: rest.join(' ') || null,
      email: email || null,
      phone: phone || null,
      message: fields.message,
    },
  };
}

/** A bot fills every field it sees, including the one people never see. */
export function isHoneypotFilled(raw: Record<string, unknown>): boolean {
  return text(raw.website).trim() !== '';
}

/** An http(s) page address (the page the form was on), else null. */
export function pageUrlOf(value: unknown): string | null {
  const candidate = text(value).trim();
  if (!candidate || candidate.length > 500) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
