import { createRoute, z } from '@hono/zod-openapi';
import { permissionRefusal } from '#contract/messages';
import {
  appointmentCancelSchema,
  appointmentCreateSchema,
  appointmentEditSchema,
  appointmentListSchema,
  appointmentMessages,
  freeSlotsSchema,
} from '#contract/schemas/appointment';
import type { Db } from '#api/db/client';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { requireBusinessPermission } from '#api/lib/membership';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import {
  cancelAppointment,
  createAppointment,
  editAppointment,
  findAppointment,
  freeSlots,
  listAppointments,
  serializeOneAppointment,
} from '#api/services/appointments';
import { feedCalendar, feedStatus, regenerateFeed, revokeFeed } from '#api/services/calendar-feeds';
import { optionalJsonBody, parseWith } from '../timeline/schemas';

const tags = ['Appointments'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const base = '/businesses/appointments/{business_id}';
const appointmentIdParam = businessIdParam.extend({
  appointment_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'appointment_id', in: 'path' } }),
});

export const APPOINTMENTS_EDIT_REFUSAL = 'You do not have permission to edit appointments';

/**
 * An appointment is a contact's visit: reading needs customers/view (the list refuses with
 * the spec's "view customers" sentence), booking, moving and cancelling customers/edit.
 */
const canView = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'customers/view', permissionRefusal('customers'));
const canEdit = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'customers/edit', APPOINTMENTS_EDIT_REFUSAL);

const person = z.object({ _id: z.string(), name: z.string() });
const appointmentOut = z
  .object({
    _id: z.string(),
    customer_id: z.string(),
    customer: person.nullable(),
    service_id: z.string().nullable(),
    service: person.nullable(),
    start_at: z.string().openapi({ description: 'ISO 8601 instant (UTC)' }),
    end_at: z.string(),
    status: z.enum(['booked', 'cancelled']),
    notes: z.string().nullable(),
    source: z.enum(['manual', 'assistant']),
    created_by: person.nullable().openapi({ description: 'The member who booked it; null when the assistant did' }),
    cancelled_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Appointment');
const slotOut = z
  .object({ start_at: z.string(), end_at: z.string(), date: z.string(), start: z.string(), end: z.string() })
  .openapi('FreeSlot', {
    description: 'date, start and end are on the business clock; start_at and end_at are UTC instants',
  });
const appointmentAnswer = envelope(z.object({ appointment: appointmentOut }));
const feedOut = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  url: z.string().optional().openapi({ description: 'Only in the answer to regenerate: the address is not kept' }),
});

const timeNote =
  'Times are ISO 8601 instants, or wall-clock times without an offset ("2026-12-05T14:00") on the business clock.';

