import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKnowledgeHit } from '#contract/envelope';
import type { ConversationAction } from '#contract/schemas/conversation';
import { DEFAULT_OPENING_HOURS, resolveBusinessSettings } from '#contract/schemas/business-settings';
import { createOpenAiProvider, MAX_ROUNDS } from '#api/services/assistant/openai';
import { CitationFilter } from '#api/services/assistant/openai-citations';
import type { AssistantEvent, AssistantTools, CustomerFact, TurnInput } from '#api/services/assistant/types';
import { createOpenAiMock, toolResults } from '#tests/support/openai-mock';

const BASE = 'https://model.test/v1';
const model = createOpenAiMock(BASE);
const server = setupServer(model.handler);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => model.reset());
afterAll(() => server.close());

const hit = (id: string, title: string, text: string): ApiKnowledgeHit => ({
  source: { kind: 'memory', _id: id, type: 'answered_question', title },
  text,
  heading: null,
  rank: 1,
});

const HITS = [
  hit('mem-parking', 'Is there parking?', 'Free parking for customers behind the salon on Mill Lane.'),
  hit('mem-cards', 'Do you take cards?', 'We take all major cards and contactless.'),
];

/** AssistantTools that record what the provider asked for. */
function fakeTools(options: { customer?: CustomerFact | null; hits?: ApiKnowledgeHit[] } = {}) {
  const calls: { tool: string; args: unknown }[] = [];
  const tools: AssistantTools = {
    async searchKnowledge(query, limit) {
      calls.push({ tool: 'searchKnowledge', args: { query, limit } });
      return options.hits ?? HITS;
    },
    async createTask(input) {
      calls.push({ tool: 'createTask', args: input });
      return { type: 'task_created', note_id: 'note-1', summary: input.title };
    },
    async updateRequestTask(details) {
      calls.push({ tool: 'updateRequestTask', args: details });
      return { type: 'task_updated', note_id: 'note-1', summary: 'Added to the task: preferred time Friday morning' };
    },
    async recordUnansweredQuestion(question) {
      calls.push({ tool: 'recordUnansweredQuestion', args: question });
      return [
        {
          type: 'question_recorded',
          memory_id: 'mem-q',
          summary: 'Question recorded for the team to answer',
          duplicate: false,
        },
        { type: 'task_created', note_id: 'note-q', summary: 'Answer a question the assistant could not' },
      ];
    },
    async lookupCustomer() {
      calls.push({ tool: 'lookupCustomer', args: null });
      return options.customer ?? null;
    },
    async takeOrder(order) {
      calls.push({ tool: 'takeOrder', args: order });
      return { type: 'order_created', order_id: 'order-1', summary: 'Order taken' };
    },
  };
  return { tools, calls };
}

function turn(overrides: Partial<TurnInput> = {}): TurnInput {
  const settings = resolveBusinessSettings(
    {
      opening_hours: DEFAULT_OPENING_HOURS,
      overwrites: [
        {
          _id: 'ow1',
          all_day: true,
          date: '2026-12-25',
          start: '00:00',
          end: '23:59',
          status: 'closed',
          note: 'Christmas Day',
        },
      ],
      assistant: {
        name: 'Ella',
        tone: 'friendly',
        when_unsure: 'transfer',
        escalation_phone: '+441234567890',
        greeting: 'Hi, this is Ella from Mill Lane Hair.',
      },
    },
    'Europe/London',
  );
  return {
    business: {
      id: 'biz-1',
      name: 'Mill Lane Hair',
      email: 'hello@milllane.example',
      telephones: ['+441111222333'],
      address: '4 Mill Lane, Bristol',
      country: 'GB',
      settings,
      services: [
        { _id: 'svc-cut', name: "Women's haircut", description: 'Wash, cut and blow dry', price: '£45', frequency: 0 },
        { _id: 'svc-beard', name: 'Beard trim', description: null, price: null, frequency: 0 },
      ],
      products: [],
    },
    channel: 'chat',
    history: [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi, how can I help?' },
    ],
    message: 'Can I park near you?',
    customer: null,
    // Wednesday 2026-12-23 10:30 in London.
    now: new Date('2026-12-23T10:30:00Z'),
    ...overrides,
  };
}

