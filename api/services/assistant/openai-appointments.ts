import type { ConversationAction } from '#contract/schemas/conversation';
import { formatTime } from './hours';
import type { AssistantTools, TurnInput } from './types';

/**
 * Appointments for the openai-compatible provider (docs/appointments.md): the same tools the
 * built-in provider calls (tools.ts → appointments.ts) given to the model as functions.
 * free_appointment_times and book_appointment come with booking requests
 * (capture_bookings); my_appointments and move_or_cancel_appointment only when the caller is
 * known (a call or SMS from a contact's number), since an appointment belongs to its contact
 * and a web chat has nobody to check against. The runners check what a model may get wrong:
 * a time not confirmed by the customer, a malformed date or time, an unknown caller without
 * a number, a time that is no longer free; they book nothing then and say why.
 */
type Definition = {
  type: 'function';
  function: { name: AppointmentToolName; description: string; parameters: Record<string, unknown> };
};
export type AppointmentToolName =
  'free_appointment_times' | 'book_appointment' | 'my_appointments' | 'move_or_cancel_appointment';

const DATE = { type: 'string', description: 'YYYY-MM-DD, as a tool returned it.' };
const TIME = { type: 'string', description: 'HH:MM on the 24-hour clock, as a tool returned it.' };

const FREE_TIMES: Definition = {
  type: 'function',
  function: {
    name: 'free_appointment_times',
    description:
      'Up to three free appointment times on one day, inside the opening hours and not over another booking.',
    parameters: {
      type: 'object',
      properties: {
        day: {
          type: 'string',
          description:
            'The day and part of day the customer asked for: "next Tuesday morning", "Friday at 2pm", or YYYY-MM-DD.',
        },
      },
      required: ['day'],
    },
  },
};

const BOOK: Definition = {
  type: 'function',
  function: {
    name: 'book_appointment',
    description:
      'Book one free time for the customer and text them. Call it only with a time free_appointment_times returned and the customer chose.',
    parameters: {
      type: 'object',
      properties: {
        date: DATE,
        time: TIME,
        name: { type: 'string', description: "The customer's name (needed when the customer is not identified)." },
        phone: {
          type: 'string',
          description: "The customer's phone number (needed when the customer is not identified).",
        },
        confirmed: { type: 'boolean', description: 'true only when the customer chose this time.' },
      },
      required: ['date', 'time', 'confirmed'],
    },
  },
};

const MINE: Definition = {
  type: 'function',
  function: {
    name: 'my_appointments',
    description: "The identified customer's booked appointments still to come.",
    parameters: { type: 'object', properties: {} },
  },
};

const CHANGE: Definition = {
  type: 'function',
  function: {
    name: 'move_or_cancel_appointment',
    description:
      "Move the identified customer's own appointment to a free time, or cancel it, and text them. Only after they confirmed.",
    parameters: {
      type: 'object',
      properties: {
        date: { ...DATE, description: 'The date of the appointment to change (YYYY-MM-DD, from my_appointments).' },
        time: { ...TIME, description: 'Its start time (HH:MM, from my_appointments).' },
        cancel: { type: 'boolean', description: 'true to cancel it.' },
        new_date: { ...DATE, description: 'To move it: the new date (YYYY-MM-DD, from free_appointment_times).' },
        new_time: { ...TIME, description: 'To move it: the new start time (HH:MM, from free_appointment_times).' },
        confirmed: { type: 'boolean', description: 'true only when the customer said yes to this change.' },
      },
      required: ['date', 'time', 'confirmed'],
    },
  },
};

const bookable = (input: TurnInput, tools: AssistantTools) =>
  input.business.settings.assistant.capture_bookings && Boolean(tools.appointmentSlots && tools.bookAppointment);
const changeable = (input: TurnInput, tools: AssistantTools) =>
  Boolean(input.customer && tools.appointmentSlots && tools.callerAppointments && tools.changeAppointment);

/**
 * free_appointment_times and book_appointment take the service wanted, named as the business
 * names it: an appointment lasts as long as its service, so the free times depend on it.
 */
function withService(definition: Definition, input: TurnInput): Definition {
  const names = input.business.services.map((service) => service.name);
  if (!names.length) return definition;
  const parameters = definition.function.parameters as { properties: Record<string, unknown> };
  return {
    ...definition,
    function: {
      ...definition.function,
      parameters: {
        ...parameters,
        properties: {
          ...parameters.properties,
          service: {
            type: 'string',
            description: `The service the customer wants, if they said (it decides how long the appointment lasts): one of ${names.map((name) => JSON.stringify(name)).join(', ')}.`,
          },
        },
      },
    },
  };
}

/** The appointment tools this turn may use. */
export function appointmentToolDefinitions(input: TurnInput, tools: AssistantTools): Definition[] {
  const list: Definition[] = [];
  const freeTimes = withService(FREE_TIMES, input);
  if (bookable(input, tools)) list.push(freeTimes, withService(BOOK, input));
  if (changeable(input, tools)) list.push(...(list.length ? [] : [freeTimes]), MINE, CHANGE);
  return list;
}

