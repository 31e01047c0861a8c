import { getFormProps, type FormMetadata, type SubmissionResult } from '@conform-to/react';
import { Form, type FetcherWithComponents } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ErrorList, SubmitButton } from './forms';

/**
 * What every entity's create/edit form takes: its id (conform's), where it posts, the refused
 * reply to show, the values to start from, the button's words, where to go back to after a
 * save, a fetcher when it sits in a dialog, and the cancel control (a link or a button).
 */
export type EntityFormProps<Defaults, Reply = SubmissionResult<string[]>> = {
  id: string;
  action: string;
  reply?: Reply | null;
  defaultValue: Defaults;
  submitLabel: string;
  pendingText: string;
  back?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  fetcher?: FetcherWithComponents<any>;
  cancel: ReactNode;
};

/**
 * The frame around an entity form's fields: a POST form (through the fetcher in a dialog, so a
 * refusal shows in place and a save moves on), the hidden back address, the form-level errors
 * and the cancel + submit row. Without an action it posts to the page it is on. On a page with
 * several forms, `intent` names this one (a hidden field, and the button's value, so only its own
 * button shows progress).
 */
export function EntityFormFrame({
  form,
  action,
  back,
  fetcher,
  cancel,
  submitLabel,
  pendingText,
  className = 'flex flex-col gap-4',
  intent,
  testId,
  children,
}: Pick<EntityFormProps<unknown>, 'back' | 'fetcher' | 'cancel' | 'submitLabel' | 'pendingText'> & {
  action?: string;
  intent?: string;
  testId?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  className?: string;
  children: ReactNode;
}) {
  const body = (
    <>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {back ? <input type="hidden" name="back" value={back} /> : null}
      {children}
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex items-center justify-end gap-3">
        {cancel}
        <SubmitButton
          pendingText={pendingText}
          pending={fetcher ? fetcher.state === 'submitting' : undefined}
          {...(intent ? { name: 'intent', value: intent } : {})}
        >
          {submitLabel}
        </SubmitButton>
      </div>
    </>
  );
  const formProps = { ...getFormProps(form), method: 'post' as const, action, className, 'data-testid': testId };
  return fetcher ? <fetcher.Form {...formProps}>{body}</fetcher.Form> : <Form {...formProps}>{body}</Form>;
}
