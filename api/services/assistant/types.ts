import type { ApiKnowledgeHit } from '#contract/envelope';
import type { BusinessSettings } from '#contract/schemas/business-settings';
import type { ProductFact } from '#contract/products';
import type { ConversationAction, ConversationChannel, ConversationSource } from '#contract/schemas/conversation';

/**
 * The assistant's brain, independent of the channel: given the business, the
 * conversation so far, the channel and the latest message, a provider produces the reply
 * as a stream of events (text chunks, the sources it used, the actions it took).
 * Two providers implement it: built-in (no network, answers only from the business's own
 * data) and openai-compatible (a chat-completions model with tool calls).
 */
export type ServiceFact = {
  _id: string;
  name: string;
  description: string | null;
  price: string | null;
  frequency: number;
};

export type BusinessContext = {
  id: string;
  name: string;
  email: string;
  telephones: string[];
  address: string | null;
  country: string;
  /** Resolved settings: timezone, opening_hours (null = not set), overwrites, assistant. */
  settings: BusinessSettings;
  /** Active services only. */
  services: ServiceFact[];
  /** What it sells: its active `product` memories (none = the assistant takes no orders). */
  products: ProductFact[];
};

export type { ProductFact };

export type CustomerFact = { _id: string; name: string; phones: string[]; emails: string[]; status: string };

export type HistoryMessage = { role: 'user' | 'assistant'; content: string };

export type TurnInput = {
  business: BusinessContext;
  channel: ConversationChannel;
  /** Earlier messages, oldest first, without the latest one. */
  history: HistoryMessage[];
  message: string;
  /** The caller, when known (calls and SMS by their number). */
  customer: CustomerFact | null;
  /** "Now" for opening hours (the clock of the deps, so tests can move it). */
  now: Date;
};

export type AssistantEvent =
  | { type: 'text'; text: string }
  | { type: 'source'; source: ConversationSource }
  | { type: 'action'; action: ConversationAction };

/** Details a caller gave for a booking or call back, kept on the task note. */
/** What a task asks of the team; a 'booking' task is completed when the assistant books the appointment itself. */
export type TaskKind = 'booking' | 'callback' | 'person';

export type CapturedDetails = { name?: string; phone?: string; preferred_time?: string; reason?: string };

/**
 * What a provider may do besides talking. The orchestrator (conversation-turns.ts)
 * implements these against the database for one business and one conversation; the
 * openai-compatible provider exposes them to the model as tools.
 */
/** An order the customer confirmed: lines of the business's products, and who it is for when the caller is not known. */
export type OrderRequest = {
  lines: { memory_id: string; name: string; quantity: number; price: string | null }[];
  notes?: string | null;
  /** Needed when the conversation has no customer (a chat): the contact is found or created by this phone. */
  contact?: { name?: string; phone?: string };
};

export interface AssistantTools {
  searchKnowledge(query: string, limit?: number): Promise<ApiKnowledgeHit[]>;
  /** A task note for the team (internal, due now), linked to the customer when known. */
  createTask(input: {
    title: string;
    details: CapturedDetails;
    question?: string;
    kind?: TaskKind;
  }): Promise<ConversationAction>;
  /**
   * Adds what the caller said after their request's task was made (their preferred time) to
   * that task: the latest open booking, call-back or person task made by the assistant in this
   * conversation of this business, and no other. Null when there is none.
   */
  updateRequestTask(details: CapturedDetails): Promise<ConversationAction | null>;
  /** A 'question' memory (deduplicated) linked to the conversation and customer, plus a task note. */
  recordUnansweredQuestion(question: string): Promise<ConversationAction[]>;
  lookupCustomer(): Promise<CustomerFact | null>;
  /** Creates the order as `new` (source = the channel, with this conversation) and notifies the team. */
  takeOrder(order: OrderRequest): Promise<ConversationAction>;
  /** Free appointment times on the day (and part of day) the caller named, inside the opening hours; null when none or no day. */
  appointmentSlots?(
    preferredTime: string,
    /** Words naming the service wanted (a service's name, or the caller's words): its duration is used. */
    service?: string,
  ): Promise<{ date: string; day: string; times: string[] } | null>;
  /** Book one offered time (date and time on the business clock) for the caller and text them; null when it is no longer free or there is nobody to book it for. */
  bookAppointment?(request: {
    date: string;
    time: string;
    contact?: { name?: string; phone?: string };
    /** Words naming the service booked: the appointment is for it and lasts its duration. */
    service?: string;
  }): Promise<{ action: ConversationAction; text: string } | null>;
  /** The known caller's booked appointments still to come (date and time on the business clock, and how to say them). */
  callerAppointments?(): Promise<Array<{ id: string; date: string; time: string; when: string }>>;
  /** Cancel (to: null) or move the known caller's appointment starting at date/time, texting them; null when that is not possible. */
  changeAppointment?(request: {
    date: string;
    time: string;
    to: { date: string; time: string } | null;
  }): Promise<{ action: ConversationAction; text: string } | null>;
}

export interface AssistantProvider {
  readonly name: 'built-in' | 'openai-compatible';
  reply(input: TurnInput, tools: AssistantTools, signal?: AbortSignal): AsyncIterable<AssistantEvent>;
}
