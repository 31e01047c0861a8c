import { z } from 'zod';
import { findCountry, isValidTimezone } from '../countries';
import { emailField, optionalText, requiredText } from '../fields';
import { messages } from '../messages';
import { currentPhoneCountry, toE164 } from '../phone';

/** docs/product.md#entities Business (name, email, country, telephones) plus address and timezone. */
const businessFields = z.object({
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
    .pipe(z.array(z.string().trim()).min(1, { error: messages.business.telephonesRequired })),
  address: optionalText(300),
  /** IANA timezone; when left out it defaults from the country. */
  timezone: optionalText(64).refine((value) => value === undefined || isValidTimezone(value), {
    error: messages.timezone.invalid,
  }),
});

/**
 * The business's telephones are read in the country of the same form (a business being created
 * has no other), else the business's own (the current scope), and stored in E.164.
 */
type TypedBusiness = { country?: string; telephones?: string[] } | null | undefined;

// Null-safe: the OpenAPI generator runs these on an empty value.
function telephonesInCountry(business: TypedBusiness) {
  const country = business?.country ?? currentPhoneCountry();
  const typed = business?.telephones;
  return Array.isArray(typed) ? typed.map((value) => ({ typed: value, e164: toE164(value, country) })) : [];
}

const readTelephones = <T extends TypedBusiness>(business: T): T =>
  business && Array.isArray(business.telephones)
    ? { ...business, telephones: telephonesInCountry(business).map(({ typed, e164 }) => e164 ?? typed) }
    : business;

const checkTelephones = (business: TypedBusiness, ctx: z.RefinementCtx) =>
  telephonesInCountry(business).forEach(({ e164 }, i) => {
    if (!e164) ctx.addIssue({ code: 'custom', message: messages.phone.invalid, path: ['telephones', i] });
  });

// A missing country or name must not hide the phones' own errors: all are shown at once.
const everyTime = () => true;

export const businessSchema = businessFields
  .superRefine(checkTelephones, { when: everyTime })
  .overwrite(readTelephones);

export type BusinessInput = z.infer<typeof businessSchema>;

/** Partial update: every field optional, each validated like on create when present. */
export const businessUpdateSchema = businessFields
  .partial()
  .extend({
    // Left out: unchanged; '' or null: cleared (the edit form sends '' for an emptied field).
    address: z
      .string()
      .trim()
      .max(300)
      .nullish()
      .transform((value) => (value === undefined ? undefined : value || null)),
  })
  .superRefine(checkTelephones, { when: everyTime })
  .overwrite(readTelephones);
