import { createBuiltinProvider } from '#api/services/assistant/builtin/index';
import type {
  AssistantEvent,
  AssistantTools,
  BusinessContext,
  CustomerFact,
  HistoryMessage,
  ProductFact,
  ServiceFact,
  TurnInput,
} from '#api/services/assistant/types';
import type { ApiKnowledgeHit } from '#contract/envelope';
import { DEFAULT_ASSISTANT_SETTINGS, type AssistantSettings } from '#contract/schemas/business-settings';
import type { ConversationChannel } from '#contract/schemas/conversation';

/**
 * Shared scaffolding for the built-in assistant's unit tests: made-up businesses, a recording
 * fake of the assistant's tools, and a turn run through createBuiltinProvider().reply.
 */
export const NOW = new Date('2026-12-10T10:30:00Z'); // Thursday, 10:30 in London

export const service = (name: string, price: string | null, description: string | null = null): ServiceFact => ({
  _id: `svc-${name}`,
  name,
  price,
  description,
  frequency: 0,
});
export const product = (name: string, price: string | null, description: string | null = null): ProductFact => ({
  _id: `prd-${name}`,
  name,
  price,
  description,
});
export const passage = (title: string, text: string): ApiKnowledgeHit => ({
  source: { kind: 'memory', _id: `mem-${title}`, type: 'text', title },
  text,
  heading: null,
  rank: 1,
});

/** A service as the knowledge search finds it (its name, description and price). */
export const serviceHit = (name: string, price: string, description: string): ApiKnowledgeHit => ({
  source: { kind: 'service', _id: `svc-${name}`, type: 'service', title: name },
  text: `${name}.\n\n${description}\n\nPrice: ${price}.`,
  heading: name,
  rank: 1,
});
/** A product memory as the knowledge search finds it (its name, then its description). */
export const productHit = (name: string, description: string): ApiKnowledgeHit => ({
  source: { kind: 'memory', _id: `prod-${name}`, type: 'product', title: name },
  text: `${name}\n\n${description}`,
  heading: name,
  rank: 1,
});
/** An answered question as the knowledge search finds it. */
export const faq = (question: string, answer: string): ApiKnowledgeHit => ({
  source: { kind: 'memory', _id: `mem-${question}`, type: 'answered_question', title: question },
  text: `${question}\n\n${answer}`,
  heading: question,
  rank: 1,
});

/** Open 09:00–17:00 Monday to Saturday, closed on Sunday (settings or overrides replace any of it). */
const WEEKDAYS_AND_SATURDAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
  (day) => ({ day, open: day !== 'sunday', start: '09:00', end: '17:00' }),
) as never;

export function business(
  name: string,
  services: ServiceFact[],
  products: ProductFact[] = [],
  options: {
    address?: string;
    assistant?: Partial<AssistantSettings>;
    settings?: Partial<BusinessContext['settings']>;
    overrides?: Partial<BusinessContext>;
  } = {},
): BusinessContext {
  return {
    id: `biz-${name}`,
    name,
    email: 'hello@example.test',
    telephones: ['+441632960000'],
    address: options.address ?? '1 High Street, Testville TE1 1ST',
    country: 'GB',
    settings: {
      timezone: 'Europe/London',
      opening_hours: WEEKDAYS_AND_SATURDAY,
      overwrites: [],
      assistant: { ...DEFAULT_ASSISTANT_SETTINGS, ...options.assistant },
      ...options.settings,
    },
    services,
    products,
    ...options.overrides,
  };
}

export type RecordingTools = AssistantTools & { questions: string[]; tasks: string[]; orders: number };

/** Tools that return `hits` for every search and record the questions, tasks and orders made. */
export function tools(hits: ApiKnowledgeHit[] = []): RecordingTools {
  const state = { questions: [] as string[], tasks: [] as string[], orders: 0 };
  return {
    ...state,
    get questions() {
      return state.questions;
    },
    get tasks() {
      return state.tasks;
    },
    get orders() {
      return state.orders;
    },
    async searchKnowledge() {
      return hits;
    },
    async createTask(input) {
      state.tasks.push(input.details.reason ?? input.title);
      return { type: 'task_created', note_id: 'note-1', summary: input.title };
    },
    async updateRequestTask(details) {
      return { type: 'task_updated', note_id: 'note-1', summary: `Added to the task: ${JSON.stringify(details)}` };
    },
    async recordUnansweredQuestion(question) {
      state.questions.push(question);
      return [{ type: 'question_recorded', memory_id: 'q-1', summary: 'Question recorded', duplicate: false }];
    },
    async lookupCustomer() {
      return null;
    },
    async takeOrder() {
      state.orders += 1;
      return { type: 'order_created', order_id: 'order-1', summary: 'Order taken' };
    },
  };
}

export type AskOptions = {
  hits?: ApiKnowledgeHit[];
  history?: HistoryMessage[];
  channel?: ConversationChannel;
  customer?: CustomerFact | null;
  now?: Date;
  kit?: AssistantTools;
};

/** Runs one turn; returns the reply's text, every event, and the tools it used. */
export async function run<T extends AssistantTools = RecordingTools>(
  biz: BusinessContext,
  message: string,
  options: AskOptions & { kit?: T } = {},
) {
  const kit = (options.kit ?? tools(options.hits)) as T;
  const input: TurnInput = {
    business: biz,
    channel: options.channel ?? 'chat',
    history: options.history ?? [],
    message,
    customer: options.customer ?? null,
    now: options.now ?? NOW,
  };
  const events: AssistantEvent[] = [];
  for await (const event of createBuiltinProvider().reply(input, kit)) events.push(event);
  return { text: events.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join(''), events, kit };
}

/** Runs one turn and returns the reply's text. */
export async function ask(biz: BusinessContext, message: string, options: AskOptions = {}): Promise<string> {
  return (await run(biz, message, options)).text;
}
