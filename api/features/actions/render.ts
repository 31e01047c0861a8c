import { renderTemplate } from '../notifications/notify-members';

/**
 * The text an action sends or writes: renderTemplate's {first_name}, {name} and
 * {business_name}, plus what the run is about: {order} (its lines, "2 x Sourdough loaf"),
 * {order_status}, {task} (the task's text) and {status} (the contact's status). Unknown
 * placeholders stay as written, so a typo shows in the preview instead of vanishing.
 */
export type RenderContext = {
  customer: {
    first_name: string | null;
    last_name?: string | null;
    status?: string | null;
    phone?: string | null;
    email?: string | null;
  } | null;
  business: { name: string | null };
  order?: { lines: { name: string; quantity: number }[]; status: string } | null;
  task?: { body: string | null } | null;
};

export const PLACEHOLDERS = ['first_name', 'name', 'business_name', 'order', 'order_status', 'task', 'status'] as const;

/** "2 x Sourdough loaf, 1 x Rye" (lines without a name are left out). */
export function orderSummary(order: RenderContext['order']): string {
  const lines = (order?.lines ?? []).filter((line) => line.name?.trim());
  return lines.length ? lines.map((line) => `${line.quantity} x ${line.name.trim()}`).join(', ') : 'your order';
}

/** A contact created from a number alone is "named" by it: greet them as "there". */
function realFirstName(customer: RenderContext['customer']): string | null {
  const first = customer?.first_name?.trim();
  if (!first || first === customer?.phone || /^\+?\d[\d\s-]*$/.test(first)) return null;
  return first;
}

/**
 * How a task names the contact for the team: their name, else the phone number or email they
 * can be reached on (a greeting's "there" would tell the team nothing), else "a customer".
 */
function teamName(customer: RenderContext['customer'], first: string | null, whole: boolean): string {
  if (first) return whole ? [first, customer?.last_name?.trim()].filter(Boolean).join(' ') : first;
  return customer?.phone?.trim() || customer?.email?.trim() || 'a customer';
}

/**
 * audience 'customer' (an SMS or email to them: an unknown name is "there") or 'team' (a task:
 * the contact is named by name, phone or email).
 */
export function renderActionText(
  template: string,
  context: RenderContext,
  audience: 'customer' | 'team' = 'customer',
): string {
  const first = realFirstName(context.customer);
  const forTeam =
    audience === 'team'
      ? template.replace(/\{(first_name|name)\}/g, (_, key: string) =>
          teamName(context.customer, first, key === 'name'),
        )
      : template;
  const base = renderTemplate(forTeam, {
    first_name: first,
    name: first ? [first, context.customer?.last_name].filter(Boolean).join(' ') : null,
    business_name: context.business.name,
  });
  return base.replace(/\{(order|order_status|task|status)\}/g, (whole, key: string) => {
    if (key === 'order') return context.order ? orderSummary(context.order) : whole;
    if (key === 'order_status') return context.order?.status ?? whole;
    if (key === 'task') return context.task?.body?.trim() || 'a task';
    return context.customer?.status ?? whole;
  });
}
