import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { DialogLink } from './dialog-link';
import { CancelButton, CancelLink, SubmitButton } from './forms';

/**
 * Every destructive action asks first and can be undone. These two pieces are shared by all
 * entities: the confirmation (on its own page with ?confirm=delete, or in a dialog) posts
 * intent=delete to the record's page; the banner shown after a delete posts intent=restore.
 */
export function DeleteConfirmation({
  action,
  noun,
  subject,
  consequence,
  cancel,
  labelId,
}: {
  /** The record's page, whose action handles intent=delete. */
  action: string;
  noun: string;
  subject: ReactNode;
  consequence: string;
  cancel: ReactNode;
  labelId: string;
}) {
  return (
    <div className="flex flex-col gap-4" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="text-slate-700">
        Delete <strong>{subject}</strong>? {consequence}
      </p>
      <Form method="post" action={action} className="flex items-center justify-end gap-3">
        {cancel}
        <SubmitButton variant="danger" name="intent" value="delete" pendingText="Deleting…">
          Delete {noun}
        </SubmitButton>
      </Form>
    </div>
  );
}

/**
 * The one delete-confirmation dialog: a link to the record's `?confirm=delete` page that,
 * with JavaScript, opens the confirmation in a modal dialog over the current page instead
 * (Escape or Cancel closes it). `confirm` renders the entity's confirmation with the
 * dialog's Cancel button. Without JavaScript the link shows the confirmation on the page
 * (DeleteConfirmPanel).
 */
export function DeleteDialog({
  to,
  noun,
  className = 'rounded-lg border border-red-300 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50',
  confirm,
  children,
  testId,
}: {
  /** The record's page with ?confirm=delete (the no-JavaScript confirmation). */
  to: string;
  noun: string;
  className?: string;
  confirm: (cancel: ReactNode) => ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <DialogLink
      to={to}
      title={`Delete ${noun}`}
      className={className}
      testId={testId}
      content={(close) => confirm(<CancelButton onClick={close} />)}
    >
      {children}
    </DialogLink>
  );
}

/** The same confirmation shown on the record's page (?confirm=delete), with Cancel back to it. */
export function DeleteConfirmPanel({
  noun,
  cancelTo,
  confirm,
}: {
  noun: string;
  cancelTo: string;
  confirm: (cancel: ReactNode) => ReactNode;
}) {
  return (
    <div className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200" role="alertdialog" aria-label={`Delete ${noun}`}>
      {confirm(<CancelLink to={cancelTo} />)}
    </div>
  );
}

/** After a delete: the undo (restore) action, a form posting back to the record's page. */
export function RestoreBanner({ action, noun }: { action: string; noun: string }) {
  return (
    <div
      role="status"
      className="flex items-center justify-between gap-3 rounded-xl bg-slate-800 px-4 py-3 text-white"
      data-testid="undo-banner"
    >
      <span>The {noun} was deleted.</span>
      <Form method="post" action={action}>
        <button
          type="submit"
          name="intent"
          value="restore"
          className="rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-slate-900"
        >
          Restore
        </button>
      </Form>
    </div>
  );
}
