/** The tools the openai-compatible provider offers the model, and reading the arguments a model sends. */

export type ToolName =
  | 'search_knowledge'
  | 'list_services'
  | 'opening_hours'
  | 'create_task'
  | 'add_to_task'
  | 'record_unanswered_question'
  | 'lookup_customer'
  | 'take_order';

/** The tools as the chat-completions API describes them (JSON Schema parameters). */
export const ASSISTANT_TOOL_DEFINITIONS: {
  type: 'function';
  function: { name: ToolName; description: string; parameters: Record<string, unknown> };
}[] = [
  {
    type: 'function',
    function: {
      name: 'search_knowledge',
      description:
        "Search the business's own knowledge (web pages, answered questions, documents, services) for passages about a topic.",
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What to look for, in a few words.' } },
        required: ['query'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'list_services',
      description: 'List every service the business offers, with its price when known.',
      parameters: { type: 'object', properties: {} },
    },
  },
  {
    type: 'function',
    function: {
      name: 'opening_hours',
      description:
        'The opening hours: the weekly hours, whether the business is open now, and the hours on one date (holidays and other exceptions included).',
      parameters: {
        type: 'object',
        properties: {
          date: {
            type: 'string',
            description:
              'The day asked about: YYYY-MM-DD or words such as "tomorrow", "Saturday", "25 December". Leave out for today.',
          },
        },
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'create_task',
      description:
        'Create a task for the team: a booking or call-back request, a message, or a customer who wants to talk to a person. Include the details the customer gave.',
      parameters: {
        type: 'object',
        properties: {
          title: {
            type: 'string',
            description: 'One line for the team, e.g. "Call back about a booking for a haircut".',
          },
          name: { type: 'string', description: "The customer's name." },
          phone: { type: 'string', description: "The customer's phone number." },
          preferred_time: { type: 'string', description: 'When the customer would like the appointment or call.' },
          reason: { type: 'string', description: 'What it is about.' },
          kind: {
            type: 'string',
            enum: ['booking', 'callback', 'person', 'other'],
            description:
              'booking: they want an appointment; callback: they want a call back; person: they want to talk to someone.',
          },
        },
        required: ['title'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'add_to_task',
      description:
        'Add what the customer said after create_task (usually their preferred time) to the task you created in this conversation. Never create a second task for the same request.',
      parameters: {
        type: 'object',
        properties: {
          preferred_time: { type: 'string', description: 'When the customer would like the appointment or call.' },
          name: { type: 'string', description: "The customer's name, when they gave it only now." },
          phone: { type: 'string', description: "The customer's phone number, when they gave it only now." },
        },
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'record_unanswered_question',
      description:
        "Record a question you cannot answer from the business's information, so the team answers it (and the assistant learns it).",
      parameters: {
        type: 'object',
        properties: { question: { type: 'string', description: "The customer's question, as they asked it." } },
        required: ['question'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'lookup_customer',
      description: 'Who the customer is, when the business knows them (name, phone numbers, email addresses).',
      parameters: { type: 'object', properties: {} },
    },
  },
];

/** A tool call's arguments as an object, or null when they are not a JSON object. */
export function parseArguments(raw: string): Record<string, unknown> | null {
  if (!raw.trim()) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const argumentText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim()
    ? value.trim().slice(0, 500)
    : typeof value === 'number'
      ? String(value)
      : undefined;
