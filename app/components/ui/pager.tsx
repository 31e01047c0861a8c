import { Link, useLocation } from '@remix-run/react';

/**
 * A list's page links (?page=, 0-based) that keep the page's other query parameters. Lists say
 * Newer / Older; the collection pages, which are not in time order, name the amount instead.
 */
export function Pager({
  page,
  total,
  pageSize,
  search,
  labels = ['Newer', 'Older'],
}: {
  page: number;
  total: number;
  pageSize: number;
  /** The query to keep, when it is not the page's own (a list inside a drawer). */
  search?: string;
  labels?: readonly [previous: string, next: string];
}) {
  const location = useLocation();
  const { pathname } = location;
  search ??= location.search;
  const hasNext = (page + 1) * pageSize < total;
  if (page === 0 && !hasNext) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(search);
    params.delete('deleted');
    if (target === 0) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav aria-label="Pages" className="flex justify-between text-sm">
      {page > 0 ? (
        <Link to={to(page - 1)} className="font-medium text-brand-600 underline">
          {labels[0]}
        </Link>
      ) : (
        <span />
      )}
      {hasNext ? (
        <Link to={to(page + 1)} className="font-medium text-brand-600 underline">
          {labels[1]}
        </Link>
      ) : null}
    </nav>
  );
}
