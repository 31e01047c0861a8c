import { z } from 'zod';
import { emailField, requiredText } from '../fields';
import { messages } from '../messages';
import { ALL_PERMISSIONS } from '../permissions';

/**
 * Members (business users) and invitations: businesses/users/{business_id}/... The
 * permissions sent must be known strings; an unknown one is refused (422), never stored.
 */
export const UNKNOWN_PERMISSION = (value: string) => `"${value}" is not a permission.`;

export const permissionsField = z
  .array(z.string().trim(), { error: 'Permissions must be a list of permission names.' })
  .max(50)
  .superRefine((values, ctx) => {
    for (const value of values) {
      if (!(ALL_PERMISSIONS as readonly string[]).includes(value))
        ctx.addIssue({ code: 'custom', message: UNKNOWN_PERMISSION(value) });
    }
  })
  .transform((values) => [...new Set(values)]);

export const memberInviteSchema = z.object({
  email: emailField({ required: messages.user.emailRequired, invalid: messages.user.emailInvalid }),
  permissions: permissionsField.optional().transform((values) => values ?? []),
});

export const memberEditSchema = z.object({ permissions: permissionsField });

export const makeAdminSchema = z.object({ user_id: requiredText(messages.required) });

export const acceptInvitationSchema = z.object({ token: requiredText(messages.required) });

export const memberListSchema = z.object({
  /** Also list removed members (to restore them). */
  include_removed: z.boolean().optional(),
});

export const memberMessages = {
  adminOnly: 'Only an admin can make someone an admin.',
  selfEdit: 'You cannot change your own permissions. Ask an admin.',
  alreadyMember: 'This person is already a member of the business.',
  lastAdmin: 'A business needs at least one admin. Make someone else admin first.',
  invited: 'Invitation sent.',
  wrongEmail: 'This invitation was sent to another email address.',
  invitationNotFound: 'This invitation was not found.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationRevoked: 'This invitation has been withdrawn. Ask for a new one.',
  invitationUsed: 'This invitation has already been used.',
} as const;

/** helpers/support: a support request from the help drawer. */
export const supportRequestSchema = z.object({
  subject: requiredText(messages.required, { length: 200, message: 'Subject must be less than 200 characters.' }),
  message: requiredText(messages.required, { length: 5000, message: 'Message must be less than 5000 characters.' }),
  email: emailField({ required: messages.email.required, invalid: messages.email.invalid }).optional(),
  page: z.string().trim().max(500).optional(),
});
