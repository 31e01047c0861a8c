import { z } from 'zod';
import { emailField, optionalPhoneField, passwordField, requiredText } from '../fields';
import { messages } from '../messages';
import { codeField } from './auth';

/** users/update: the account's own fields. Changing the mobile un-verifies it. */
export const userUpdateSchema = z.object({
  name: requiredText(messages.name.required, { length: 100, message: messages.name.tooLong }).optional(),
  email: emailField({ required: messages.user.emailRequired, invalid: messages.user.emailInvalid }).optional(),
  mobile: optionalPhoneField,
});

/** The profile form on account settings: name and email required, mobile optional. */
export const profileFormSchema = z.object({
  name: requiredText(messages.name.required, { length: 100, message: messages.name.tooLong }),
  email: emailField({ required: messages.user.emailRequired, invalid: messages.user.emailInvalid }),
  mobile: optionalPhoneField,
});

/** users/email-change: the new address, which gets a 6-digit code; the email changes only with it. */
export const emailChangeSchema = z.object({
  email: emailField({ required: messages.user.emailRequired, invalid: messages.user.emailInvalid }),
});

/** users/email-change-verify: the new address and the code sent to it. */
export const emailChangeVerifySchema = emailChangeSchema.extend({ code: codeField });

export const changePasswordSchema = z.object({
  current_password: requiredText(messages.password.required),
  password: passwordField,
});

export const deleteAccountSchema = z.object({
  confirm: z.literal('on', { error: messages.confirmDelete }),
});

export const updateOneSignalSchema = z.object({
  onesignal_user_id: z.string().trim().min(1, { error: messages.required }).max(200).nullable(),
});
