import { z } from 'zod';
import { emailField } from '#contract/fields';
import { messages } from '#contract/messages';

export * from './team-labels';

/** The invite form: the invitee's email (the spec's User messages) and the permissions to grant. */
export const inviteFormSchema = z.object({
  email: emailField({ required: messages.user.emailRequired, invalid: messages.user.emailInvalid }),
  permissions: z.array(z.string()).optional().default([]),
});
