import { emailChange } from '#contract/v1/users';
import { serializeUser } from '#api/lib/serialize';
import { serveCalls } from '#api/lib/v1-call';
import { confirmEmailChange, emailMessages, requestEmailChange } from '#api/features/users/email-change';

/** A new email address takes effect only with the code mailed to it (services/email-change.ts). */
export const emailRouter = serveCalls(emailChange, {
  emailChange: async (c, { body: { email } }) => {
    const message = await requestEmailChange(c.var.deps, c.var.auth.user, email);
    return { data: { email }, messages: [message] };
  },
  emailChangeVerify: async (c, { body }) => {
    const user = await confirmEmailChange(c.var.deps, c.var.auth.user, body);
    return { data: { user: serializeUser(user) }, messages: [emailMessages.changed] };
  },
});
