import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import type { CustomerStatus } from '#contract/customer-statuses';
import type { loader as editLoader } from '#app/routes/dashboard+/customers+/$id.edit';
import type { ContactRow } from '#app/routes/dashboard+/customers+/__contact-row';
import { DeleteCustomerConfirm } from '#app/routes/dashboard+/customers+/__customer-delete';
import { ContactGone } from '#app/routes/dashboard+/customers+/__contact-gone';
import { CustomerFormDialog } from '#app/routes/dashboard+/customers+/__customer-form.deferred';
import { customerDefaults } from '#app/lib/customers';
import { phoneFormat } from '#app/lib/phone-labels';
import { Modal } from '#app/components/dialog-link';
import { ListLink } from '#app/components/list-links';
import { CancelButton } from '#app/components/forms';

type Contact = Pick<ContactRow, '_id' | 'name'>;

/**
 * Edit and Delete for one contact: links to the full pages (the edit form, the delete
 * confirmation). With JavaScript the list opens them as its one dialog (data-dialog, see
 * CustomerRowDialog). `back` brings the user to this same list after saving.
 */
export function CustomerRowActions({
  customer,
  back,
  discover,
}: {
  customer: Contact;
  back: string;
  discover?: boolean;
}) {
  // The contact's name is in each link's accessible name as a label, not a visually hidden
  // element per link (500 rows render these); links inherit the weight and underline.
  return (
    <div className="flex items-center gap-3 text-sm font-medium underline">
      <ListLink
        to={`/dashboard/customers/${customer._id}/edit?back=${encodeURIComponent(back)}`}
        className="text-brand-700"
        discover={discover}
        aria-label={`Edit ${customer.name}`}
        data-dialog="edit"
      >
        Edit
      </ListLink>
      <ListLink
        to={`/dashboard/customers/${customer._id}?confirm=delete`}
        className="text-red-700"
        discover={discover}
        aria-label={`Delete ${customer.name}`}
        data-dialog="delete"
      >
        Delete
      </ListLink>
    </div>
  );
}

export type RowDialog = { kind: 'edit' | 'delete'; customer: Contact };

/** The list's one dialog: a row's edit form or its delete confirmation. */
export function CustomerRowDialog({
  dialog,
  statuses,
  back,
  close,
}: {
  dialog: RowDialog;
  statuses: readonly CustomerStatus[];
  back: string;
  close: () => void;
}) {
  const { kind, customer } = dialog;
  return kind === 'edit' ? (
    <Modal title={`Edit ${customer.name}`} onClose={close}>
      <CustomerEditForm key={customer._id} id={customer._id} statuses={statuses} back={back} close={close} />
    </Modal>
  ) : (
    <Modal title="Delete contact" onClose={close}>
      <DeleteCustomerConfirm customer={customer} cancel={<CancelButton onClick={close} />} />
    </Modal>
  );
}

/**
 * The edit form in the dialog. The list carries only what it shows of each contact, so the
 * contact itself (every phone, email and address) is read when the dialog opens, from the
 * edit page's own loader: the same data the page without JavaScript shows.
 */
function CustomerEditForm({
  id,
  statuses,
  back,
  close,
}: {
  id: string;
  statuses: readonly CustomerStatus[];
  back: string;
  close: () => void;
}) {
  const fetcher = useFetcher<typeof editLoader>();
  const { load } = fetcher;
  useEffect(() => void load(`/dashboard/customers/${id}/edit?dialog`), [load, id]);
  if (!fetcher.data) {
    return (
      <p className="text-sm text-slate-600" role="status">
        Loading…
      </p>
    );
  }
  const { customer, phoneLabels } = fetcher.data;
  if (!customer) return <ContactGone close={<CancelButton onClick={close} />} />;
  return (
    <CustomerFormDialog
      id={`customer-edit-dialog-${id}`}
      action={`/dashboard/customers/${id}/edit`}
      defaultValue={customerDefaults(phoneFormat(phoneLabels), customer)}
      statuses={statuses}
      submitLabel="Save contact"
      pendingText="Saving…"
      back={back}
      close={close}
    />
  );
}