async function collect(events: AsyncIterable<AssistantEvent>, onEvent?: (event: AssistantEvent) => void) {
  const all: AssistantEvent[] = [];
  for await (const event of events) {
    onEvent?.(event);
    all.push(event);
  }
  const text = all.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join('');
  const actions = all.flatMap((event) => (event.type === 'action' ? [event.action] : [])) as ConversationAction[];
  const sources = all.flatMap((event) => (event.type === 'source' ? [event.source] : []));
  return { all, text, actions, sources };
}

describe('openai-compatible provider', () => {
  it('streams the text chunk by chunk while the model is still answering, and cites its sources', async () => {
    model.enqueue({ text: ['There is free ', 'parking behind ', 'the salon [k1].'], delayMs: 30 });
    const { tools } = fakeTools();
    const provider = createOpenAiProvider({ baseUrl: BASE, apiKey: 'sk-test', model: 'gpt-test' });
    const seenBeforeEnd: string[] = [];
    const result = await collect(provider.reply(turn(), tools), (event) => {
      if (event.type === 'text' && !model.finished()) seenBeforeEnd.push(event.text);
    });
    expect(result.text).toBe('There is free parking behind the salon.');
    expect(result.all.filter((event) => event.type === 'text').length).toBeGreaterThanOrEqual(3);
    expect(seenBeforeEnd.length).toBeGreaterThan(0);
    expect(result.sources).toEqual([
      { kind: 'memory', _id: 'mem-parking', type: 'answered_question', title: 'Is there parking?' },
    ]);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0].authorization).toBe('Bearer sk-test');
    expect(model.requests[0].stream).toBe(true);
    expect(model.requests[0].model).toBe('gpt-test');
  });

  it('sends the retrieval-augmented prompt: business facts, hours, services, passages, settings, history and tools', async () => {
    model.enqueue({ text: 'Yes.' });
    const { tools, calls } = fakeTools();
    const customer = { _id: 'cus-1', name: 'Sam Jones', phones: ['+447700900123'], emails: [], status: 'customer' };
    await collect(
      createOpenAiProvider({ baseUrl: `${BASE}/`, model: 'local' }).reply(turn({ channel: 'voice', customer }), tools),
    );
    const request = model.requests[0];
    expect(request.authorization).toBeNull();
    expect(calls[0]).toEqual({ tool: 'searchKnowledge', args: { query: 'Can I park near you?', limit: 5 } });
    const system = request.system;
    for (const fact of [
      'Ella',
      'Mill Lane Hair',
      '+441111222333',
      'hello@milllane.example',
      '4 Mill Lane, Bristol',
      'Monday to Friday 9am to 5pm',
      'closed on Saturday and Sunday',
      'Christmas Day',
      'Open now [hours]: yes, until 5pm',
      "[s1] Women's haircut — £45",
      '[s2] Beard trim — price not given',
      '[k1] (answered question: Is there parking?) Free parking for customers behind the salon on Mill Lane.',
      '[k2]',
      '+441234567890',
      'Sam Jones',
      'voice',
      'spoken aloud',
      'record_unanswered_question',
      'ONLY from the business information',
    ]) {
      expect(system).toContain(fact);
    }
    expect(request.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi, how can I help?' },
      { role: 'user', content: 'Can I park near you?' },
    ]);
    expect(request.tools?.map((tool) => tool.function.name).sort()).toEqual(
      [
        'create_task',
        'list_services',
        'lookup_customer',
        'opening_hours',
        'record_unanswered_question',
        'search_knowledge',
        'add_to_task',
      ].sort(),
    );
    expect(request.tool_choice).toBe('auto');
  });

  it('records an unanswered question through the tools and tells the caller honestly', async () => {
    model.enqueue(
      {
        text: 'Let me check. ',
        toolCalls: [{ name: 'record_unanswered_question', arguments: { question: 'Do you sell gift vouchers?' } }],
      },
      { text: "I'm sorry, I don't know that; I've passed it to the team." },
    );
    const { tools, calls } = fakeTools({ hits: [] });
    const result = await collect(
      createOpenAiProvider({ baseUrl: BASE, model: 'm' }).reply(turn({ message: 'Do you sell gift vouchers?' }), tools),
    );
    expect(calls.map((call) => call.tool)).toEqual(['searchKnowledge', 'recordUnansweredQuestion']);
    expect(calls[1].args).toBe('Do you sell gift vouchers?');
    expect(result.actions.map((action) => action.type)).toEqual(['question_recorded', 'task_created']);
    expect(result.text).toBe("Let me check. I'm sorry, I don't know that; I've passed it to the team.");
    // The second request carries the tool call and its result.
    expect(model.requests).toHaveLength(2);
    const second = model.requests[1];
    const assistantTurn = second.messages.find((message) => message.role === 'assistant' && message.tool_calls);
    expect(assistantTurn?.tool_calls?.[0].function).toEqual({
      name: 'record_unanswered_question',
      arguments: '{"question":"Do you sell gift vouchers?"}',
    });
    expect(Object.values(toolResults(second))).toEqual([{ recorded: true, team_notified: true }]);
    expect(second.system).toContain('Knowledge passages for this message: none found');
  });

  it('creates a task with the details the caller gave, and runs several tool calls of one answer in order', async () => {
    model.enqueue(
      {
        toolCalls: [
          { name: 'lookup_customer', arguments: {} },
          {
            name: 'create_task',
            arguments: {
              title: 'Call back about a haircut booking',
              name: 'Sam',
              phone: '+447700900123',
              preferred_time: 'Friday morning',
              reason: 'Haircut',
            },
          },
        ],
      },
      { text: 'Thanks Sam, the team will call you back about Friday morning.' },
    );
    const { tools, calls } = fakeTools({
      customer: { _id: 'cus-1', name: 'Sam Jones', phones: ['+447700900123'], emails: [], status: 'lead' },
    });
    const result = await collect(
      createOpenAiProvider({ baseUrl: BASE, model: 'm' }).reply(
        turn({ message: 'Please call me back, Sam, 07700 900123, Friday morning' }),
        tools,
      ),
    );
    expect(calls.slice(1).map((call) => call.tool)).toEqual(['lookupCustomer', 'createTask']);
    expect(calls[2].args).toEqual({
      title: 'Call back about a haircut booking',
      details: { name: 'Sam', phone: '+447700900123', preferred_time: 'Friday morning', reason: 'Haircut' },
    });
    expect(result.actions).toEqual([
      { type: 'customer_found', customer_id: 'cus-1', summary: 'Customer identified: Sam Jones' },
      { type: 'task_created', note_id: 'note-1', summary: 'Call back about a haircut booking' },
    ]);
    const results = Object.values(toolResults(model.requests[1]));
    expect(results[0]).toMatchObject({ customer: { name: 'Sam Jones' } });
    expect(results[1]).toEqual({ created: true, summary: 'Call back about a haircut booking' });
  });

  it('adds the time the caller gave later to the task through add_to_task, and tells the model there is none to add to', async () => {
    model.enqueue(
      { toolCalls: [{ name: 'add_to_task', arguments: { preferred_time: 'Friday morning' } }] },
      { text: 'Thanks, I have added Friday morning for the team.' },
    );
    const { tools, calls } = fakeTools();
    const result = await collect(
      createOpenAiProvider({ baseUrl: BASE, model: 'm' }).reply(
        turn({ message: 'Friday morning would be best' }),
        tools,
      ),
    );
    expect(calls.slice(1)).toEqual([{ tool: 'updateRequestTask', args: { preferred_time: 'Friday morning' } }]);
    expect(result.actions).toEqual([
      { type: 'task_updated', note_id: 'note-1', summary: 'Added to the task: preferred time Friday morning' },
    ]);
    expect(Object.values(toolResults(model.requests[1]))).toEqual([
      { updated: true, summary: 'Added to the task: preferred time Friday morning' },
    ]);

    model.reset();
    model.enqueue(
      { toolCalls: [{ name: 'add_to_task', arguments: { preferred_time: 'Friday' } }] },
      { text: 'Could I take your name and number?' },
    );
    const none = { ...fakeTools().tools, updateRequestTask: async () => null };
    const nothing = await collect(
      createOpenAiProvider({ baseUrl: BASE, model: 'm' }).reply(turn({ message: 'Friday' }), none),
    );
    expect(nothing.actions).toEqual([]);
    expect(Object.values(toolResults(model.requests[1]))).toEqual([
      { updated: false, error: 'There is no open task of yours in this conversation to add to.' },
    ]);
  });

  it('searches the knowledge, answers opening hours for a named day and lists services when the model asks', async () => {
    model.enqueue(
      {
        toolCalls: [
          { name: 'search_knowledge', arguments: { query: 'card payments' } },
          { name: 'opening_hours', arguments: { date: 'Christmas Day' } },
          { name: 'list_services', arguments: {} },
        ],
      },
      { text: 'We take cards [k2], and we are closed on Christmas Day [hours]. A haircut is £45 [s1].' },
    );
    const { tools, calls } = fakeTools();
    const result = await collect(
      createOpenAiProvider({ baseUrl: BASE, model: 'm' }).reply(turn({ message: 'Cards? Christmas? Prices?' }), tools),
    );
    expect(calls[1]).toEqual({ tool: 'searchKnowledge', args: { query: 'card payments', limit: 5 } });
    const [search, hours, services] = Object.values(toolResults(model.requests[1])) as [
      { results: { tag: string; text: string }[] },
      Record<string, unknown>,
      { services: { tag: string; name: string; price: string }[] },
    ];
    // The same passages keep their tags across the prompt and the tool results.
    expect(search.results.map((entry) => entry.tag)).toEqual(['k1', 'k2']);
    expect(hours).toMatchObject({
      status: 'closed',
      note: 'Christmas Day',
      date: 'Friday 25 December 2026-12-25',
      open_now: true,
      weekly_hours: expect.stringContaining('Monday to Friday'),
    });
    expect(services.services[0]).toMatchObject({ tag: 's1', name: "Women's haircut", price: '£45' });
    expect(result.text).toBe('We take cards, and we are closed on Christmas Day. A haircut is £45.');
    expect(result.sources).toEqual([
      { kind: 'memory', _id: 'mem-cards', type: 'answered_question', title: 'Do you take cards?' },
      { kind: 'business', _id: 'biz-1', type: 'opening_hours', title: 'Opening hours' },
      { kind: 'service', _id: 'svc-cut', type: 'service', title: "Women's haircut" },
    ]);
  });

  it(`stops after ${MAX_ROUNDS} model calls: the last one may not call tools`, async () => {
    const { tools } = fakeTools();
    model.respond((request, index) =>
      request.tool_choice === 'none'
        ? { text: 'Here is what I found.' }
        : { toolCalls: [{ name: 'search_knowledge', arguments: { query: `try ${index}` } }] },
    );
    const result = await collect(createOpenAiProvider({ baseUrl: BASE, model: 'm' }).reply(turn(), tools));
    expect(model.requests).toHaveLength(MAX_ROUNDS);
    expect(model.requests.map((request) => request.tool_choice)).toEqual(['auto', 'auto', 'auto', 'none']);
    expect(result.text).toBe('Here is what I found.');
  });

  it('answers a tool error or unknown tool back to the model instead of failing the reply', async () => {
    model.enqueue(
      {
        toolCalls: [
          { name: 'send_email', arguments: {} },
          { name: 'create_task', arguments: '{not json' },
        ],
      },
      { text: 'Sorry, I could not do that.' },
    );
    const { tools } = fakeTools();
    const result = await collect(createOpenAiProvider({ baseUrl: BASE, model: 'm' }).reply(turn(), tools));
    expect(Object.values(toolResults(model.requests[1]))).toEqual([
      { error: 'There is no tool named send_email.' },
      { error: 'The arguments were not valid JSON.' },
    ]);
    expect(result.text).toBe('Sorry, I could not do that.');
  });

  it("surfaces the provider's error message for a non-2xx answer", async () => {
    model.enqueue({ status: 401, error: 'Incorrect API key provided: sk-wrong.' });
    const provider = createOpenAiProvider({ baseUrl: BASE, apiKey: 'sk-wrong', model: 'm' });
    await expect(collect(provider.reply(turn(), fakeTools().tools))).rejects.toThrow(
      'The assistant model answered 401: Incorrect API key provided: sk-wrong.',
    );
  });

  it('surfaces an error sent in the middle of the stream, and an answer without any text', async () => {
    model.enqueue({ text: 'Partial', error: 'The model is overloaded.' });
    const provider = createOpenAiProvider({ baseUrl: BASE, model: 'm' });
    await expect(collect(provider.reply(turn(), fakeTools().tools))).rejects.toThrow(
      'The assistant model failed: The model is overloaded.',
    );
    model.enqueue({ text: '' });
    await expect(collect(provider.reply(turn(), fakeTools().tools))).rejects.toThrow(
      'The assistant model gave no answer.',
    );
  });

  it('times out a model that does not answer, and stops when the caller aborts', async () => {
    model.enqueue({ text: ['slow', ' answer'], delayMs: 400 });
    const slow = createOpenAiProvider({ baseUrl: BASE, model: 'm', timeoutMs: 100 });
    await expect(collect(slow.reply(turn(), fakeTools().tools))).rejects.toThrow(
      'The assistant model did not answer within 100 ms.',
    );

    model.enqueue({ text: ['slow', ' answer'], delayMs: 400 });
    const controller = new AbortController();
    const provider = createOpenAiProvider({ baseUrl: BASE, model: 'm' });
    setTimeout(() => controller.abort(new Error('Caller went away')), 100);
    await expect(collect(provider.reply(turn(), fakeTools().tools, controller.signal))).rejects.toThrow(
      'Caller went away',
    );
  });

  it('closes the connection to the model when the consumer stops listening', async () => {
    model.enqueue({ text: ['one ', 'two ', 'three ', 'four ', 'five.'], delayMs: 50 });
    const provider = createOpenAiProvider({ baseUrl: BASE, model: 'm' });
    for await (const event of provider.reply(turn(), fakeTools().tools)) {
      if (event.type === 'text') break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The mock's stream was cancelled, not read to its end.
    expect(model.finished()).toBe(false);
  });

  it('answers without tools when the server refuses them (llama.cpp without --jinja), and stops offering them', async () => {
    model.enqueue(
      { status: 500, error: 'tools param requires --jinja flag' },
      { text: 'Free parking behind the salon [k1].' },
      { text: 'Again.' },
    );
    const provider = createOpenAiProvider({ baseUrl: BASE, model: 'm' });
    const result = await collect(provider.reply(turn(), fakeTools().tools));
    expect(result.text).toBe('Free parking behind the salon.');
    expect(model.requests.map((request) => Boolean(request.tools))).toEqual([true, false]);
    await collect(provider.reply(turn(), fakeTools().tools));
    expect(model.requests.map((request) => Boolean(request.tools))).toEqual([true, false, false]);
  });

  it('reports an unreachable server in words', async () => {
    const provider = createOpenAiProvider({
      baseUrl: BASE,
      model: 'm',
      fetch: () =>
        Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:11434') })),
    });
    await expect(collect(provider.reply(turn(), fakeTools().tools))).rejects.toThrow(
      'The assistant model could not be reached: connect ECONNREFUSED 127.0.0.1:11434',
    );
  });

  it('falls back to the passages an uncited answer clearly repeats', async () => {
    model.enqueue({ text: 'Yes: there is free parking for customers behind the salon.' });
    const result = await collect(createOpenAiProvider({ baseUrl: BASE, model: 'm' }).reply(turn(), fakeTools().tools));
    expect(result.sources).toEqual([
      { kind: 'memory', _id: 'mem-parking', type: 'answered_question', title: 'Is there parking?' },
    ]);
  });

  it('works with a server that ignores stream and answers one JSON completion', async () => {
    const provider = createOpenAiProvider({
      baseUrl: BASE,
      model: 'm',
      fetch: async () =>
        Response.json({
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Free parking on Mill Lane [k1].' },
              finish_reason: 'stop',
            },
          ],
        }),
    });
    const result = await collect(provider.reply(turn(), fakeTools().tools));
    expect(result.text).toBe('Free parking on Mill Lane.');
    expect(result.sources).toHaveLength(1);
  });
});

describe('CitationFilter', () => {
  it('takes known tags out of text split anywhere, and leaves other brackets alone', () => {
    const filter = new CitationFilter((tag) => ['k1', 's2', 'hours'].includes(tag));
    const input = 'Open 9am [hours]. Cut [s2, k1] is [not a tag] fine [k9].';
    let out = '';
    for (let i = 0; i < input.length; i += 3) out += filter.push(input.slice(i, i + 3));
    out += filter.end();
    expect(out).toBe('Open 9am. Cut is [not a tag] fine [k9].');
    expect(filter.cited).toEqual(['hours', 's2', 'k1']);
  });
});
