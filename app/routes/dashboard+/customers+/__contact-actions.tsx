import type { CustomerStatus } from '#contract/customer-statuses';
import type { ApiCustomer } from '#contract/envelope';
import { DeleteConfirmPanel, DeleteDialog } from '#app/components/delete-restore';
import { DialogLink } from '#app/components/dialog-link';
import { buttonClass } from '#app/components/ui/button';
import { customerDefaults } from '#app/lib/customers';
import { usePhoneFormat } from '#app/lib/phone-labels';
import { CustomerFormDialog } from '#app/routes/dashboard+/customers+/__customer-form.deferred';
import { DeleteCustomerConfirm } from '#app/routes/dashboard+/customers+/__customer-delete';

/*
 * A contact's page's edit and delete (the dialogs, their links and the ?confirm=delete panel),
 * imported by the page through ./__contact-actions.deferred.tsx: they load after the page. Before
 * that, and without JavaScript, they are the links to the edit page and ?confirm=delete, and the
 * delete form.
 */

/** Edit (the contact form in a dialog) and delete (a confirmation dialog), beside the contact's name. */
export function ContactActions({ customer, statuses }: { customer: ApiCustomer; statuses: CustomerStatus[] }) {
  const phone = usePhoneFormat();
  const self = `/dashboard/customers/${customer._id}`;
  return (
    <div className="ml-auto flex items-center gap-3 text-sm">
      <DialogLink
        to={`${self}/edit`}
        title={`Edit ${customer.name}`}
        className={buttonClass('secondary')}
        content={(close) => (
          <CustomerFormDialog
            id={`customer-edit-dialog-${customer._id}`}
            action={`${self}/edit`}
            defaultValue={customerDefaults(phone, customer)}
            statuses={statuses}
            submitLabel="Save contact"
            pendingText="Saving…"
            back={self}
            close={close}
          />
        )}
      >
        Edit contact
      </DialogLink>
      <DeleteDialog
        to={`${self}?confirm=delete`}
        noun="contact"
        className={buttonClass('danger')}
        confirm={(cancel) => <DeleteCustomerConfirm customer={customer} cancel={cancel} />}
      >
        Delete contact
      </DeleteDialog>
    </div>
  );
}

/** The ?confirm=delete confirmation, in place on the contact's page (the path without JavaScript). */
export function ContactDeleteConfirm({ customer }: { customer: Pick<ApiCustomer, '_id' | 'name'> }) {
  return (
    <DeleteConfirmPanel
      noun="contact"
      cancelTo={`/dashboard/customers/${customer._id}`}
      confirm={(cancel) => <DeleteCustomerConfirm customer={customer} cancel={cancel} />}
    />
  );
}
