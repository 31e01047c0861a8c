import type { SystemItemCalls } from '#contract/v1/system-items';
import { notFound } from '#api/lib/errors';
import type { Context } from 'hono';
import type { V1Call } from '#contract/v1/define';
import type { ApiEnv } from '#api/lib/context';
import type { CallHandler, CallInput } from '#api/lib/v1-call';
import {
  deleteTimelineItem,
  findTimelineRow,
  listTimeline,
  restoreTimelineItem,
  serializeRow,
} from '#api/features/timeline/service';
import { TYPE_INFO, type TimelineType } from '#api/features/timeline/records';

/**
 * The handlers of a kind's list, get, delete and restore (declared in contract/v1/system-items.ts;
 * the declaration checks <kind>/view and <kind>/edit). Only the systems create these items.
 */
type Handlers<Calls extends Record<keyof SystemItemCalls, V1Call>> = {
  [K in keyof SystemItemCalls]: CallHandler<Calls[K]>;
};
/** A kind's handler: its input is every kind's, its data is keyed by the kind (TYPE_INFO). */
type KindHandler<C extends V1Call> = (
  c: Context<ApiEnv>,
  input: CallInput<C>,
) => Promise<{ data: Record<string, unknown>; messages?: string[] }>;

export function systemItemHandlers<Calls extends Record<keyof SystemItemCalls, V1Call>>(
  type: Exclude<TimelineType, 'note' | 'chat'>,
): Handlers<Calls> {
  const info = TYPE_INFO[type];
  const handlers: { [K in keyof SystemItemCalls]: KindHandler<SystemItemCalls[K]> } = {
    list: async (c, { params, body: filters }) => {
      const { db } = c.var.deps;
      const { items, ...page } = await listTimeline(db, params.business_id, [type], filters, {
        defaultSort: 'created_at',
      });
      return { data: { [info.many]: items, ...page } };
    },
    get: async (c, { params }) => {
      const { db } = c.var.deps;
      const row = await findTimelineRow(db, params.business_id, type, params.id);
      if (!row) throw notFound(`The ${info.lower}`);
      return { data: { [info.one]: await serializeRow(db, row) } };
    },
    delete: async (c, { params }) => {
      const item = await deleteTimelineItem(c.var.deps, params.business_id, type, params.id);
      return { data: { [info.one]: item }, messages: [`${info.noun} deleted.`] };
    },
    restore: async (c, { params }) => {
      const item = await restoreTimelineItem(c.var.deps, params.business_id, type, params.id);
      return { data: { [info.one]: item }, messages: [`${info.noun} restored.`] };
    },
  };
  // The data keys are the kind's (TYPE_INFO), the ones its declaration names too.
  return handlers as unknown as Handlers<Calls>;
}
