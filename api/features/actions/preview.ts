import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ActionKind } from '#contract/schemas/action';
import { DEFAULT_SETTINGS } from '#contract/schemas/system';
import type { Db } from '#api/db/client';
import { actions, businesses, customers, orders, systems } from '#api/db/schema';
import { invalid } from '#api/lib/errors';
import { phoneSettings } from '../systems/text-back';
import { systemSettings, type SystemRow } from '../systems/store';
import { DEFAULT_TEMPLATES } from './perform';
import { renderActionText } from './render';

/**
 * The editor's preview: the template as a sample customer would get it. The sample is the
 * customer asked for, else the business's most recently updated contact, else a made-up
 * "Alex Sample"; {order} is their latest order (else two sample lines) and {task} a sample
 * task. An empty template previews what the action would really send: the kind's default,
 * or for the two ready-made issue-8 actions the phone system's or form's own template.
 */
export type PreviewInput = {
  template?: string | null;
  kind?: ActionKind;
  customer_id?: string | null;
  action_id?: string | null;
};
export type Preview = { text: string; customer: { _id: string; name: string } | null };

const SAMPLE_CUSTOMER = { first_name: 'Alex', last_name: 'Sample', status: 'lead', phone: null };
const SAMPLE_ORDER = { lines: [{ name: 'Sourdough loaf', quantity: 2 }], status: 'new' };
const SAMPLE_TASK = { body: 'Call back about the quote' };

/** The text a ready-made action sends with no template of its own: its system's. */
async function systemTemplate(db: Db, businessId: string, key: string | null): Promise<string | null> {
  if (key !== 'missed_call_text_back' && key !== 'lead_follow_up') return null;
  const rows = await db
    .select()
    .from(systems)
    .where(and(eq(systems.businessId, businessId), isNull(systems.deletedAt)))
    .orderBy(systems.createdAt);
  if (key === 'missed_call_text_back') {
    const phone = rows.find((row) => row.name !== 'leadcatcher');
    return phone ? phoneSettings(phone).text_back_template : DEFAULT_SETTINGS.telephony.text_back_template;
  }
  const form = rows.find((row): row is SystemRow & { name: 'leadcatcher' } => row.name === 'leadcatcher');
  return form ? systemSettings(form).follow_up_template : DEFAULT_SETTINGS.leadcatcher.follow_up_template;
}

export async function previewActionText(db: Db, businessId: string, input: PreviewInput): Promise<Preview> {
  const [business] = await db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  const [action] = input.action_id
    ? await db
        .select()
        .from(actions)
        .where(and(eq(actions.id, input.action_id), eq(actions.businessId, businessId)))
        .limit(1)
    : [];
  const live = and(eq(customers.businessId, businessId), isNull(customers.deletedAt), isNull(customers.mergedIntoId));
  const [customer] = input.customer_id
    ? await db
        .select()
        .from(customers)
        .where(and(live, eq(customers.id, input.customer_id)))
        .limit(1)
    : await db.select().from(customers).where(live).orderBy(desc(customers.updatedAt), desc(customers.id)).limit(1);
  if (input.customer_id && !customer) throw invalid({ customer_id: ['Customer not found.'] });
  const [order] = customer
    ? await db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customer.id), isNull(orders.deletedAt)))
        .orderBy(desc(orders.createdAt))
        .limit(1)
    : [];

  const kind = input.kind ?? (action?.kind as ActionKind | undefined) ?? 'send_sms';
  const template =
    input.template?.trim() ||
    (await systemTemplate(db, businessId, action?.key ?? null)) ||
    DEFAULT_TEMPLATES[kind] ||
    '';
  const text = renderActionText(
    template,
    {
      customer: customer
        ? {
            first_name: customer.firstName,
            last_name: customer.lastName,
            status: customer.status,
            phone: customer.phones[0] ?? null,
            email: customer.emails[0] ?? null,
          }
        : SAMPLE_CUSTOMER,
      business: { name: business?.name ?? null },
      order: order ? { lines: order.lines, status: order.status } : SAMPLE_ORDER,
      task: SAMPLE_TASK,
    },
    kind === 'create_task' ? 'team' : 'customer',
  );
  return {
    text,
    customer: customer
      ? { _id: customer.id, name: [customer.firstName, customer.lastName].filter(Boolean).join(' ') }
      : null,
  };
}
