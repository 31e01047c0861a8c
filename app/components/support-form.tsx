import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { Form, useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { supportRequestSchema } from '#contract/schemas/member';
import { HELP_ACTION } from '../lib/help-topics';
import { useSchemaForm } from '../lib/use-schema-form';
import { ErrorList, Field, SubmitButton, TextAreaField } from './forms';

/**
 * The support request form. In the drawer it goes through a fetcher (so the drawer stays
 * put); on the help page (`reply` given) it is a plain form whose errors the page shows.
 */
export function SupportForm({
  id,
  page,
  reply,
}: {
  id: string;
  page: string;
  reply?: SubmissionResult<string[]> | null;
}) {
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  const inDrawer = reply === undefined;
  const lastResult = inDrawer ? fetcher.data : reply;
  const [form, fields] = useSchemaForm(id, supportRequestSchema, lastResult);
  const formRef = useRef<HTMLFormElement>(null);
  const wasSubmitting = useRef(false);

  // A sent request redirects (with its toast), so the fetcher ends idle with no data: empty the form.
  useEffect(() => {
    if (fetcher.state !== 'idle') wasSubmitting.current = true;
    else if (wasSubmitting.current) {
      wasSubmitting.current = false;
      if (!fetcher.data) formRef.current?.reset();
    }
  }, [fetcher.state, fetcher.data]);

  const FormComponent = inDrawer ? fetcher.Form : Form;
  return (
    <FormComponent
      ref={formRef}
      method="post"
      action={HELP_ACTION}
      className="flex flex-col gap-3"
      {...getFormProps(form)}
    >
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="redirect_to" value={page} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Topic"
        inputProps={{ ...getInputProps(fields.subject, { type: 'text' }), placeholder: 'What is it about?' }}
        errors={fields.subject.errors}
      />
      <TextAreaField
        label="Your question"
        textareaProps={{ ...getTextareaProps(fields.message), rows: 4 }}
        errors={fields.message.errors}
      />
      <Field
        label="Where to reply"
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), placeholder: 'Your account email if empty' }}
        errors={fields.email.errors}
      />
      <div className="flex justify-end">
        <SubmitButton pendingText="Sending…" pending={inDrawer ? fetcher.state !== 'idle' : undefined}>
          Send to support
        </SubmitButton>
      </div>
    </FormComponent>
  );
}
