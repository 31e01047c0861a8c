import type { ApiCustomer } from '#contract/envelope';
import type { CustomerStatus } from '#contract/customer-statuses';
import { DeleteCustomerConfirm } from '#app/routes/dashboard+/customers+/__customer-bits';
import { CustomerFormDialog } from '#app/routes/dashboard+/customers+/__customer-form.deferred';
import { customerDefaults } from '#app/lib/customers';
import { DialogLink } from '#app/components/dialog-link';
import { DeleteDialog } from '#app/components/delete-restore';
import { usePhoneFormat } from '#app/lib/phone-labels';

/**
 * Edit and Delete for one contact: links to the full pages, opened as dialogs with
 * JavaScript. `back` brings the user to this same list after saving.
 */
export function CustomerRowActions({
  customer,
  statuses,
  back,
}: {
  customer: ApiCustomer;
  statuses: readonly CustomerStatus[];
  back: string;
}) {
  const phone = usePhoneFormat();
  return (
    <div className="flex items-center gap-3 text-sm">
      <DialogLink
        to={`/dashboard/customers/${customer._id}/edit?back=${encodeURIComponent(back)}`}
        title={`Edit ${customer.name}`}
        className="font-medium text-brand-700 underline"
        content={(close) => (
          <CustomerFormDialog
            id={`customer-edit-dialog-${customer._id}`}
            action={`/dashboard/customers/${customer._id}/edit`}
            defaultValue={customerDefaults(phone, customer)}
            statuses={statuses}
            submitLabel="Save contact"
            pendingText="Saving…"
            back={back}
            close={close}
          />
        )}
      >
        Edit<span className="sr-only"> {customer.name}</span>
      </DialogLink>
      <DeleteDialog
        to={`/dashboard/customers/${customer._id}?confirm=delete`}
        noun="contact"
        className="font-medium text-red-700 underline"
        confirm={(cancel) => <DeleteCustomerConfirm customer={customer} cancel={cancel} />}
      >
        Delete<span className="sr-only"> {customer.name}</span>
      </DeleteDialog>
    </div>
  );
}
