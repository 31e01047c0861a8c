import { z } from 'zod';
import { EMAIL_PATTERN, E164_PATTERN } from './constants';
import { messages } from './messages';

/**
 * Field builders shared by every schema. A missing value (undefined: conform turns an
 * empty input into undefined, a JSON body may leave it out) and an empty or blank value
 * both say the field's "required" message, and only that one (abort: true).
 */
export function requiredText(required: string, max?: { length: number; message: string }) {
  let schema = z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true });
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

export const phoneField = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required, abort: true })
  .regex(E164_PATTERN, { error: messages.phone.invalid });

export const optionalPhoneField = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : undefined))
  .pipe(z.string().regex(E164_PATTERN, { error: messages.phone.invalid }).optional());

export const passwordField = z
  .string({ error: messages.password.required })
  .min(1, { error: messages.password.required, abort: true })
  .min(8, { error: messages.password.tooShort })
  .max(64, { error: messages.password.tooLong });
