import { systemStatusLabel } from '#contract/system-terms';
import { Pill } from '#app/components/ui/pill';

/**
 * "active" (green) or "requires setup" (amber): docs/product.md#labels. On the settings page's
 * list and on a system's own page, which does not load the list's code.
 */
export function SystemStatusBadge({ status }: { status: string }) {
  const active = status === 'active';
  return (
    <Pill
      data-testid="system-status"
      colour={
        active
          ? 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200'
          : 'bg-amber-50 text-amber-800 ring-1 ring-amber-200'
      }
    >
      {systemStatusLabel(status)}
    </Pill>
  );
}
