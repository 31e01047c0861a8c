import { dev } from '#contract/v1/dev';
import { notFound } from '#api/lib/errors';
import { serveCalls } from '#api/lib/v1-call';
import type { ApiDeps } from '#api/deps';
import { listOutbox } from '#api/services/outbox';
import { createCall, createForm, createSms } from '#api/features/timeline/service';

/** These calls exist outside production only: there they answer as an unknown page. */
function outsideProduction(deps: ApiDeps): void {
  if (deps.env.APP_ENV === 'production') throw notFound('The page');
}

/** dev/…, declared in contract/v1/dev.ts. */
export const devRouter = serveCalls(dev, {
  outbox: async (c) => {
    const { db } = c.var.deps;
    outsideProduction(c.var.deps);
    const rows = await listOutbox(db);
    return {
      data: {
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.to,
          from: row.from,
          subject: row.subject,
          body: row.body,
          provider: row.provider,
          created_at: row.createdAt.toISOString(),
        })),
      },
    };
  },
  createSystemItem: async (c, { params, body: input }) => {
    const deps = c.var.deps;
    outsideProduction(deps);
    const common = {
      businessId: params.business_id,
      status: input.status ?? null,
      from: input.from ?? null,
      to: input.to ?? null,
      body: input.body ?? null,
      ...(input.customer_id !== undefined ? { customerId: input.customer_id } : {}),
      details: input.details ?? {},
    };
    const item =
      input.type === 'call'
        ? await createCall(deps, { ...common, direction: input.direction })
        : input.type === 'sms'
          ? await createSms(deps, { ...common, direction: input.direction, body: input.body ?? '' })
          : await createForm(deps, common);
    return { data: { item } };
  },
});
