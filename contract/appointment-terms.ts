/**
 * Appointment statuses, their labels and the list's tabs, apart from the appointment schema
 * (contract/schemas/appointment.ts, which re-exports them) so that the appointments pages
 * show them without loading zod.
 */
export const APPOINTMENT_STATUSES = ['booked', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
};
export const APPOINTMENT_WHEN = ['upcoming', 'past', 'all'] as const;
export type AppointmentWhen = (typeof APPOINTMENT_WHEN)[number];
