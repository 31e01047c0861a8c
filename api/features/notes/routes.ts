import { messages } from '#contract/messages';
import { notes } from '#contract/v1/notes';
import { notFound } from '#api/lib/errors';
import { serveCalls } from '#api/lib/v1-call';
import {
  createNote,
  deleteTimelineItem,
  findTimelineRow,
  listTimeline,
  restoreTimelineItem,
  serializeRow,
  updateNote,
} from '#api/features/timeline/service';

/** The note and task calls declared in contract/v1/notes.ts; permissions are checked from there. */
export const notesRouter = serveCalls(notes, {
  list: async (c, { params, body }) => {
    const { items, ...page } = await listTimeline(c.var.deps.db, params.business_id, ['note'], body);
    return { data: { notes: items, ...page } };
  },
  get: async (c, { params }) => {
    const { db } = c.var.deps;
    const row = await findTimelineRow(db, params.business_id, 'note', params.id);
    if (!row) throw notFound('The note');
    return { data: { note: await serializeRow(db, row) } };
  },
  create: async (c, { params, body }) => ({
    data: { note: await createNote(c.var.deps, params.business_id, body, { actorId: c.var.auth.user.id }) },
    messages: ['Note created.'],
  }),
  update: async (c, { params, body }) => {
    const actor = { actorId: c.var.auth.user.id };
    const result = await updateNote(c.var.deps, params.business_id, params.id, body, actor);
    const message = result.completed
      ? 'Task completed.'
      : result.reopened
        ? messages.note.taskReopened
        : 'Note updated.';
    return { data: { note: result.note, next_occurrence: result.nextOccurrence }, messages: [message] };
  },
  delete: async (c, { params }) => ({
    data: { note: await deleteTimelineItem(c.var.deps, params.business_id, 'note', params.id) },
    messages: ['Note deleted.'],
  }),
  restore: async (c, { params }) => ({
    data: { note: await restoreTimelineItem(c.var.deps, params.business_id, 'note', params.id) },
    messages: ['Note restored.'],
  }),
});
