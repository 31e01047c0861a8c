import { Form, useSubmit } from '@remix-run/react';
import { useEffect, useState, type DragEvent } from 'react';
import type { ContactRow } from '#app/routes/dashboard+/customers+/__contact-row';
import type { CustomerStatus } from '#contract/schemas/customer';
import { statusLabel } from '#app/routes/dashboard+/customers+/__customer-bits';
import { usePhoneFormat } from '#app/lib/phone-labels';
import { ListLink, useListLinkClicks } from '#app/components/list-links';

type Props = {
  customers: ContactRow[];
  /** The columns shown (one when the status filter is set), in the business's CRM order. */
  statuses: readonly CustomerStatus[];
  allStatuses: readonly CustomerStatus[];
  canEdit: boolean;
  back: string;
};

/** The drag's payload type: only cards from this board are dropped on its columns. */
const CARD_TYPE = 'application/x-contact-card';

/**
 * The board: one column per status in the business's CRM order. Moving a card or a column
 * is a plain form post (a button per target), so the board works without JavaScript and
 * from the keyboard. With JavaScript a card can also be dragged onto another column, which
 * posts the very form its "Move to" button would.
 */
export function CustomerBoard({ customers, statuses, allStatuses, canEdit, back }: Props) {
  const phone = usePhoneFormat();
  const submit = useSubmit();
  const onClick = useListLinkClicks();
  const [dragging, setDragging] = useState<{ id: string; status: string } | null>(null);
  const [over, setOver] = useState<string | null>(null);
  // Cards become draggable only once the handlers are attached (never without JavaScript).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const canDrop = (status: string) => Boolean(dragging && dragging.status !== status);
  const onDragOver = (event: DragEvent<HTMLElement>, status: string) => {
    if (!canDrop(status)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (over !== status) setOver(status);
  };
  const onDrop = (event: DragEvent<HTMLElement>, status: string) => {
    event.preventDefault();
    const id = event.dataTransfer.getData(CARD_TYPE) || dragging?.id;
    const from = dragging?.status;
    setDragging(null);
    setOver(null);
    if (!id || from === status) return;
    submit({ intent: 'status', customer_id: id, status, back }, { method: 'post' });
  };
  return (
    <div className="flex flex-col gap-3">
      {canEdit && statuses.length > 1 ? (
        <Form method="post" className="self-end">
          <input type="hidden" name="back" value={back} />
          <button type="submit" name="intent" value="order-reset" className="text-sm text-slate-600 underline">
            Reset column order
          </button>
        </Form>
      ) : null}
      <div className="grid gap-4 md:grid-flow-col md:auto-cols-fr" data-testid="customer-board" onClick={onClick}>
        {statuses.map((status, index) => {
          const column = customers.filter((customer) => customer.status === status);
          return (
            <section
              key={status}
              aria-labelledby={`column-${status}`}
              className={`flex flex-col gap-2 rounded-2xl p-3 ${over === status ? 'bg-brand-50 ring-2 ring-brand-400' : 'bg-slate-100'}`}
              data-testid="board-column"
              data-status={status}
              data-drop-target={canDrop(status) ? 'true' : undefined}
              onDragOver={canEdit ? (event) => onDragOver(event, status) : undefined}
              onDragLeave={canEdit ? () => setOver((current) => (current === status ? null : current)) : undefined}
              onDrop={canEdit ? (event) => onDrop(event, status) : undefined}
            >
              <header className="flex items-center justify-between gap-2">
                <h2 id={`column-${status}`} className="font-semibold">
                  {statusLabel(status)} <span className="text-sm font-normal text-slate-500">({column.length})</span>
                </h2>
                {canEdit && statuses.length > 1 ? (
                  <Form method="post" className="flex gap-1">
                    <input type="hidden" name="intent" value="order" />
                    <input type="hidden" name="back" value={back} />
                    {index > 0 ? (
                      <button
                        type="submit"
                        name="move"
                        value={`${status}:left`}
                        className="rounded px-1.5 text-slate-600 hover:bg-white"
                        aria-label={`Move ${statusLabel(status)} column left`}
                      >
                        ←
                      </button>
                    ) : null}
                    {index < statuses.length - 1 ? (
                      <button
                        type="submit"
                        name="move"
                        value={`${status}:right`}
                        className="rounded px-1.5 text-slate-600 hover:bg-white"
                        aria-label={`Move ${statusLabel(status)} column right`}
                      >
                        →
                      </button>
                    ) : null}
                  </Form>
                ) : null}
              </header>
              {column.length === 0 ? <p className="px-1 text-sm text-slate-500">No contacts.</p> : null}
              <ul className="flex flex-col gap-2">
                {column.map((customer, place) => (
                  <li
                    key={customer._id}
                    className={`flex flex-col gap-1 rounded-xl bg-white p-3 shadow-sm ${canEdit ? 'cursor-grab' : ''} ${dragging?.id === customer._id ? 'opacity-50' : ''}`}
                    data-testid="board-card"
                    data-id={customer._id}
                    draggable={canEdit && hydrated}
                    onDragStart={
                      canEdit
                        ? (event) => {
                            event.dataTransfer.setData(CARD_TYPE, customer._id);
                            event.dataTransfer.setData('text/plain', customer.name);
                            event.dataTransfer.effectAllowed = 'move';
                            setDragging({ id: customer._id, status });
                          }
                        : undefined
                    }
                    onDragEnd={
                      canEdit
                        ? () => {
                            setDragging(null);
                            setOver(null);
                          }
                        : undefined
                    }
                  >
                    <ListLink
                      to={`/dashboard/customers/${customer._id}`}
                      className="font-medium hover:underline"
                      discover={place === 0}
                    >
                      {customer.name}
                    </ListLink>
                    {customer.phone || customer.email ? (
                      <span className="truncate text-sm text-slate-600">{phone(customer.phone) ?? customer.email}</span>
                    ) : null}
                    {customer.duplicates?.length ? (
                      <span className="text-xs font-medium text-amber-800">Possible duplicate</span>
                    ) : null}
                    {canEdit ? (
                      <Form method="post" className="flex flex-wrap gap-1 pt-1">
                        <input type="hidden" name="intent" value="status" />
                        <input type="hidden" name="customer_id" value={customer._id} />
                        <input type="hidden" name="back" value={back} />
                        {allStatuses
                          .filter((target) => target !== status)
                          .map((target) => (
                            <button
                              key={target}
                              type="submit"
                              name="status"
                              value={target}
                              className="rounded-md border border-slate-200 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50"
                            >
                              Move to {statusLabel(target)}
                              <span className="sr-only"> ({customer.name})</span>
                            </button>
                          ))}
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}
