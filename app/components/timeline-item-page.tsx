import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { ApiTimelineItem } from '#contract/envelope';
import { counterpart, TIMELINE_KINDS, type TimelineKind } from '../lib/timeline';
import { formatDateTime } from '../lib/timezone';
import { usePhoneFormat } from '../lib/phone-labels';
import { ItemLabel } from './timeline';
import { DeleteConfirm, DeleteLink } from './timeline-delete.deferred';
import { Facts } from './facts';
import { Card } from '#app/components/ui/card';

type ItemData = {
  kind: TimelineKind;
  item: ApiTimelineItem;
  canEdit: boolean;
  confirmDelete: boolean;
  timeZone: string;
  now: string;
};

/**
 * The frame of one item's page: back link, label, contact, the entity's main content
 * (intro), the facts every item has, then the rest of its content, and delete (with its confirmation) for members who may edit.
 */
export function ItemPage({
  data,
  intro,
  children,
  actions,
}: {
  data: ItemData;
  intro?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const config = TIMELINE_KINDS[data.kind];
  const { item, timeZone } = data;
  const phone = usePhoneFormat();
  return (
    <div className="flex flex-col gap-6">
      <Link to={`/dashboard/${config.path}`} className="text-sm font-medium text-brand-600 underline">
        ← {config.title}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <ItemLabel item={item} now={new Date(data.now)} />
        <h1 className="text-2xl font-semibold">
          {item.type === 'note' && !item.customer ? 'Note' : counterpart(item, phone)}
        </h1>
      </header>
      {data.confirmDelete ? (
        <DeleteConfirm
          noun={config.noun}
          action={`/dashboard/${config.path}/${item._id}`}
          cancel={
            <Link
              to={`/dashboard/${config.path}/${item._id}`}
              className="text-sm font-medium text-slate-700 underline"
              preventScrollReset
            >
              Cancel
            </Link>
          }
        />
      ) : null}
      {intro}
      <Card>
        <Facts
          rows={[
            [
              'Contact',
              item.customer ? (
                <Link to={`/dashboard/customers/${item.customer._id}`} className="text-brand-600 underline">
                  {item.customer.name}
                </Link>
              ) : null,
            ],
            [
              'Direction',
              item.direction && item.type !== 'form' ? (item.direction === 'inbound' ? 'Inbound' : 'Outbound') : null,
            ],
            ['From', phone(item.from)],
            ['To', phone(item.to)],
            [
              'Phones found',
              item.phones_found?.length ? item.phones_found.map((found) => phone(found)).join(', ') : null,
            ],
            [
              'When',
              <time key="when" dateTime={item.sort_at}>
                {formatDateTime(item.sort_at, timeZone)}
              </time>,
            ],
          ]}
        />
      </Card>
      {children}
      {data.canEdit || actions ? (
        <div className="flex flex-wrap items-center gap-3">
          {actions}
          {data.canEdit && !data.confirmDelete ? (
            <DeleteLink noun={config.noun} self={`/dashboard/${config.path}/${item._id}`} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
