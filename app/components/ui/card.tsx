import type { HTMLAttributes } from 'react';

/** The white, rounded, ringed surface every dashboard panel sits on. */
const SURFACE = 'rounded-2xl bg-white shadow-sm';

const PADDING = { none: '', sm: 'p-4', md: 'p-6' } as const;
const TONE = {
  plain: 'ring-1 ring-slate-200',
  danger: 'ring-1 ring-red-200',
  brand: 'ring-1 ring-brand-200',
  alert: 'ring-1 ring-red-300',
} as const;

export type CardLook = {
  /** md (p-6) for panels, sm (p-4) for tiles and rows, none for lists that pad their own rows. */
  padding?: keyof typeof PADDING;
  /** danger for a delete confirmation, brand for a highlighted panel, alert for something overdue. */
  tone?: keyof typeof TONE;
  /** Layout classes on top of the surface (flex, gap, divide-y, hover:…). */
  className?: string;
};

/** The card's class list, for elements that cannot be a Card (a Link, a Form, a details). */
export function cardClass({ padding = 'md', tone = 'plain', className }: CardLook = {}): string {
  return [className, PADDING[padding], SURFACE, TONE[tone]].filter(Boolean).join(' ');
}

type CardTag = 'section' | 'div' | 'article' | 'aside' | 'header' | 'ul' | 'ol' | 'li' | 'dl';

/** A panel on the card surface; a section unless told otherwise. */
export function Card({
  as: Tag = 'section',
  padding,
  tone,
  className,
  ...rest
}: CardLook & { as?: CardTag } & HTMLAttributes<HTMLElement>) {
  return <Tag className={cardClass({ padding, tone, className })} {...rest} />;
}
