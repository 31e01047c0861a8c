import { z } from 'zod';
import { CODE_PATTERN } from '../constants';
import { emailField, passwordField, phoneField, requiredText } from '../fields';
import { messages } from '../messages';

/** docs/product.md#entities "login": email, password. */
export const loginSchema = z.object({
  email: emailField({ required: messages.email.required, invalid: messages.email.invalid }),
  password: passwordField,
});

/** Registration and recovery emails are capped at 100 characters (docs/product.md#validation). */
const capped = () =>
  emailField({ required: messages.email.required, invalid: messages.email.invalid, max: messages.email.tooLong });

/** docs/product.md#entities "registration": name, email, password. */
export const registrationSchema = z.object({
  name: requiredText(messages.name.required, { length: 100, message: messages.name.tooLong }),
  email: capped(),
  password: passwordField,
});

export const forgotPasswordSchema = z.object({ email: capped() });

/** A 6-digit code (password reset, mobile and email verification). */
export const codeField = requiredText(messages.required).regex(CODE_PATTERN, { error: messages.code.invalid });

/** docs/product.md#entities "passwordRecovery": email, password, plus the code of the reset step. */
export const resetPasswordSchema = z.object({
  email: capped(),
  code: codeField,
  password: passwordField,
});

export const mobileSubmitSchema = z.object({ mobile: phoneField });

export const mobileVerifySchema = z.object({ mobile: phoneField, code: codeField });

/** docs/product.md#entities "lookup": the search text, sent to helpers/business-lookup as business_name. */
export const lookupSchema = z.object({
  business_name: requiredText(messages.lookup.required, { length: 100, message: messages.lookup.tooLong }),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegistrationInput = z.infer<typeof registrationSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
