import { memo } from 'react';
import type { CustomerStatus } from '#contract/schemas/customer';
import type { ContactRow } from '#app/routes/dashboard+/customers+/__contact-row';
import { CustomerStatusBadge, DuplicateNotice } from '#app/routes/dashboard+/customers+/__customer-bits';
import { CustomerRowActions, CustomerRowDialog, type RowDialog } from '#app/routes/dashboard+/customers+/__row-actions';
import { usePhoneFormat } from '#app/lib/phone-labels';
import { Card } from '#app/components/ui/card';
import { useDialogState } from '#app/components/dialog-link';
import { ListLink, useListLinkClicks } from '#app/components/list-links';

/**
 * The list view: one row per contact with its status, first phone and email, duplicates
 * flagged. A row's links are plain anchors the list sends through the router, and its Edit
 * and Delete open the list's one dialog (with JavaScript; without, each goes to its page).
 */
export function CustomerList({
  customers,
  statuses,
  canEdit,
  back,
}: {
  customers: ContactRow[];
  statuses: readonly CustomerStatus[];
  canEdit: boolean;
  back: string;
}) {
  const phone = usePhoneFormat();
  const dialog = useDialogState<RowDialog>();
  const onClick = useListLinkClicks((link) => {
    const id = link.closest<HTMLElement>('[data-testid="customer-row"]')?.dataset.id;
    const customer = customers.find((row) => row._id === id);
    if (customer) dialog.show({ kind: link.dataset.dialog === 'delete' ? 'delete' : 'edit', customer }, link);
  });
  // Only the first row's links (and the first duplicate notice's) are marked for Remix to find their routes ahead (ListLink).
  const firstWithDuplicates = customers.findIndex((customer) => customer.duplicates?.length);
  return (
    <>
      <Card
        as="ul"
        padding="none"
        className="flex flex-col divide-y divide-slate-100"
        data-testid="customer-list"
        onClick={onClick}
      >
        {customers.map((customer, index) => (
          <ContactListItem
            key={customer._id}
            customer={customer}
            contact={`${[phone(customer.phone), customer.email].filter(Boolean).join(' · ')}${customer.more ? ' …' : ''}`}
            canEdit={canEdit}
            back={back}
            discover={index === 0}
            discoverDuplicates={index === firstWithDuplicates}
          />
        ))}
      </Card>
      {dialog.open ? (
        <CustomerRowDialog dialog={dialog.open} statuses={statuses} back={back} close={dialog.close} />
      ) : null}
    </>
  );
}

type ItemProps = {
  customer: ContactRow;
  /** The first phone and email as shown. */
  contact: string;
  canEdit: boolean;
  back: string;
  discover: boolean;
  discoverDuplicates: boolean;
};

/**
 * One row: one flex line of its parts, its duplicates on a line of their own below (no wrapper
 * element: 500 rows render these). A live update reloads the page of contacts as new objects,
 * usually for one changed contact, so a row whose shown values are all the same is not rendered
 * again and the change reaches the screen without rendering every other row (bench:live).
 */
const ContactListItem = memo(function ContactListItem({
  customer,
  contact,
  canEdit,
  back,
  discover,
  discoverDuplicates,
}: ItemProps) {
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
      data-testid="customer-row"
      data-id={customer._id}
    >
      <ListLink
        to={`/dashboard/customers/${customer._id}`}
        className="font-medium text-slate-900 hover:underline"
        discover={discover}
      >
        {customer.name}
      </ListLink>
      <CustomerStatusBadge status={customer.status} />
      <span className="min-w-0 flex-1 truncate text-sm text-slate-600">{contact}</span>
      {canEdit ? <CustomerRowActions customer={customer} back={back} discover={discover} /> : null}
      <DuplicateNotice
        customer={customer}
        canEdit={canEdit}
        link={ListLink}
        discover={discoverDuplicates}
        className="mt-1 basis-full"
      />
    </li>
  );
}, sameItem);

/** Every prop alike, the contact compared by value (it is plain data from the loader). */
function sameItem(before: ItemProps, after: ItemProps): boolean {
  for (const key of Object.keys(after) as (keyof ItemProps)[])
    if (key !== 'customer' && before[key] !== after[key]) return false;
  return JSON.stringify(before.customer) === JSON.stringify(after.customer);
}