export const appointmentsRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/list`,
      summary:
        'Appointments: upcoming (soonest first, the default), past or all (latest first); filter by status and customer_id',
      request: { params: businessIdParam, body: optionalJsonBody(appointmentListSchema) },
      responses: envelope(
        z.object({ appointments: z.array(appointmentOut), total: z.number(), page: z.number(), limit: z.number() }),
      ),
    }),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { business_id } = c.req.valid('param');
      const filters = parseWith(appointmentListSchema, c.req.valid('json'));
      await canView(db, business_id, c.var.auth.user.id);
      return ok(c, await listAppointments(db, business_id, filters, clock.now()));
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/get/{appointment_id}`,
      summary: 'One appointment',
      request: { params: appointmentIdParam },
      responses: appointmentAnswer,
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id, appointment_id } = c.req.valid('param');
      await canView(db, business_id, c.var.auth.user.id);
      const row = await findAppointment(db, business_id, appointment_id);
      if (!row) throw notFound('The appointment');
      return ok(c, { appointment: await serializeOneAppointment(db, row) });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/free-slots`,
      summary: `Free starts inside the opening hours, none over a booked appointment: from (YYYY-MM-DD, today by default), days (1–31, 7), duration_minutes (the service_id's duration, else 60)`,
      request: { params: businessIdParam, body: optionalJsonBody(freeSlotsSchema) },
      responses: envelope(z.object({ slots: z.array(slotOut) })),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      const options = parseWith(freeSlotsSchema, c.req.valid('json'));
      await canView(c.var.deps.db, business_id, c.var.auth.user.id);
      return ok(c, { slots: await freeSlots(c.var.deps, business_id, options) });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/create`,
      summary: `Book an appointment inside the opening hours (409 over another one); without end_at it lasts its service's duration (60 minutes without a service); texts the contact unless notify_customer is false. ${timeNote}`,
      request: { params: businessIdParam, body: jsonBody(appointmentCreateSchema) },
      responses: appointmentAnswer,
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      const userId = c.var.auth.user.id;
      await canEdit(c.var.deps.db, business_id, userId);
      const { appointment, customerMessage } = await createAppointment(c.var.deps, business_id, c.req.valid('json'), {
        source: 'manual',
        createdBy: userId,
      });
      return ok(
        c,
        { appointment },
        customerMessage ? [appointmentMessages.created, customerMessage] : [appointmentMessages.created],
      );
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/edit/{appointment_id}`,
      summary: `Change an appointment (only the fields sent; a new start alone keeps its length); a move texts the contact unless notify_customer is false. ${timeNote}`,
      request: { params: appointmentIdParam, body: jsonBody(appointmentEditSchema) },
      responses: appointmentAnswer,
    }),
    async (c) => {
      const { business_id, appointment_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const { appointment, customerMessage } = await editAppointment(
        c.var.deps,
        business_id,
        appointment_id,
        c.req.valid('json'),
      );
      return ok(
        c,
        { appointment },
        customerMessage ? [appointmentMessages.updated, customerMessage] : [appointmentMessages.updated],
      );
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/cancel/{appointment_id}`,
      summary: 'Cancel an appointment (kept, its time freed); texts the contact unless notify_customer is false',
      request: { params: appointmentIdParam, body: optionalJsonBody(appointmentCancelSchema) },
      responses: appointmentAnswer,
    }),
    async (c) => {
      const { business_id, appointment_id } = c.req.valid('param');
      const body = parseWith(appointmentCancelSchema, c.req.valid('json'));
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const { appointment, customerMessage } = await cancelAppointment(c.var.deps, business_id, appointment_id, body);
      return ok(
        c,
        { appointment },
        customerMessage ? [appointmentMessages.cancelledDone, customerMessage] : [appointmentMessages.cancelledDone],
      );
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/calendar-feed`,
      summary:
        "Whether the caller has a private calendar feed of this business's appointments (the address itself is not kept)",
      request: { params: businessIdParam },
      responses: envelope(z.object({ feed: feedOut })),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await canView(c.var.deps.db, business_id, c.var.auth.user.id);
      return ok(c, { feed: await feedStatus(c.var.deps.db, business_id, c.var.auth.user.id) });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/calendar-feed/regenerate`,
      summary:
        'A new private feed address for the caller (the old one stops working); the answer is the only time it is shown',
      request: { params: businessIdParam },
      responses: envelope(z.object({ feed: feedOut })),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await canView(c.var.deps.db, business_id, c.var.auth.user.id);
      const feed = await regenerateFeed(c.var.deps, business_id, c.var.auth.user.id);
      return ok(c, { feed: { active: true, created_at: feed.created_at, url: feed.url } }, [
        appointmentMessages.feedCreated,
      ]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/calendar-feed/revoke`,
      summary: "Revoke the caller's feed address: it answers 404 from now on",
      request: { params: businessIdParam },
      responses: envelope(z.object({ feed: feedOut })),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await canView(c.var.deps.db, business_id, c.var.auth.user.id);
      await revokeFeed(c.var.deps.db, business_id, c.var.auth.user.id);
      return ok(c, { feed: { active: false, created_at: null } }, [appointmentMessages.feedRevoked]);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/calendar/{token}',
      tags,
      summary:
        'A private calendar feed (text/calendar, RFC 5545); the token is the secret, so no bearer. The web server also answers it at /calendar/<token>.ics',
      request: { params: z.object({ token: z.string().openapi({ param: { name: 'token', in: 'path' } }) }) },
      responses: {
        200: { description: 'The calendar', content: { 'text/calendar': { schema: z.string() } } },
        404: { description: 'Unknown or revoked token', content: { 'text/plain': { schema: z.string() } } },
      },
    }),
    async (c): Promise<Response> => {
      const token = (c.req.param('token') ?? '').replace(/\.ics$/i, '');
      const text = await feedCalendar(c.var.deps, token);
      if (text === null)
        return new Response('No such calendar.\n', {
          status: 404,
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        });
      return new Response(text, {
        status: 200,
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': 'inline; filename="appointments.ics"',
          'cache-control': 'private, max-age=300',
        },
      });
    },
  );
