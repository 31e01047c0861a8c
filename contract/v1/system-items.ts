import { z } from 'zod';
import type { Permission } from '../permissions';
import { listFiltersSchema } from '../schemas/list';
import { businessParams, defineCall, idParams } from './define';
import { pageOut, timelineItemOut } from './timeline';

/**
 * Calls, SMS and forms: only the systems create them (docs/product.md#capabilities), so each
 * kind has the same four calls, list, get, delete and restore, declared here from one table
 * per kind. Viewing needs <kind>/view, deleting and restoring <kind>/edit.
 */
/** Calls, smses and forms: the generic filters plus the contact. */
export const itemListFilters = listFiltersSchema.extend({ customer_id: z.string().max(100).optional() });

type Kind<Many extends string, One extends string> = {
  /** businesses/<many>/…, and the list's data key. */
  many: Many;
  /** The data key of one item. */
  one: One;
  /** How a summary names one item. */
  lower: string;
  tag: string;
  view: Permission;
  edit: Permission;
};

function systemItemCalls<const Many extends string, const One extends string>(kind: Kind<Many, One>) {
  const base = `businesses/${kind.many}/{business_id}` as const;
  const one = z.object({ [kind.one]: timelineItemOut } as Record<One, typeof timelineItemOut>);
  const many = z.object({ [kind.many]: z.array(timelineItemOut), ...pageOut } as Record<
    Many,
    z.ZodArray<typeof timelineItemOut>
  > &
    typeof pageOut);
  const tags = [kind.tag];
  return {
    list: defineCall({
      path: `${base}/list`,
      params: businessParams,
      body: itemListFilters,
      bodyRequired: false,
      response: many,
      permission: kind.view,
      summary: `List the business's ${kind.many}, newest first`,
      tags,
    }),
    get: defineCall({
      path: `${base}/get/{id}`,
      params: idParams('id'),
      response: one,
      permission: kind.view,
      summary: `One ${kind.lower}`,
      tags,
    }),
    delete: defineCall({
      path: `${base}/delete/{id}`,
      params: idParams('id'),
      response: one,
      permission: kind.edit,
      summary: `Delete a ${kind.lower} (soft; it can be restored)`,
      tags,
    }),
    restore: defineCall({
      path: `${base}/restore/{id}`,
      params: idParams('id'),
      response: one,
      permission: kind.edit,
      summary: `Restore a deleted ${kind.lower}`,
      tags,
    }),
  };
}

export const calls = {
  ...systemItemCalls({
    many: 'calls',
    one: 'call',
    lower: 'call',
    tag: 'Calls',
    view: 'calls/view',
    edit: 'calls/edit',
  }),
  recording: defineCall({
    path: 'businesses/calls/{business_id}/recording/{id}',
    params: idParams('id'),
    response: z.object({ url: z.string(), expires_at: z.string() }),
    permission: 'calls/view',
    summary: "A short-lived signed URL (5 minutes) to play the call's recording",
    tags: ['Calls'],
  }),
};
export const smses = systemItemCalls({
  many: 'smses',
  one: 'sms',
  lower: 'SMS',
  tag: 'SMS',
  view: 'smses/view',
  edit: 'smses/edit',
});
export const forms = systemItemCalls({
  many: 'forms',
  one: 'form',
  lower: 'form',
  tag: 'Forms',
  view: 'forms/view',
  edit: 'forms/edit',
});

/** The four calls of a kind, whatever its keys (the API serves every kind with one set of handlers). */
export type SystemItemCalls = ReturnType<typeof systemItemCalls<string, string>>;
