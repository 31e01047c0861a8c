import { PageHeader } from '#app/components/ui/page-header';
import type { ReactNode } from 'react';
import type { ApiTimelineItem } from '#contract/envelope';
import { TIMELINE_KINDS, type TimelineKind } from '../lib/timeline';
import { TimelineList } from './timeline';
import { deferred } from './deferred';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import { FilterDrawer } from './list-filters';
import { RecentlyDeletedLink } from './recently-deleted';

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

/**
 * After a delete: the undo (restore) action, a form posting back to the item's page. It loads
 * after the page (`deferred`) with the delete dialog's module; the server renders it in place,
 * so Restore posts without JavaScript.
 */
const RestoreBanner = deferred('restore-banner', () =>
  import('./delete-restore').then((module) => module.RestoreBanner),
);

function UndoBanner({ kind, id }: { kind: TimelineKind; id: string }) {
  const config = TIMELINE_KINDS[kind];
  return <RestoreBanner action={`/dashboard/${config.path}/${id}`} noun={config.noun} />;
}

/**
 * The list page shared by calls, SMS and forms (and notes, with its own toolbar). An item's page
 * is app/components/timeline-item-page.tsx: a module each, so neither loads the other's code.
 */
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
