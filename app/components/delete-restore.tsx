import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { SubmitButton } from './forms';

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

/** After a delete: the undo (restore) action, a form posting back to the record's page. */
export function RestoreBanner({ action, noun }: { action: string; noun: string }) {
  return (
    <div role="status" className="flex items-center justify-between gap-3 rounded-xl bg-slate-800 px-4 py-3 text-white" data-testid="undo-banner">
      <span>The {noun} was deleted.</span>
      <Form method="post" action={action}>
        <button type="submit" name="intent" value="restore" className="rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-slate-900">
          Restore
        </button>
      </Form>
    </div>
  );
}
