import { z } from 'zod';
import {
  forgotPasswordSchema,
  loginSchema,
  mobileSubmitSchema,
  mobileVerifySchema,
  registrationSchema,
  resetPasswordSchema,
} from '../schemas/auth';
import { emailChangeSchema, emailChangeVerifySchema, updateOneSignalSchema, userUpdateSchema } from '../schemas/user';
import { businessListEntryOut } from './businesses';
import { businessParams, defineCall } from './define';

/**
 * A user's own calls: signing up, in and out, the password reset (no sign-in needed), the
 * signed-in account's settings, devices, email change and mobile verification, and the user's
 * businesses (listing them, leaving one).
 */
const tags = ['Account'];
const none = z.object({});

export const userOut = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
    mobile_verified: z.boolean(),
    onesignal_user_id: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'User' });
const userAnswer = z.object({ user: userOut });
const sessionOut = z.object({ token: z.string(), user: userOut });

/** One signed-in device: a live token with the latest client headers seen with it. */
export const deviceOut = z.object({
  _id: z.string(),
  current: z.boolean(),
  mode: z.string().nullable(),
  platform_name: z.string().nullable(),
  platform_type: z.string().nullable(),
  package_version: z.string().nullable(),
  device_name: z.string().nullable(),
  device_model: z.string().nullable(),
  device_platform: z.string().nullable(),
  device_os_version: z.string().nullable(),
  app_version: z.string().nullable(),
  app_build: z.string().nullable(),
  signed_in_at: z.string(),
  last_used_at: z.string(),
});

/** Signing up, in and out. */
export const session = {
  create: defineCall({
    path: 'users/create',
    params: none,
    body: registrationSchema,
    response: sessionOut,
    permission: 'public',
    summary: 'Register (name, email, password); signs the new user in',
    tags,
  }),
  login: defineCall({
    path: 'users/login',
    params: none,
    body: loginSchema,
    response: sessionOut,
    permission: 'public',
    summary: 'Sign in; answers token and user (id, email, mobile)',
    tags,
  }),
  logout: defineCall({
    path: 'users/logout',
    params: none,
    response: none,
    permission: 'signed-in',
    summary: 'Revoke the current token',
    tags,
  }),
};

/** The signed-in account: read, update, delete, and the push-service id. */
export const account = {
  get: defineCall({
    path: 'users/get',
    params: none,
    response: userAnswer,
    permission: 'signed-in',
    summary: 'The signed-in user',
    tags,
  }),
  update: defineCall({
    path: 'users/update',
    params: none,
    body: userUpdateSchema.extend({ current_password: z.string().optional(), password: z.string().optional() }),
    response: userAnswer,
    permission: 'signed-in',
    summary:
      'Update name and mobile; change the password with current_password + password; a new email gets a code first (as users/email-change)',
    tags,
  }),
  delete: defineCall({
    path: 'users/delete',
    params: none,
    response: none,
    permission: 'signed-in',
    summary: 'Delete the account; every token is revoked',
    tags,
  }),
  savePushId: defineCall({
    path: 'user/updateUser',
    params: none,
    body: updateOneSignalSchema,
    response: userAnswer,
    permission: 'signed-in',
    summary: 'Save the push-service id (onesignal_user_id)',
    tags,
  }),
};

/** The password reset: the same answer whether or not the email has an account. */
export const recovery = {
  forgotPassword: defineCall({
    path: 'users/forgot-password',
    params: none,
    body: forgotPasswordSchema,
    response: none,
    permission: 'public',
    summary: 'Email a 6-digit reset code (15 minutes, single use)',
    tags,
  }),
  resetPassword: defineCall({
    path: 'users/verify-password-code',
    params: none,
    body: resetPasswordSchema,
    response: none,
    permission: 'public',
    summary: 'Reset the password with email, code and the new password; signs out everywhere',
    tags,
  }),
};

export const devices = {
  devices: defineCall({
    path: 'users/devices',
    params: none,
    response: z.object({ devices: z.array(deviceOut) }),
    permission: 'signed-in',
    summary: 'The signed-in devices: one per live token with its latest device details, most recently used first',
    tags,
  }),
  revokeDevice: defineCall({
    path: 'users/devices/{device_id}/revoke',
    params: z.object({ device_id: z.string().min(1) }),
    response: none,
    permission: 'signed-in',
    summary: 'Sign one of your devices out (revokes its token); the current one too',
    tags,
  }),
};

/** A new email address takes effect only with the code mailed to it. */
export const emailChange = {
  emailChange: defineCall({
    path: 'users/email-change',
    params: none,
    body: emailChangeSchema,
    response: z.object({ email: z.string() }),
    permission: 'signed-in',
    summary:
      'Mail a 6-digit code (15 minutes, single use) to a new email address; the email changes only with users/email-change-verify',
    tags,
  }),
  emailChangeVerify: defineCall({
    path: 'users/email-change-verify',
    params: none,
    body: emailChangeVerifySchema,
    response: userAnswer,
    permission: 'signed-in',
    summary: 'Make the new email address the account’s with the code sent to it; the old address is told',
    tags,
  }),
};

/** Onboarding's first two steps. */
export const mobile = {
  mobileSubmit: defineCall({
    path: 'users/mobile-submit',
    params: none,
    body: mobileSubmitSchema,
    response: z.object({ mobile: z.string() }),
    permission: 'signed-in',
    summary: 'Text a 6-digit code to the mobile (onboarding step 1)',
    tags,
  }),
  mobileVerify: defineCall({
    path: 'users/mobile-verify',
    params: none,
    body: mobileVerifySchema,
    response: userAnswer,
    permission: 'signed-in',
    summary: 'Verify the mobile with the code (onboarding step 2)',
    tags,
  }),
};

/** The caller's businesses, and leaving one (any member may). */
export const memberships = {
  listBusinesses: defineCall({
    path: 'users/list-businesses',
    params: none,
    response: z.object({ businesses: z.array(businessListEntryOut) }),
    permission: 'signed-in',
    summary: "The caller's businesses, each with the caller's permissions",
    tags,
  }),
  unlinkBusiness: defineCall({
    path: 'users/unlink-business/{business_id}',
    params: businessParams,
    response: none,
    permission: 'member',
    summary:
      'Leave a business (the last admin must hand over first; an owner leaving hands ownership to the longest-standing other admin)',
    tags,
  }),
};

export const users = { ...session, ...account, ...recovery, ...devices, ...emailChange, ...mobile, ...memberships };
