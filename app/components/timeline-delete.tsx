import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { SubmitButton } from './forms';
import { DeleteDialog } from './delete-restore';
import { Card } from '#app/components/ui/card';

/**
 * A timeline item's delete confirmation: posts intent=delete to the item's page. Shown in place
 * when the page is opened with ?confirm=delete (docs/product.md#routes): a plain link and a
 * plain form, so it works without JavaScript.
 */
export function DeleteConfirm({ noun, action, cancel }: { noun: string; action: string; cancel: ReactNode }) {
  return (
    <Card role="alertdialog" aria-labelledby="confirm-delete-title" tone="danger">
      <h2 id="confirm-delete-title" className="text-lg font-semibold text-red-700">
        Delete this {noun}?
      </h2>
      <p className="mt-1 text-sm text-slate-600">It leaves every list. You can restore it right after from the list.</p>
      <Form method="post" action={action} className="mt-4 flex items-center gap-3">
        <SubmitButton variant="danger" name="intent" value="delete" pendingText="Deleting…">
          Delete {noun}
        </SubmitButton>
        {cancel}
      </Form>
    </Card>
  );
}

/** Delete on an item's page: the shared delete dialog (the ?confirm=delete page without JavaScript). */
export function DeleteLink({ noun, self }: { noun: string; self: string }) {
  return (
    <DeleteDialog
      to={`${self}?confirm=delete`}
      noun={noun}
      confirm={(cancel) => <DeleteConfirm noun={noun} action={self} cancel={cancel} />}
    >
      Delete {noun}
    </DeleteDialog>
  );
}
