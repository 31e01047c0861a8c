import type { ReactNode } from 'react';

/**
 * A page's title (its one h1), the lines under it (children) and, at the right, its actions.
 * With no lines and no actions it is the bare h1, as most form pages have it. Given actions
 * (even null, as for a member who may not add), it is the row that puts them at the right.
 */
export function PageHeader({
  title,
  children,
  actions,
  align = 'center',
}: {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** end lines the actions up with the last line under the title instead of its middle. */
  align?: 'center' | 'end';
}) {
  const heading = <h1 className="text-2xl font-semibold">{title}</h1>;
  if (!actions)
    return children ? (
      <div>
        {heading}
        {children}
      </div>
    ) : (
      heading
    );
  return (
    <div className={`flex flex-wrap justify-between gap-3 ${align === 'end' ? 'items-end' : 'items-center'}`}>
      <div>
        {heading}
        {children}
      </div>
      {actions}
    </div>
  );
}

/** The grey line under a page title. */
export function PageDescription({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="text-sm text-slate-600" data-testid={testId}>
      {children}
    </p>
  );
}
