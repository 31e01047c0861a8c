import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { lookupSchema } from '#contract/schemas/auth';
import { ErrorList, Field, SubmitButton } from '#app/components/forms';
import { useSchemaForm } from '#app/lib/use-schema-form';

/**
 * The business lookup's search form (step "your business"), apart from its route module so that
 * conform and the auth schemas load after the page (./__lookup-form.deferred.tsx). A GET form:
 * it changes nothing and its result can be bookmarked.
 */
export function LookupForm({ lastResult, query }: { lastResult: SubmissionResult<string[]> | null; query: string }) {
  const [form, fields] = useSchemaForm('lookup', lookupSchema, lastResult);
  return (
    <Form method="get" className="flex flex-col gap-4" {...getFormProps(form)}>
      <Field
        label="Business name"
        errors={fields.business_name.errors}
        inputProps={{
          ...getInputProps(fields.business_name, { type: 'search' }),
          defaultValue: query || fields.business_name.initialValue,
          autoFocus: true,
        }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton pendingText="Searching…">Search</SubmitButton>
    </Form>
  );
}
