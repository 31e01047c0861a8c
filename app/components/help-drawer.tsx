import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { supportRequestSchema } from '#contract/schemas/member';
import { helpFor } from '../lib/help-topics';
import { useSchemaForm } from '../lib/use-schema-form';
import { Drawer } from './drawer';
import { ErrorList, Field, SubmitButton, TextAreaField } from './forms';

export const HELP_ACTION = '/dashboard/help';

/**
 * The help drawer: short help for the page the user is on, and the support form
 * (helpers/support). With JavaScript the form posts through a fetcher and the drawer stays
 * open; without it, the same form posts to /dashboard/help, which sends the user back with a
 * toast (or shows the form again as a page with its errors).
 */
export function HelpDrawer() {
  const location = useLocation();
  const topic = helpFor(location.pathname);
  return (
    <Drawer
      name="help"
      label="Help"
      summary={
        <svg viewBox="0 0 20 20" className="h-5 w-5 fill-slate-700" aria-hidden>
          <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 13a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm1.2-4.4c-.5.3-.7.5-.7 1V12H9v-.6c0-1 .5-1.6 1.2-2 .6-.4.9-.6.9-1.2a1.1 1.1 0 0 0-2.2 0H7.4a2.6 2.6 0 0 1 5.2 0c0 1.2-.7 1.8-1.4 2.4Z" />
        </svg>
      }
      panelClassName="absolute right-0 top-12 max-h-[80vh] w-80 overflow-y-auto rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200 sm:w-96"
    >
      <section aria-labelledby="help-topic-title" data-testid="help-topic">
        <h2 id="help-topic-title" className="font-semibold text-slate-900">
          {topic.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{topic.text}</p>
      </section>
      <hr className="my-4 border-slate-200" />
      <h3 className="mb-2 text-sm font-semibold text-slate-700">Contact support</h3>
      <SupportForm id="support-drawer" page={location.pathname + location.search} />
      <p className="mt-3 text-xs text-slate-500">
        <Link to={`${HELP_ACTION}?page=${encodeURIComponent(location.pathname + location.search)}`} className="underline">
          Open help as a page
        </Link>
      </p>
    </Drawer>
  );
}

/**
 * The support request form. In the drawer it goes through a fetcher (so the drawer stays
 * put); on the help page (`reply` given) it is a plain form whose errors the page shows.
 */
export function SupportForm({ id, page, reply }: { id: string; page: string; reply?: SubmissionResult<string[]> | null }) {
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
    <FormComponent ref={formRef} method="post" action={HELP_ACTION} className="flex flex-col gap-3" {...getFormProps(form)}>
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="redirect_to" value={page} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label="Topic" inputProps={{ ...getInputProps(fields.subject, { type: 'text' }), placeholder: 'What is it about?' }} errors={fields.subject.errors} />
      <TextAreaField label="Your question" textareaProps={{ ...getTextareaProps(fields.message), rows: 4 }} errors={fields.message.errors} />
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
