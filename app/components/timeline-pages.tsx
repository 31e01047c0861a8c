import { Link } from '@remix-run/react';
import { PageHeader } from '#app/components/ui/page-header';
import type { ReactNode } from 'react';
import type { ApiTimelineItem } from '#contract/envelope';
import { counterpart, TIMELINE_KINDS, type TimelineKind } from '../lib/timeline';
import { formatDateTime } from '../lib/timezone';
import { DeleteConfirm, DeleteLink, Facts, ItemLabel, TimelineList, UndoBanner } from './timeline';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import { FilterDrawer } from './drawer';
import { RecentlyDeletedLink } from './recently-deleted';
import { usePhoneFormat } from '../lib/phone-labels';
import { Card } from '#app/components/ui/card';

const EMPTY_TEXT: Record<TimelineKind, string> = {
  calls: 'Calls your assistant answers or makes show up here.',
  sms: 'Text messages your assistant sends and receives show up here.',
  forms: 'Web forms your visitors send show up here.',
  notes: 'Notes and tasks you and your assistant write show up here.',
};

type ListData = {
  kind: TimelineKind;
  items: ApiTimelineItem[];
  total: number;
  page: number;
  deleted: string | null;
  canEdit: boolean;
  timeZone: string;
  now: string;
};

/** The list page shared by calls, SMS and forms (and notes, with its own toolbar). */
export function KindListPage({
  data,
  pageSize,
  toolbar,
  actions,
}: {
  data: ListData;
  pageSize: number;
  toolbar?: ReactNode;
  actions?: ReactNode;
}) {
  const config = TIMELINE_KINDS[data.kind];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={config.title} actions={actions}>
        <RecentlyDeletedLink kind={data.kind} />
      </PageHeader>
      {data.deleted && data.canEdit ? <UndoBanner kind={data.kind} id={data.deleted} /> : null}
      {toolbar ? <FilterDrawer>{toolbar}</FilterDrawer> : null}
      {data.items.length === 0 ? (
        <EmptyState title="Nothing here yet." testId={`${data.kind}-empty`}>
          {data.page > 0 ? 'There is nothing on this page.' : EMPTY_TEXT[data.kind]}
        </EmptyState>
      ) : (
        <TimelineList items={data.items} timeZone={data.timeZone} now={data.now} showDue={data.kind === 'notes'} />
      )}
      <Pager page={data.page} total={data.total} pageSize={pageSize} />
    </div>
  );
}

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
