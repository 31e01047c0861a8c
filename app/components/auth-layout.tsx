import type { ReactNode } from 'react';
import { Main } from './skip-link';
import { Card } from '#app/components/ui/card';

/**
 * The frame of the signed-out pages: a centred card under the product name. Their fields do
 * not autofocus: the first Tab is the skip link, as on every page, and a screen reader
 * starts at the top with the page's title rather than in the middle of the form.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Main skipLink className="flex min-h-full flex-col items-center justify-center px-4 py-10">
      <p className="mb-6 text-lg font-semibold text-brand-700">Business Assistant</p>
      <Card as="div" className="w-full max-w-md sm:p-8">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </Card>
      {footer ? <div className="mt-6 text-sm text-slate-600">{footer}</div> : null}
    </Main>
  );
}
