import type { ReactNode } from 'react';
import type { ApiCustomer } from '#contract/envelope';
import { DeleteConfirmation, RestoreBanner } from '#app/components/delete-restore';

/*
 * Deleting a contact and undoing it: apart from the contact's facts (./__customer-bits.tsx), so
 * that a page showing a contact does not load the dialogs' code (app/components/delete-restore.tsx)
 * before it needs it.
 */

/**
 * The delete confirmation: posts to the contact's page, which deletes and lands on the list
 * with an undo banner. On its own page (?confirm=delete) or in a dialog.
 */
export function DeleteCustomerConfirm({
  customer,
  cancel,
}: {
  customer: Pick<ApiCustomer, '_id' | 'name'>;
  cancel: ReactNode;
}) {
  return (
    <DeleteConfirmation
      action={`/dashboard/customers/${customer._id}`}
      noun="contact"
      subject={customer.name}
      consequence="The contact leaves every list; its calls, messages and notes are kept, and you can restore it right after."
      cancel={cancel}
      labelId={`delete-${customer._id}`}
    />
  );
}

/** After a delete: the undo (restore) action, a form posting back to the contact's page. */
export function UndoDeleteBanner({ id }: { id: string }) {
  return <RestoreBanner action={`/dashboard/customers/${id}`} noun="contact" />;
}
