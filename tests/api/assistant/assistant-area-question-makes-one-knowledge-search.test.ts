import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '#api/services/assistant/builtin/index';
import { loadBusinessContext } from '#api/services/assistant/context';
import { createAssistantTools } from '#api/services/assistant/tools';
import type { AssistantTools } from '#api/services/assistant/types';
import { createMemory } from '#api/features/memories/service';
import { createRecordingBroadcaster } from '#api/services/realtime';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { insertBusinessDirectly } from '#tests/support/direct-business';

/**
 * Speed (issue 19, bench:assistant): "Do you cover Harrogate?" asked the knowledge three
 * times in one turn (the area's search, the knowledge's, and a second one in synonyms), each
 * as costly as the search itself. Now the area's search is the turn's only one: the
 * knowledge answer judges its passages, and the turn's tools make a search asked twice once.
 */
let h: Harness;
let businessId: string;
const now = new Date('2026-06-10T10:00:00Z');
const deps = () => ({ db: h.deps.db, clock: { now: () => now }, broadcaster: createRecordingBroadcaster() });
const scope = () => ({ businessId, conversationId: null, customerId: null, channel: 'chat' as const });

beforeAll(async () => {
  h = await createHarness();
  businessId = await insertBusinessDirectly(h, {
    owner: 'Ada Lark',
    name: 'Dale Plumbing',
    email: 'hello@daleplumbing.example',
    telephones: ['+441632960123'],
  });
  const text = (title: string, content: string) =>
    createMemory(deps(), businessId, {
      type: 'text',
      status: 'active',
      title,
      content,
      answer: null,
      source_url: null,
    });
  await text('Boilers', 'We repair boilers and radiators in Leeds and Bradford. A boiler service takes an hour.');
  await text('Payments', 'We take payment by card or cash when the job is done.');
});
afterAll(() => h.close());

/** The turn's tools, with every search the built-in engine asks of them written down. */
function recordingTools(): { tools: AssistantTools; asked: string[] } {
  const tools = createAssistantTools(deps(), scope());
  const asked: string[] = [];
  return {
    asked,
    tools: {
      ...tools,
      searchKnowledge: (query, limit) => {
        asked.push(`${limit} ${query}`);
        return tools.searchKnowledge(query, limit);
      },
    },
  };
}

async function ask(message: string, tools: AssistantTools) {
  const business = await loadBusinessContext(h.deps.db, businessId);
  let text = '';
  for await (const event of createBuiltinProvider().reply(
    { business, channel: 'chat', history: [], message, customer: null, now },
    tools,
  ))
    if (event.type === 'text') text += event.text;
  return text;
}

describe('an area question', () => {
  it('makes one knowledge search, whether or not the data lists the place', async () => {
    for (const question of ['Do you cover Harrogate?', 'Do you come out to Leeds?']) {
      const { tools, asked } = recordingTools();
      const reply = await ask(question, tools);
      expect(reply, question).not.toBe('');
      expect(new Set(asked).size, `${question}: ${asked.join(' | ')}`).toBe(1);
    }
  });

  it('is searched once by the turn’s tools when asked twice in the turn', async () => {
    const tools = createAssistantTools(deps(), scope());
    const first = await tools.searchKnowledge('Do you cover Harrogate? areas we cover postcode districts', 10);
    expect(await tools.searchKnowledge('Do you cover Harrogate? areas we cover postcode districts', 10)).toBe(first);
    // Another limit or another query is another search.
    expect(await tools.searchKnowledge('Do you cover Harrogate? areas we cover postcode districts', 5)).not.toBe(first);
  });
});
