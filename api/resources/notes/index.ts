import { createRoute, z } from '@hono/zod-openapi';
import { messages } from '#contract/messages';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { requireBusinessPermission } from '#api/lib/membership';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import {
  createNote,
  deleteTimelineItem,
  findTimelineRow,
  listTimeline,
  noteCreateInput,
  noteUpdateInput,
  restoreTimelineItem,
  serializeRow,
  updateNote,
} from '#api/services/timeline';
import { editRefusal, viewRefusal } from '#api/services/timeline-records';
import {
  itemParams,
  noteListFilters,
  optionalJsonBody,
  pageOut,
  parseWith,
  timelineItemOut,
} from '../timeline/schemas';

const tags = ['Notes'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const base = '/businesses/notes/{business_id}';
const noteOut = z.object({ note: timelineItemOut });

/**
 * Notes, which are tasks when they have a reminder (docs/product.md#entities and docs/product.md#validation): list, get, create,
 * update (incl. completing), delete, restore. notes/view to read, notes/edit to write.
 */
export const notesRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/list`,
      summary:
        'List notes and tasks, by sort_at newest first; task filters: tasks_only, incomplete_tasks_only, without_reminder, reminder range (sort_by reminder for due date), customer_id',
      request: { params: businessIdParam, body: optionalJsonBody(noteListFilters) },
      responses: envelope(z.object({ notes: z.array(timelineItemOut), ...pageOut })),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      const filters = parseWith(noteListFilters, c.req.valid('json'));
      await requireBusinessPermission(db, business_id, c.var.auth.user.id, 'notes/view', viewRefusal('note'));
      const { items, ...page } = await listTimeline(db, business_id, ['note'], filters);
      return ok(c, { notes: items, ...page });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/get/{id}`,
      summary: 'One note or task',
      request: { params: itemParams },
      responses: envelope(noteOut),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id, id } = c.req.valid('param');
      await requireBusinessPermission(db, business_id, c.var.auth.user.id, 'notes/view', viewRefusal('note'));
      const row = await findTimelineRow(db, business_id, 'note', id);
      if (!row) throw notFound('The note');
      return ok(c, { note: await serializeRow(db, row) });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/create`,
      summary: 'Create a note; with a reminder it is a task (a reminder without an offset is in the business timezone)',
      request: { params: businessIdParam, body: jsonBody(noteCreateInput) },
      responses: envelope(noteOut),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      const { user } = c.var.auth;
      await requireBusinessPermission(c.var.deps.db, business_id, user.id, 'notes/edit', editRefusal('note'));
      const note = await createNote(c.var.deps, business_id, c.req.valid('json'), { actorId: user.id });
      return ok(c, { note }, ['Note created.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/update/{id}`,
      summary: 'Update a note; { completed: true } completes a task (a repeated one gets its next occurrence, once)',
      request: { params: itemParams, body: jsonBody(noteUpdateInput) },
      responses: envelope(z.object({ note: timelineItemOut, next_occurrence: timelineItemOut.nullable() })),
    }),
    async (c) => {
      const { business_id, id } = c.req.valid('param');
      const { user } = c.var.auth;
      await requireBusinessPermission(c.var.deps.db, business_id, user.id, 'notes/edit', editRefusal('note'));
      const result = await updateNote(c.var.deps, business_id, id, c.req.valid('json'), { actorId: user.id });
      return ok(c, { note: result.note, next_occurrence: result.nextOccurrence }, [
        result.completed ? 'Task completed.' : result.reopened ? messages.note.taskReopened : 'Note updated.',
      ]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/delete/{id}`,
      summary: 'Delete a note (soft; it can be restored)',
      request: { params: itemParams },
      responses: envelope(noteOut),
    }),
    async (c) => {
      const { business_id, id } = c.req.valid('param');
      await requireBusinessPermission(
        c.var.deps.db,
        business_id,
        c.var.auth.user.id,
        'notes/edit',
        editRefusal('note'),
      );
      const note = await deleteTimelineItem(c.var.deps, business_id, 'note', id);
      return ok(c, { note }, ['Note deleted.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/restore/{id}`,
      summary: 'Restore a deleted note',
      request: { params: itemParams },
      responses: envelope(noteOut),
    }),
    async (c) => {
      const { business_id, id } = c.req.valid('param');
      await requireBusinessPermission(
        c.var.deps.db,
        business_id,
        c.var.auth.user.id,
        'notes/edit',
        editRefusal('note'),
      );
      const note = await restoreTimelineItem(c.var.deps, business_id, 'note', id);
      return ok(c, { note }, ['Note restored.']);
    },
  );
