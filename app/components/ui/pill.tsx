import type { HTMLAttributes } from 'react';

/**
 * The shape every status, role and kind badge shares. inline-flex flex-none: a badge in a flex
 * row (a list row, a heading's row) keeps its width and never wraps its one word.
 */
const PILL = 'inline-flex flex-none rounded-full px-2 py-0.5 text-xs font-medium';

/** The pill's class list with its colours (bg, text, ring), for an element that cannot be a Pill. */
export function pillClass(colour: string): string {
  return `${PILL} ${colour}`;
}

/** A badge: a span in the pill shape; data-testid, title and the other span attributes pass through. */
export function Pill({ colour, ...rest }: { colour: string } & Omit<HTMLAttributes<HTMLSpanElement>, 'className'>) {
  return <span className={pillClass(colour)} {...rest} />;
}
