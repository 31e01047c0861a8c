import type { ApiKnowledgeHit } from '#contract/envelope';
import type { ConversationAction } from '#contract/schemas/conversation';
import {
  describeDate,
  describeSlots,
  describeWeeklyHours,
  formatTime,
  hoursOn,
  localDateParts,
  openNow,
  parseDayReference,
} from './hours';
import { appointmentToolDefinitions, runAppointmentTool, type AppointmentToolName } from './openai-appointments';
import { CitationFilter, passagesEchoed, type Citable } from './openai-citations';
import { productTag, runTakeOrder, TAKE_ORDER_TOOL } from './openai-orders';
import type { AssistantEvent, AssistantProvider, AssistantTools, CapturedDetails, TurnInput } from './types';
import {
  AssistantModelError,
  errorFromResponse,
  streamRound,
  type ChatMessage,
  type RoundResult,
  type ToolCall,
} from './openai-stream';
import { ASSISTANT_TOOL_DEFINITIONS, argumentText, parseArguments, type ToolName } from './openai-tools';
import { buildSystemPrompt, clip, passageText, PROMPT_PASSAGES, sourceOfHit } from './openai-prompt';

/**
 * The openai-compatible provider: a chat-completions model (OpenAI, Ollama, vLLM, llama.cpp
 * server…) given a retrieval-augmented system prompt (the business's facts, its hours, its
 * services, its products and the knowledge passages closest to the message) and seven tools
 * (eight with take_order, for a business that sells products: openai-orders.ts). Only the
 * common subset of the API is used: POST {baseUrl}/chat/completions with `stream: true`,
 * `tools` and `tool_choice`, server-sent `data:` lines ending with `[DONE]`, tool calls
 * streamed as deltas keyed by index.
 *
 * The model cites the facts it used with tags such as [k1] or [hours]; the tags are taken
 * out of the streamed text and become the answer's sources.
 */
export type OpenAiProviderOptions = {
  baseUrl: string;
  apiKey?: string;
  model: string;
  fetch?: typeof fetch;
  /** Per request to the model (connect and stream); default 60 s. */
  timeoutMs?: number;
};

/** A 4xx/5xx about tools: the server or model does not do function calling. */
const TOOLS_REFUSED = /answered (400|422|500|501): .*\btool/i;

/** Model calls per reply: the first answer plus up to three rounds of tool results. */
export const MAX_ROUNDS = 4;
const DEFAULT_TIMEOUT_MS = 60_000;

