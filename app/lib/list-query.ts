/**
 * What a dashboard list reads from its URL: the page, the search text and its filters. The
 * lists are GET forms, so every value comes from the query string and a bad one means "none".
 */

/** Rows per page of a dashboard list. */
export const LIST_PAGE_SIZE = 50;

/** The 0-based page from ?page=; anything that is not a page number is the first page. */
export function readPage(params: URLSearchParams): number {
  return Math.max(0, Math.floor(Number(params.get('page')) || 0));
}

/** The search box's text, trimmed and at most 100 characters (the API's search limit). */
export function readSearch(params: URLSearchParams, name = 'q'): string {
  return (params.get(name) ?? '').trim().slice(0, 100);
}

/** A filter that must be one of `allowed`; anything else (or nothing) is no filter, ''. */
export function readChoice<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | '' {
  const value = params.get(name) ?? '';
  return (allowed as readonly string[]).includes(value) ? (value as T) : '';
}
