import { actions } from '#contract/v1/actions';
import { notFound } from '#api/lib/errors';
import { serveCalls } from '#api/lib/v1-call';
import {
  createAction,
  deleteAction,
  findAction,
  listActions,
  restoreAction,
  serializeOneAction,
  updateAction,
} from '#api/features/actions/service';
import { previewActionText } from '#api/features/actions/preview';
import { ensureReadyMadeActions } from '#api/features/actions/ready-made';
import { listRuns } from '#api/features/actions/store';

/** The action calls declared in contract/v1/actions.ts; permissions are checked from there. */
export const actionsRouter = serveCalls(actions, {
  list: async (c, { params, body }) => {
    // The ready-made follow-ups are offered on first use, so the first list already shows them.
    await ensureReadyMadeActions(c.var.deps, params.business_id);
    return { data: await listActions(c.var.deps.db, params.business_id, body) };
  },
  get: async (c, { params }) => {
    const { db } = c.var.deps;
    const row = await findAction(db, params.business_id, params.action_id);
    if (!row) throw notFound('The action');
    return { data: { action: await serializeOneAction(db, row) } };
  },
  create: async (c, { params, body }) => ({
    data: { action: await createAction(c.var.deps, params.business_id, body) },
    messages: ['Action created.'],
  }),
  update: async (c, { params, body }) => ({
    data: { action: await updateAction(c.var.deps, params.business_id, params.action_id, body) },
    messages: ['Action updated.'],
  }),
  delete: async (c, { params }) => ({
    data: { action: await deleteAction(c.var.deps, params.business_id, params.action_id) },
    messages: ['Action deleted.'],
  }),
  restore: async (c, { params }) => ({
    data: { action: await restoreAction(c.var.deps, params.business_id, params.action_id) },
    messages: ['Action restored.'],
  }),
  runs: async (c, { params, body }) => {
    const { db } = c.var.deps;
    // A deleted action keeps its history (it can be restored).
    const action =
      (await findAction(db, params.business_id, params.action_id)) ??
      (await findAction(db, params.business_id, params.action_id, { deleted: true }));
    if (!action) throw notFound('The action');
    const runs = await listRuns(db, params.business_id, action.id, body);
    return { data: { ...runs, page: body.page, limit: body.limit } };
  },
  preview: async (c, { params, body }) => ({
    data: { preview: await previewActionText(c.var.deps.db, params.business_id, body) },
  }),
});
