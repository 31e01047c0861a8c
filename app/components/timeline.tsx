import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { truncate } from '#contract/constants';
import type { ApiTimelineItem } from '#contract/envelope';
import { notificationTime, timelineLabel } from '#contract/labels';
import { counterpart, isOverdue, itemPath, itemText, TIMELINE_KINDS, type TimelineKind } from '../lib/timeline';
import { usePhoneFormat } from '../lib/phone-labels';
import { SubmitButton } from './forms';
import { ContactPicker } from './contact-picker';
import { DeleteDialog, RestoreBanner } from './delete-restore';
import { Card } from '#app/components/ui/card';

const labelColours: Record<string, string> = {
  'Overdue Task': 'bg-red-100 text-red-800',
  'Overdue Repeated Task': 'bg-red-100 text-red-800',
  'Complete Task': 'bg-emerald-100 text-emerald-800',
  'Complete Repeated Task': 'bg-emerald-100 text-emerald-800',
  'Missed Call': 'bg-amber-100 text-amber-800',
  Voicemail: 'bg-amber-100 text-amber-800',
};

/**
 * A row's text: beside the label on a wide screen; on a phone its own full-width line after
 * the label, contact and time, wrapping rather than being cut to a few characters.
 */
export const PREVIEW_CLASS =
  'order-last min-w-0 basis-full break-words text-slate-600 sm:order-none sm:basis-0 sm:flex-1 sm:truncate';

/** The display label (docs/product.md#labels) as a badge. */
export function ItemLabel({ item, now }: { item: ApiTimelineItem; now: Date }) {
  const label = timelineLabel(item, now);
  return (
    <span
      data-testid="item-label"
      className={`inline-flex flex-none rounded-full px-2 py-0.5 text-xs font-medium ${labelColours[label] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {label}
    </span>
  );
}

/**
 * Timeline rows: label, contact, the item's text cut at the spec's 30 characters (the full
 * text is on the item's page and in the title attribute), and when it happened. On a phone
 * the text is a second line (PREVIEW_CLASS).
 */
export function TimelineList({
  items,
  timeZone,
  now,
  showCustomer = true,
  showDue = false,
}: {
  items: ApiTimelineItem[];
  timeZone: string;
  now: string;
  showCustomer?: boolean;
  /** Notes & tasks: a task's row says when it is due rather than when it was written. */
  showDue?: boolean;
}) {
  const at = new Date(now);
  const phone = usePhoneFormat();
  return (
    <Card as="ul" padding="none" className="flex flex-col divide-y divide-slate-100" data-testid="timeline">
      {items.map((item) => {
        const who = counterpart(item, phone);
        // Without a summary a call's text is its number, which the row already shows.
        const text = itemText(item, phone);
        const full = text === who ? '' : text;
        return (
          <li
            key={item._id}
            data-testid="timeline-item"
            data-type={item.type}
            data-id={item._id}
            data-overdue={isOverdue(item, at) || undefined}
          >
            <Link
              to={itemPath(item)}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-slate-50"
            >
              <ItemLabel item={item} now={at} />
              {showCustomer ? (
                <span className="font-medium text-slate-900" data-testid="item-customer">
                  {who}
                </span>
              ) : null}
              {/* On a phone the text gets its own line (wrapping) instead of being squeezed to a few characters. */}
              <span className={PREVIEW_CLASS} title={full} data-testid="item-text">
                {truncate(full)}
              </span>
              {showDue && item.reminder ? (
                <time
                  dateTime={item.reminder}
                  className="ml-auto flex-none text-xs font-medium text-slate-700"
                  data-testid="item-due"
                >
                  Due {notificationTime(item.reminder, at, timeZone)}
                </time>
              ) : (
                <time dateTime={item.sort_at} className="ml-auto flex-none text-xs text-slate-500">
                  {notificationTime(item.sort_at, at, timeZone)}
                </time>
              )}
            </Link>
          </li>
        );
      })}
    </Card>
  );
}

/**
 * Narrow a page to one contact. A GET form: it changes nothing, the result can be
 * bookmarked, and without JavaScript the Show button submits it.
 */
export function CustomerSelector({
  customers,
  selected,
  hidden = {},
  findQuery = '',
}: {
  customers: { _id: string; name: string }[];
  selected: string;
  hidden?: Record<string, string>;
  /** What the no-JavaScript find box last narrowed the list to. */
  findQuery?: string;
}) {
  if (customers.length === 0 && !findQuery && !selected) return null;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="customer-selector">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ContactPicker
        name="customer_id"
        label="Contact"
        emptyLabel="All contacts"
        options={customers}
        defaultValue={selected}
        findQuery={findQuery}
        autoSubmit
      />
      <noscript>
        <button type="submit" className="rounded-lg border border-slate-300 bg-white px-3 py-2">
          Show
        </button>
      </noscript>
    </Form>
  );
}

/**
 * The delete confirmation in docs/product.md#routes, shown in place when the page is opened with
 * ?confirm=delete: a plain link and a plain form, so it works without JavaScript.
 */
/** A timeline item's delete confirmation: posts intent=delete to the item's page. */
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

/** After a delete: the undo (restore) action, a form posting back to the item's page. */
export function UndoBanner({ kind, id }: { kind: TimelineKind; id: string }) {
  const config = TIMELINE_KINDS[kind];
  return <RestoreBanner action={`/dashboard/${config.path}/${id}`} noun={config.noun} />;
}

/** Label / value rows of an item's page. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-500">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
