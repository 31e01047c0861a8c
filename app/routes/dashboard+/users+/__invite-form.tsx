import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { ErrorList, Field, SubmitButton } from '#app/components/forms';
import { Card } from '#app/components/ui/card';
import { inviteFormSchema } from '#app/lib/team';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { PermissionChecklist } from '#app/routes/dashboard+/users+/__team-forms';

/** The invite form of the team page, apart from it so that conform and its schema load after the page (./__invite-form.deferred.tsx). */
export function InviteForm({ available, reply }: { available: string[]; reply?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useSchemaForm('invite', inviteFormSchema, reply);
  const sent = reply?.initialValue?.permissions;
  const checked = Array.isArray(sent) ? sent.map(String) : typeof sent === 'string' ? [sent] : [];
  return (
    <Card aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite a member
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        We email them a link; someone without an account creates one and joins this business.
      </p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
        />
        <PermissionChecklist idPrefix="invite" available={available} checked={checked} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex justify-end">
          <SubmitButton name="intent" value="invite" pendingText="Sending…">
            Send invitation
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}
