import { z } from 'zod';
import { findCountry, isValidTimezone } from '../countries';
import { emailField, optionalText, phoneField, requiredText } from '../fields';
import { messages } from '../messages';

/** Spec section 3 Business (name, email, country, telephones) plus address and timezone. */
export const businessSchema = z.object({
  name: requiredText(messages.business.nameRequired, { length: 100, message: messages.name.tooLong }),
  email: emailField({ required: messages.business.emailRequired, invalid: messages.business.emailInvalid }),
  country: requiredText(messages.business.countryRequired)
    .transform((value) => value.toUpperCase())
    .refine((value) => Boolean(findCountry(value)), { error: messages.country.invalid }),
  // Blank rows of the phone list input are ignored, so an untouched form says
  // "At least one phone number is required." rather than flagging an empty row.
  telephones: z
    .array(z.string({ error: messages.phone.invalid }).nullish(), { error: messages.business.telephonesRequired })
    .transform((list) => list.filter((item): item is string => typeof item === 'string' && item.trim() !== ''))
    .pipe(z.array(phoneField).min(1, { error: messages.business.telephonesRequired })),
  address: optionalText(300),
  /** IANA timezone; when left out it defaults from the country. */
  timezone: optionalText(64).refine((value) => value === undefined || isValidTimezone(value), {
    error: messages.timezone.invalid,
  }),
});

export type BusinessInput = z.infer<typeof businessSchema>;

/** Partial update: every field optional, each validated like on create when present. */
export const businessUpdateSchema = businessSchema.partial().extend({
  // Left out: unchanged; '' or null: cleared (the edit form sends '' for an emptied field).
  address: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
});