export function createOpenAiProvider(options: OpenAiProviderOptions): AssistantProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let toolsUnsupported = false;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const timeoutError = () =>
    new AssistantModelError(
      `The assistant model did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`}.`,
    );

  async function post(
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<{ response: Response; combined: AbortSignal; timeout: AbortSignal }> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const doFetch = options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream, application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: combined,
      });
    } catch (error) {
      throw fetchError(error, signal, timeout);
    }
    if (!response.ok) throw await errorFromResponse(response);
    return { response, combined, timeout };
  }

  function fetchError(error: unknown, signal: AbortSignal | undefined, timeout: AbortSignal): unknown {
    if (signal?.aborted) return signal.reason ?? error;
    if (timeout.aborted) return timeoutError();
    if (error instanceof AssistantModelError) return error;
    const cause =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return new AssistantModelError(`The assistant model could not be reached: ${cause}`);
  }

  return {
    name: 'openai-compatible',
    async *reply(input: TurnInput, tools: AssistantTools, signal?: AbortSignal): AsyncIterable<AssistantEvent> {
      const citables = new Map<string, Citable>();
      const hitKeys = new Map<string, string>();
      const addHit = (hit: ApiKnowledgeHit): Citable => {
        const key = `${hit.source.kind}:${hit.source._id}:${hit.text.slice(0, 80)}`;
        const existing = hitKeys.get(key);
        if (existing) return citables.get(existing)!;
        const tag = `k${hitKeys.size + 1}`;
        hitKeys.set(key, tag);
        const citable = { tag, source: sourceOfHit(hit), text: passageText(hit) };
        citables.set(tag, citable);
        return citable;
      };
      input.business.services.forEach((service, index) =>
        citables.set(`s${index + 1}`, {
          tag: `s${index + 1}`,
          source: { kind: 'service', _id: service._id, type: 'service', title: service.name },
          text: service.name,
        }),
      );
      const business = (type: string, title: string): Citable => ({
        tag: type,
        source: { kind: 'business', _id: input.business.id, type, title },
        text: title,
      });
      input.business.products.forEach((product, index) =>
        citables.set(productTag(index), {
          tag: productTag(index),
          source: { kind: 'memory', _id: product._id, type: 'product', title: product.name },
          text: product.name,
        }),
      );
      citables.set('hours', business('opening_hours', 'Opening hours'));
      citables.set('contact', business('contact', 'Contact details'));
      citables.set('address', business('address', 'Address'));

      let hits: ApiKnowledgeHit[] = [];
      try {
        hits = await tools.searchKnowledge(input.message, PROMPT_PASSAGES);
      } catch {
        // Without passages the model can still search (or say it does not know).
      }
      const passages = hits.map(addHit);

      const messages: ChatMessage[] = [
        { role: 'system', content: buildSystemPrompt(input, passages, tools) },
        ...input.history
          .filter((message) => message.content.trim())
          .map((message) => ({ role: message.role, content: message.content }) as ChatMessage),
        { role: 'user', content: input.message },
      ];

      // [customer] is stripped like the others but is no source: the caller is not a business fact.
      const filter = new CitationFilter((tag) => citables.has(tag) || tag === 'customer');
      const emittedSources = new Set<string>();
      let answer = '';
      let recordedQuestion = false;
      let orderPlaced = false;
      // take_order only for a business that sells something.
      const appointmentTools = appointmentToolDefinitions(input, tools);
      const toolDefinitions = [
        ...ASSISTANT_TOOL_DEFINITIONS,
        ...(input.business.products.length ? [TAKE_ORDER_TOOL] : []),
        ...appointmentTools,
      ];
      // One booking per reply, like orders: a model that repeats the call must not book twice.
      let appointmentBooked = false;

      const runTool = async (call: ToolCall): Promise<{ content: unknown; actions: ConversationAction[] }> => {
        const args = parseArguments(call.function.arguments);
        if (!args) return { content: { error: 'The arguments were not valid JSON.' }, actions: [] };
        const appointmentTool = appointmentTools.find((tool) => tool.function.name === call.function.name)?.function
          .name;
        if (appointmentTool) {
          if (appointmentTool === 'book_appointment' && appointmentBooked)
            return { content: { booked: true, note: 'Already booked in this reply.' }, actions: [] };
          const outcome = await runAppointmentTool(appointmentTool as AppointmentToolName, args, input, tools);
          if (appointmentTool === 'book_appointment') appointmentBooked = outcome.actions.length > 0;
          return outcome;
        }
        switch (call.function.name as ToolName) {
          case 'search_knowledge': {
            const query = argumentText(args.query) ?? input.message;
            const found = await tools.searchKnowledge(query, PROMPT_PASSAGES);
            return {
              content: { results: found.map(addHit).map((hit) => ({ tag: hit.tag, text: hit.text })) },
              actions: [],
            };
          }
          case 'list_services':
            return {
              content: {
                services: input.business.services.map((service, index) => ({
                  tag: `s${index + 1}`,
                  name: service.name,
                  price: service.price ?? 'not given',
                  description: service.description ? clip(service.description, 300) : null,
                })),
              },
              actions: [],
            };
          case 'opening_hours': {
            const settings = input.business.settings;
            const local = localDateParts(input.now, settings.timezone);
            const asked = argumentText(args.date);
            const date = asked
              ? /^\d{4}-\d{2}-\d{2}$/.test(asked)
                ? asked
                : parseDayReference(asked, input.now, settings.timezone)
              : local.date;
            const weekly = settings.opening_hours ? describeWeeklyHours(settings.opening_hours) : null;
            const now = openNow(settings, input.now);
            const day = date ? hoursOn(settings, date) : null;
            return {
              content: {
                tag: 'hours',
                timezone: settings.timezone,
                today: `${describeDate(local.date)} ${local.date}`,
                weekly_hours: weekly ?? 'not given: do not state opening hours',
                open_now: now.open,
                ...(now.closes_at ? { closes_at: formatTime(now.closes_at) } : {}),
                ...(now.next_open
                  ? {
                      next_open: `${describeDate(now.next_open.date, local.date)} from ${formatTime(now.next_open.start)}`,
                    }
                  : {}),
                ...(day && date
                  ? {
                      date: `${describeDate(date, local.date)} ${date}`,
                      status: day.status,
                      ...(day.start ? { opens: formatTime(day.start), closes: formatTime(day.end ?? '23:59') } : {}),
                      ...(day.slots && day.slots.length > 1 ? { hours: describeSlots(day.slots) } : {}),
                      ...(day.note ? { note: day.note } : {}),
                    }
                  : asked
                    ? { date: `could not read "${asked}" as a date` }
                    : {}),
              },
              actions: [],
            };
          }
          case 'create_task': {
            const details: CapturedDetails = {
              name: argumentText(args.name),
              phone: argumentText(args.phone),
              preferred_time: argumentText(args.preferred_time),
              reason: argumentText(args.reason),
            };
            const kind =
              args.kind === 'booking' || args.kind === 'callback' || args.kind === 'person' ? args.kind : undefined;
            const action = await tools.createTask({
              kind,
              title: argumentText(args.title) ?? 'Follow up with a customer',
              details: Object.fromEntries(
                Object.entries(details).filter(([, value]) => value !== undefined),
              ) as CapturedDetails,
            });
            return { content: { created: true, summary: action.summary }, actions: [action] };
          }
          case 'add_to_task': {
            const action = await tools.updateRequestTask({
              name: argumentText(args.name),
              phone: argumentText(args.phone),
              preferred_time: argumentText(args.preferred_time),
            });
            return action
              ? { content: { updated: true, summary: action.summary }, actions: [action] }
              : {
                  content: { updated: false, error: 'There is no open task of yours in this conversation to add to.' },
                  actions: [],
                };
          }
          case 'record_unanswered_question': {
            const question = argumentText(args.question) ?? input.message;
            if (recordedQuestion) return { content: { recorded: true }, actions: [] };
            recordedQuestion = true;
            const actions = await tools.recordUnansweredQuestion(question);
            return {
              content: { recorded: true, team_notified: actions.some((action) => action.type === 'task_created') },
              actions,
            };
          }
          case 'lookup_customer': {
            const customer = await tools.lookupCustomer();
            if (!customer) return { content: { customer: null }, actions: [] };
            return {
              content: {
                tag: 'customer',
                customer: { name: customer.name, phones: customer.phones, emails: customer.emails },
              },
              actions: [
                { type: 'customer_found', customer_id: customer._id, summary: `Customer identified: ${customer.name}` },
              ],
            };
          }
          case 'take_order': {
            if (!input.business.products.length)
              return { content: { error: 'This business takes no orders.' }, actions: [] };
            // One order per reply: a model that repeats the call must not place it twice.
            if (orderPlaced) return { content: { placed: true, note: 'Already placed in this reply.' }, actions: [] };
            const outcome = await runTakeOrder(args, input, tools);
            orderPlaced = outcome.actions.length > 0;
            return outcome;
          }
          default:
            return { content: { error: `There is no tool named ${call.function.name}.` }, actions: [] };
        }
      };

      for (let round = 1; round <= MAX_ROUNDS; round += 1) {
        const last = round === MAX_ROUNDS;
        const body = { model: options.model, messages, stream: true, temperature: 0.2 };
        let posted: Awaited<ReturnType<typeof post>>;
        try {
          posted = await post(
            toolsUnsupported
              ? body
              : // The last round must answer: no more tool calls.
                { ...body, tools: toolDefinitions, tool_choice: last ? 'none' : 'auto' },
            signal,
          );
        } catch (error) {
          // A server that refuses tools (llama.cpp without --jinja, some older ones): answer
          // from the prompt alone rather than not at all, and stop offering them.
          if (toolsUnsupported || !(error instanceof AssistantModelError) || !TOOLS_REFUSED.test(error.message))
            throw error;
          toolsUnsupported = true;
          posted = await post(body, signal);
        }
        const { response, combined, timeout } = posted;
        const stream = streamRound(response, round, combined);
        let result: RoundResult;
        try {
          for (;;) {
            const next = await stream.next();
            if (next.done) {
              result = next.value;
              break;
            }
            const text = filter.push(next.value);
            if (text) {
              answer += text;
              yield { type: 'text', text };
            }
          }
        } catch (error) {
          if (signal?.aborted) throw signal.reason ?? error;
          if (error instanceof AssistantModelError) throw error;
          if (timeout.aborted) {
            throw timeoutError();
          }
          throw new AssistantModelError(
            `The assistant model's answer broke off: ${error instanceof Error ? error.message : String(error)}`,
          );
        } finally {
          // A consumer that stops listening (client gone) must not leave the model's stream open.
          await stream.return({ text: '', toolCalls: [] });
        }

        if (!result.toolCalls.length || last) break;
        messages.push({ role: 'assistant', content: result.text || null, tool_calls: result.toolCalls });
        for (const call of result.toolCalls) {
          let outcome: { content: unknown; actions: ConversationAction[] };
          try {
            outcome = await runTool(call);
          } catch (error) {
            outcome = { content: { error: error instanceof Error ? error.message : 'The tool failed.' }, actions: [] };
          }
          for (const action of outcome.actions) yield { type: 'action', action };
          messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(outcome.content) });
        }
        // Text before a tool call and the text after it belong to one reply.
        if (answer) filter.separate();
      }

      const rest = filter.end().replace(/\s+$/, '');
      if (rest) {
        answer += rest;
        yield { type: 'text', text: rest };
      }
      if (!answer.trim()) throw new AssistantModelError('The assistant model gave no answer.');

      // A model that did not cite (small local ones often forget): the passages the answer
      // clearly draws on, by the distinctive words they share with it.
      const cited =
        filter.cited.length || recordedQuestion
          ? filter.cited
          : passagesEchoed(
              answer,
              [...citables.values()].filter((entry) => entry.tag.startsWith('k')),
            );
      for (const tag of cited) {
        const citable = citables.get(tag);
        if (!citable) continue;
        const key = `${citable.source.kind}:${citable.source._id}:${citable.source.type}`;
        if (emittedSources.has(key)) continue;
        emittedSources.add(key);
        yield { type: 'source', source: citable.source };
      }
    },
  };
}
