import { Link } from '@remix-run/react';
import { truncate } from '#contract/constants';
import type { ApiTimelineItem } from '#contract/envelope';
import { notificationTime, timelineLabel } from '#contract/labels';
import { counterpart, isOverdue, itemPath, itemText } from '../lib/timeline';
import { usePhoneFormat } from '../lib/phone-labels';
import { Card } from '#app/components/ui/card';
import { PREVIEW_CLASS } from '#app/components/ui/preview';
import { Pill } from '#app/components/ui/pill';

const labelColours: Record<string, string> = {
  'Overdue Task': 'bg-red-100 text-red-800',
  'Overdue Repeated Task': 'bg-red-100 text-red-800',
  'Complete Task': 'bg-emerald-100 text-emerald-800',
  'Complete Repeated Task': 'bg-emerald-100 text-emerald-800',
  'Missed Call': 'bg-amber-100 text-amber-800',
  Voicemail: 'bg-amber-100 text-amber-800',
};

/** The display label (docs/product.md#labels) as a badge. */
export function ItemLabel({ item, now }: { item: ApiTimelineItem; now: Date }) {
  const label = timelineLabel(item, now);
  return (
    <Pill data-testid="item-label" colour={labelColours[label] ?? 'bg-slate-100 text-slate-700'}>
      {label}
    </Pill>
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
