import { z } from 'zod';
import {
  appointmentCancelSchema,
  appointmentCreateSchema,
  appointmentEditSchema,
  appointmentListSchema,
  freeSlotsSchema,
} from '../schemas/appointment';
import { businessParams, defineCall, idParams } from './define';

/**
 * Appointments are contacts' visits (docs/appointments.md): reading needs customers/view,
 * booking, moving and cancelling customers/edit (refused as "edit appointments").
 */
const tags = ['Appointments'];
const appointmentParams = idParams('appointment_id');
const editRefusal = 'You do not have permission to edit appointments';

const person = z.object({ _id: z.string(), name: z.string() });
export const appointmentOut = z
  .object({
    _id: z.string(),
    customer_id: z.string(),
    customer: person.nullable(),
    service_id: z.string().nullable(),
    service: person.nullable(),
    start_at: z.string().meta({ description: 'ISO 8601 instant (UTC)' }),
    end_at: z.string(),
    status: z.enum(['booked', 'cancelled']),
    notes: z.string().nullable(),
    source: z.enum(['manual', 'assistant']),
    created_by: person.nullable().meta({ description: 'The member who booked it; null when the assistant did' }),
    cancelled_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Appointment' });
export const freeSlotOut = z
  .object({ start_at: z.string(), end_at: z.string(), date: z.string(), start: z.string(), end: z.string() })
  .meta({
    id: 'FreeSlot',
    description: 'date, start and end are on the business clock; start_at and end_at are UTC instants',
  });
const feedOut = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  url: z.string().optional().meta({ description: 'Only in the answer to regenerate: the address is not kept' }),
});

const appointmentData = z.object({ appointment: appointmentOut });
const feedData = z.object({ feed: feedOut });
const timeNote =
  'Times are ISO 8601 instants, or wall-clock times without an offset ("2026-12-05T14:00") on the business clock.';

export const appointments = {
  list: defineCall({
    path: 'businesses/appointments/{business_id}/list',
    params: businessParams,
    body: appointmentListSchema,
    bodyRequired: false,
    response: z.object({
      appointments: z.array(appointmentOut),
      total: z.number(),
      page: z.number(),
      limit: z.number(),
    }),
    permission: 'customers/view',
    summary:
      'Appointments: upcoming (soonest first, the default), past or all (latest first); filter by status and customer_id',
    tags,
  }),
  get: defineCall({
    path: 'businesses/appointments/{business_id}/get/{appointment_id}',
    params: appointmentParams,
    response: appointmentData,
    permission: 'customers/view',
    summary: 'One appointment',
    tags,
  }),
  freeSlots: defineCall({
    path: 'businesses/appointments/{business_id}/free-slots',
    params: businessParams,
    body: freeSlotsSchema,
    bodyRequired: false,
    response: z.object({ slots: z.array(freeSlotOut) }),
    permission: 'customers/view',
    summary: `Free starts inside the opening hours, none over a booked appointment: from (YYYY-MM-DD, today by default), days (1–31, 7), duration_minutes (the service_id's duration, else 60)`,
    tags,
  }),
  create: defineCall({
    path: 'businesses/appointments/{business_id}/create',
    params: businessParams,
    body: appointmentCreateSchema,
    response: appointmentData,
    permission: 'customers/edit',
    refusal: editRefusal,
    summary: `Book an appointment inside the opening hours (409 over another one); without end_at it lasts its service's duration (60 minutes without a service); texts the contact unless notify_customer is false. ${timeNote}`,
    tags,
  }),
  edit: defineCall({
    path: 'businesses/appointments/{business_id}/edit/{appointment_id}',
    params: appointmentParams,
    body: appointmentEditSchema,
    response: appointmentData,
    permission: 'customers/edit',
    refusal: editRefusal,
    summary: `Change an appointment (only the fields sent; a new start alone keeps its length); a move texts the contact unless notify_customer is false. ${timeNote}`,
    tags,
  }),
  cancel: defineCall({
    path: 'businesses/appointments/{business_id}/cancel/{appointment_id}',
    params: appointmentParams,
    body: appointmentCancelSchema,
    bodyRequired: false,
    response: appointmentData,
    permission: 'customers/edit',
    refusal: editRefusal,
    summary: 'Cancel an appointment (kept, its time freed); texts the contact unless notify_customer is false',
    tags,
  }),
  feedStatus: defineCall({
    path: 'businesses/appointments/{business_id}/calendar-feed',
    params: businessParams,
    response: feedData,
    permission: 'customers/view',
    summary:
      "Whether the caller has a private calendar feed of this business's appointments (the address itself is not kept)",
    tags,
  }),
  regenerateFeed: defineCall({
    path: 'businesses/appointments/{business_id}/calendar-feed/regenerate',
    params: businessParams,
    response: feedData,
    permission: 'customers/view',
    summary:
      'A new private feed address for the caller (the old one stops working); the answer is the only time it is shown',
    tags,
  }),
  revokeFeed: defineCall({
    path: 'businesses/appointments/{business_id}/calendar-feed/revoke',
    params: businessParams,
    response: feedData,
    permission: 'customers/view',
    summary: "Revoke the caller's feed address: it answers 404 from now on",
    tags,
  }),
};

/** An appointment as the v1 API answers it, inferred from its response schema above. */
export type ApiAppointment = z.output<typeof appointmentOut>;
