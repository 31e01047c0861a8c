import { z } from 'zod';
import { noteSchema } from '../schemas/note';
import { taskFiltersSchema } from '../schemas/list';
import { businessParams, defineCall, idParams } from './define';
import { pageOut, timelineItemOut } from './timeline';

/** Notes, which are tasks when they have a reminder (docs/product.md#entities and docs/product.md#validation). */
const tags = ['Notes'];
const noteParams = idParams('id');

/** Empty text from a form means "none" (clears the field on update). */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const noteCreateBody = noteSchema.extend({
  customer_id: z.preprocess(blankAsNull, noteSchema.shape.customer_id),
  reminder: z.preprocess(blankAsNull, noteSchema.shape.reminder),
  assigned_to: z.preprocess(blankAsNull, noteSchema.shape.assigned_to),
});
/** Partial: only what is sent changes. */
export const noteUpdateBody = noteCreateBody.partial();

const noteData = z.object({ note: timelineItemOut });

export const notes = {
  list: defineCall({
    path: 'businesses/notes/{business_id}/list',
    params: businessParams,
    body: taskFiltersSchema,
    bodyRequired: false,
    response: z.object({ notes: z.array(timelineItemOut), ...pageOut }),
    permission: 'notes/view',
    summary:
      'List notes and tasks, by sort_at newest first; task filters: tasks_only, incomplete_tasks_only, without_reminder, reminder range (sort_by reminder for due date), customer_id',
    tags,
  }),
  get: defineCall({
    path: 'businesses/notes/{business_id}/get/{id}',
    params: noteParams,
    response: noteData,
    permission: 'notes/view',
    summary: 'One note or task',
    tags,
  }),
  create: defineCall({
    path: 'businesses/notes/{business_id}/create',
    params: businessParams,
    body: noteCreateBody,
    response: noteData,
    permission: 'notes/edit',
    summary: 'Create a note; with a reminder it is a task (a reminder without an offset is in the business timezone)',
    tags,
  }),
  update: defineCall({
    path: 'businesses/notes/{business_id}/update/{id}',
    params: noteParams,
    body: noteUpdateBody,
    response: z.object({ note: timelineItemOut, next_occurrence: timelineItemOut.nullable() }),
    permission: 'notes/edit',
    summary: 'Update a note; { completed: true } completes a task (a repeated one gets its next occurrence, once)',
    tags,
  }),
  delete: defineCall({
    path: 'businesses/notes/{business_id}/delete/{id}',
    params: noteParams,
    response: noteData,
    permission: 'notes/edit',
    summary: 'Delete a note (soft; it can be restored)',
    tags,
  }),
  restore: defineCall({
    path: 'businesses/notes/{business_id}/restore/{id}',
    params: noteParams,
    response: noteData,
    permission: 'notes/edit',
    summary: 'Restore a deleted note',
    tags,
  }),
};
