import { Link } from '@remix-run/react';
import type { ApiCustomer } from '#contract/envelope';
import type { CustomerStatus } from '#contract/schemas/customer';
import { DuplicateNotice, StatusBadge } from '#app/routes/dashboard+/customers+/__customer-bits';
import { CustomerRowActions } from '#app/routes/dashboard+/customers+/__row-actions';
import { usePhoneFormat } from '#app/lib/phone-labels';
import { Card } from '#app/components/ui/card';

/** The list view: one row per contact with its status, first phone and email, duplicates flagged. */
export function CustomerList({
  customers,
  statuses,
  canEdit,
  back,
}: {
  customers: ApiCustomer[];
  statuses: readonly CustomerStatus[];
  canEdit: boolean;
  back: string;
}) {
  const phone = usePhoneFormat();
  return (
    <Card as="ul" padding="none" className="flex flex-col divide-y divide-slate-100" data-testid="customer-list">
      {customers.map((customer) => (
        <li
          key={customer._id}
          className="flex flex-col gap-2 px-4 py-3"
          data-testid="customer-row"
          data-id={customer._id}
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Link to={`/dashboard/customers/${customer._id}`} className="font-medium text-slate-900 hover:underline">
              {customer.name}
            </Link>
            <StatusBadge status={customer.status} />
            <span className="min-w-0 flex-1 truncate text-sm text-slate-600">
              {[phone(customer.phones[0]), customer.emails[0]].filter(Boolean).join(' · ')}
              {customer.phones.length + customer.emails.length > 2 ? ' …' : ''}
            </span>
            {canEdit ? <CustomerRowActions customer={customer} statuses={statuses} back={back} /> : null}
          </div>
          <DuplicateNotice customer={customer} canEdit={canEdit} />
        </li>
      ))}
    </Card>
  );
}
