import { Link } from '@remix-run/react';
import type { JSXElementConstructor, ReactNode } from 'react';
import type { ApiAddress, ApiCustomer } from '#contract/envelope';
import { CUSTOMER_STATUS_LABELS, type CustomerStatus } from '#contract/customer-statuses';
import { usePhoneFormat } from '#app/lib/phone-labels';
import { smsOptOutMessages } from '#contract/sms-opt-out-messages';
import { Pill } from '#app/components/ui/pill';

const STATUS_COLOURS: Record<string, string> = {
  lead: 'bg-sky-100 text-sky-800',
  customer: 'bg-emerald-100 text-emerald-800',
  inactive: 'bg-slate-200 text-slate-700',
};

export function statusLabel(status: string): string {
  return CUSTOMER_STATUS_LABELS[status as CustomerStatus] ?? status;
}

export function CustomerStatusBadge({ status }: { status: string }) {
  return (
    <Pill data-testid="customer-status" colour={STATUS_COLOURS[status] ?? 'bg-slate-100 text-slate-700'}>
      {statusLabel(status)}
    </Pill>
  );
}

export function addressText(address: ApiAddress): string {
  return [address.line_1, address.city, address.state, address.postcode, address.country].filter(Boolean).join(', ');
}

const REASON: Record<ApiCustomer['duplicates'][number]['reason'], string> = {
  phone: 'same phone number',
  email: 'same email',
};

/** A link component: Remix's <Link>, or the contacts list's plain ListLink. */
type LinkLike = JSXElementConstructor<{ to: string; className?: string; children: ReactNode }>;

/**
 * Contacts sharing a phone number or an email with this one (the API flags them): each
 * links to the merge confirmation, which keeps both timelines.
 */
export function DuplicateNotice({
  customer,
  canEdit,
  link: LinkTo = Link,
  discover,
  className,
}: {
  customer: Pick<ApiCustomer, '_id' | 'duplicates'>;
  canEdit: boolean;
  link?: LinkLike;
  /** Whether a ListLink marks its path for Remix to find ahead (the list's first row only). */
  discover?: boolean;
  /** Placement in the parent's layout (the list row puts it on a line of its own). */
  className?: string;
}) {
  const linkProps: Record<string, unknown> = discover === undefined ? {} : { discover };
  if (!customer.duplicates?.length) return null;
  return (
    <ul className={className ? `flex flex-col gap-1 ${className}` : 'flex flex-col gap-1'} data-testid="duplicates">
      {customer.duplicates.map((duplicate) => (
        <li
          key={duplicate._id}
          className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-1.5 text-sm text-amber-900"
        >
          <span>
            {'Possible duplicate of '}
            <LinkTo to={`/dashboard/customers/${duplicate._id}`} className="font-medium underline" {...linkProps}>
              {duplicate.name}
            </LinkTo>
            {` (${REASON[duplicate.reason] ?? duplicate.reason})`}
          </span>
          {canEdit ? (
            <LinkTo
              to={`/dashboard/customers/${customer._id}/merge?with=${encodeURIComponent(duplicate._id)}`}
              className="font-medium text-brand-700 underline"
              {...linkProps}
            >
              Merge
            </LinkTo>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The day a number opted out of SMS; UTC, so the server's and the browser's render agree. */
const OPT_OUT_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Phones, emails and addresses as a compact list of facts; a number that texted STOP says so. */
/** textHref: where "Text" next to each number leads (the contact's inbox thread), when the member may use it. */
export function ContactDetails({
  customer,
  textHref,
}: {
  customer: Pick<ApiCustomer, 'phones' | 'emails' | 'addresses'> & Partial<Pick<ApiCustomer, 'sms_opt_outs'>>;
  textHref?: string | null;
}) {
  const phone = usePhoneFormat();
  const optedOut = new Map((customer.sms_opt_outs ?? []).map((entry) => [entry.phone, entry.at]));
  const rows: [string, string[]][] = [
    ['Phone', customer.phones],
    ['Email', customer.emails],
    ['Address', customer.addresses.map(addressText).filter(Boolean)],
  ];
  const shown = rows.filter(([, values]) => values.length > 0);
  if (shown.length === 0) return <p className="text-sm text-slate-500">No phone number, email or address yet.</p>;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
      {shown.map(([label, values]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-500">{label}</dt>
          <dd className="flex flex-col text-slate-900">
            {values.map((value) =>
              label === 'Phone' ? (
                <span key={value}>
                  <a href={`tel:${value}`} className="hover:underline">
                    {phone(value)}
                  </a>
                  {textHref ? (
                    <Link to={textHref} className="ml-3 text-brand-700 underline" aria-label={`Text ${phone(value)}`}>
                      Text
                    </Link>
                  ) : null}
                  {optedOut.has(value) ? (
                    <span className="mt-0.5 block text-xs text-amber-800" data-testid="sms-opt-out">
                      {smsOptOutMessages.contactOptedOut(OPT_OUT_DATE.format(new Date(optedOut.get(value)!)))}
                    </span>
                  ) : null}
                </span>
              ) : label === 'Email' ? (
                <a key={value} href={`mailto:${value}`} className="hover:underline">
                  {value}
                </a>
              ) : (
                <span key={value}>{value}</span>
              ),
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