/** The system prompt's lines for them (none when no tool is offered). */
export function appointmentPromptLines(input: TurnInput, tools: AssistantTools): string[] {
  const lines: string[] = [];
  if (bookable(input, tools)) {
    const identify = input.customer ? '' : ' with their name and number';
    lines.push(
      `- Appointments: for a booking request, still call create_task (kind "booking"); when the customer named a day, also call free_appointment_times for it and offer the times it returns. When they choose one, call book_appointment with its date and time${identify} and confirmed true, then tell them they are booked. If it is not booked, say so and offer other free times.`,
    );
  }
  if (changeable(input, tools)) {
    lines.push(
      "- To move or cancel the customer's appointment: call my_appointments, name the appointment and, to move it, offer free times from free_appointment_times on the day they want. Only after they confirm, call move_or_cancel_appointment with confirmed true.",
    );
  }
  return lines;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 500) : undefined);

type Outcome = { content: unknown; actions: ConversationAction[] };

/** Runs one appointment tool; the content goes back to the model. */
export async function runAppointmentTool(
  name: AppointmentToolName,
  args: Record<string, unknown>,
  input: TurnInput,
  tools: AssistantTools,
): Promise<Outcome> {
  switch (name) {
    case 'free_appointment_times': {
      const day = text(args.day);
      const offer = day ? await tools.appointmentSlots!(day, text(args.service)) : null;
      if (!offer)
        return {
          content: {
            times: [],
            note: 'No free time on that day (closed, fully booked, past, or not read as a day). Ask for another day.',
          },
          actions: [],
        };
      return {
        content: {
          date: offer.date,
          day: offer.day,
          times: offer.times.map((time) => ({ time, say: formatTime(time) })),
        },
        actions: [],
      };
    }
    case 'book_appointment': {
      if (args.confirmed !== true)
        return {
          content: {
            error:
              'Not booked: ask the customer which of the free times they want, then call book_appointment with confirmed true.',
          },
          actions: [],
        };
      const [date, time] = [text(args.date), text(args.time)];
      if (!date || !time || !DATE_PATTERN.test(date) || !TIME_PATTERN.test(time))
        return {
          content: {
            error: 'Not booked: date must be YYYY-MM-DD and time HH:MM, as free_appointment_times returned them.',
          },
          actions: [],
        };
      const phone = text(args.phone)?.replace(/[\s().-]/g, '');
      if (!input.customer && (!phone || !/^\+?\d{7,15}$/.test(phone)))
        return {
          content: {
            error:
              "Not booked: ask for the customer's name and phone number, then call book_appointment again with them.",
          },
          actions: [],
        };
      const booked = await tools.bookAppointment!({
        date,
        time,
        contact: input.customer ? undefined : { name: text(args.name), phone },
        service: text(args.service),
      });
      if (!booked)
        return {
          content: {
            error:
              'Not booked: that time is not free (taken, past or outside the opening hours). Call free_appointment_times and offer another.',
          },
          actions: [],
        };
      return {
        content: {
          booked: true,
          when: booked.action.summary.replace(/^Appointment booked: /, ''),
          texted: booked.text.includes("I've sent you a text"),
        },
        actions: [booked.action],
      };
    }
    case 'my_appointments': {
      const mine = await tools.callerAppointments!();
      return { content: { appointments: mine.map(({ date, time, when }) => ({ date, time, when })) }, actions: [] };
    }
    case 'move_or_cancel_appointment': {
      const [date, time] = [text(args.date), text(args.time)];
      const cancel = args.cancel === true;
      const [newDate, newTime] = [text(args.new_date), text(args.new_time)];
      if (args.confirmed !== true)
        return {
          content: {
            error:
              'Not changed: tell the customer which appointment and what change, and call again with confirmed true only after they say yes.',
          },
          actions: [],
        };
      if (!date || !time || !DATE_PATTERN.test(date) || !TIME_PATTERN.test(time))
        return {
          content: { error: 'Not changed: date must be YYYY-MM-DD and time HH:MM, as my_appointments returned them.' },
          actions: [],
        };
      if (!cancel && (!newDate || !newTime || !DATE_PATTERN.test(newDate) || !TIME_PATTERN.test(newTime))) {
        return {
          content: {
            error:
              'Not changed: to move it give new_date (YYYY-MM-DD) and new_time (HH:MM) from free_appointment_times; to cancel it, cancel true.',
          },
          actions: [],
        };
      }
      const mine = await tools.callerAppointments!();
      if (!mine.some((entry) => entry.date === date && entry.time === time)) {
        return {
          content: {
            error: 'Not changed: the customer has no appointment then. Call my_appointments for their appointments.',
          },
          actions: [],
        };
      }
      const done = await tools.changeAppointment!({
        date,
        time,
        to: cancel ? null : { date: newDate!, time: newTime! },
      });
      if (!done)
        return {
          content: {
            error:
              'Not changed: that new time is not free (taken, past or outside the opening hours). Call free_appointment_times and offer another.',
          },
          actions: [],
        };
      return { content: { done: true, summary: done.action.summary }, actions: [done.action] };
    }
  }
}
