import { z } from 'zod';
import { EMAIL_PATTERN } from './constants';
import { messages } from './messages';
import { currentPhoneCountry, toE164 } from './phone';
import { isHttpUrl, isPublicWebUrl } from './web-address';

/**
 * Field builders shared by every schema. A missing value (undefined: conform turns an
 * empty input into undefined, a JSON body may leave it out) and an empty or blank value
 * both say the field's "required" message, and only that one (abort: true).
 */
export function requiredText(required: string, max?: { length: number; message: string }) {
  let schema = z.string({ error: required }).trim().min(1, { error: required, abort: true });
  if (max) schema = schema.max(max.length, { error: max.message });
  return schema;
}

export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));
}

export function emailField(opts: { required: string; invalid: string; max?: string }) {
  let schema = z.string({ error: opts.required }).trim().min(1, { error: opts.required, abort: true });
  if (opts.max) schema = schema.max(100, { error: opts.max });
  return schema.regex(EMAIL_PATTERN, { error: opts.invalid }).transform((value) => value.toLowerCase());
}

/**
 * A phone number as typed ("07700 900123", "+44 7700 900123"), turned into E.164. National
 * numbers are read in the country of the current scope (the business's; contract/phone.ts),
 * so every schema with a phone reads them the same way; what cannot be read says the spec's
 * E.164 message.
 */
export const phoneNumber = z.string().transform((value, ctx) => {
  const e164 = toE164(value, currentPhoneCountry());
  if (e164) return e164;
  ctx.issues.push({ code: 'custom', message: messages.phone.invalid, input: value });
  return z.NEVER;
});

export const phoneField = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required, abort: true })
  .pipe(phoneNumber);

export const optionalPhoneField = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : undefined))
  .pipe(phoneNumber.optional());

/** A phone that may be cleared: missing or blank is null. */
export const nullablePhoneField = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(phoneNumber.nullable());

export const passwordField = z
  .string({ error: messages.password.required })
  .min(1, { error: messages.password.required, abort: true })
  .min(8, { error: messages.password.tooShort })
  .max(64, { error: messages.password.tooLong });

export const WEB_URL_INVALID = 'Enter a web address that starts with http:// or https://, such as https://example.com.';
export const WEB_URL_NOT_PUBLIC = 'Enter a public web address: this one points to this computer or a private network.';

/**
 * A stored URL (later a link someone clicks): only an absolute http(s) URL, so
 * `javascript:`, `data:` and the like never reach an href. `publicOnly` also refuses local
 * names and non-public IP literals (contract/web-address.ts), for URLs a visitor's browser
 * is sent to. Blank values are the caller's business (optionalWebUrl, clearableWebUrl).
 */
export function webUrl(opts: { max: number; invalid?: string; publicOnly?: boolean }) {
  const invalid = opts.invalid ?? WEB_URL_INVALID;
  return z
    .string()
    .trim()
    .max(opts.max, { error: `Web address must be less than ${opts.max} characters.` })
    .superRefine((value, ctx) => {
      if (!isHttpUrl(value)) ctx.addIssue({ code: 'custom', message: invalid });
      else if (opts.publicOnly && !isPublicWebUrl(value)) ctx.addIssue({ code: 'custom', message: WEB_URL_NOT_PUBLIC });
    });
}

/** webUrl, or nothing: missing and blank are undefined. */
export function optionalWebUrl(opts: Parameters<typeof webUrl>[0]) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(webUrl(opts).optional());
}

/** webUrl for an update: missing stays undefined (unchanged), null or blank clear it. */
export function clearableWebUrl(opts: Parameters<typeof webUrl>[0]) {
  return z
    .string()
    .trim()
    .nullish()
    .superRefine((value, ctx) => {
      if (!value) return;
      const result = webUrl(opts).safeParse(value);
      if (!result.success)
        for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    });
}
