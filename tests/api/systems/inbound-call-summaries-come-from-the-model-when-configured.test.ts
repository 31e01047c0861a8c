import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitForReplies } from '#api/services/assistant/turns';
import { extractiveSummary } from '#api/features/systems/call-summary';
import { handleCallStatus } from '#api/features/systems/call-outcome';
import { handleGather, handleVoice } from '#api/features/systems/inbound-call';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  callParams,
  itemsByExternalId,
  phoneSystem,
  randomUkMobile,
  setBusinessSettings,
} from '#tests/support/inbound-fixtures';
import { createOpenAiMock } from '#tests/support/openai-mock';

const BASE = 'https://model.test/v1';
const model = createOpenAiMock(BASE);
const server = setupServer(model.handler);
const SUMMARY = 'The caller wanted a quote for a new boiler; we promised a call back tomorrow.';

let h: Harness;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  h = await createHarness({ assistantModel: { baseUrl: BASE, model: 'test-model', apiKey: 'secret' } });
});
afterEach(async () => {
  await waitForReplies(h.deps);
  model.reset();
});
afterAll(async () => {
  await h.close();
  server.close();
});

const isSummaryRequest = (system: string) => system.startsWith('You summarise phone calls');

async function modelCall(summary: { status?: number; text?: string }) {
  const { owner, b, system, row } = await phoneSystem(h);
  await setBusinessSettings(h, b, owner.token, { assistant: { provider: 'openai-compatible' } });
  model.respond((request) =>
    isSummaryRequest(request.system)
      ? summary
      : { text: 'We can certainly quote for that. Someone will call you back tomorrow.' },
  );
  const params = callParams(system, randomUkMobile());
  await handleVoice(h.deps, row, params);
  await handleGather(h.deps, row, { ...params, SpeechResult: 'How much is a new boiler?' });
  await handleCallStatus(h.deps, row, { ...params, CallStatus: 'completed', CallDuration: '33' });
  const [call] = await itemsByExternalId(h, b, params.CallSid);
  return call;
}

describe('call summaries', () => {
  it('with the openai-compatible provider the model writes the summary from the transcript', async () => {
    const call = await modelCall({ text: SUMMARY });
    expect(call.details).toMatchObject({ summary: SUMMARY, summary_by: 'model' });
    const request = model.requests.find((entry) => isSummaryRequest(entry.system))!;
    expect(request.stream).toBe(false);
    expect(request.authorization).toBe('Bearer secret');
    expect(request.messages[1].content).toContain('Caller: How much is a new boiler?');
    expect(request.messages[1].content).toContain('Assistant: We can certainly quote for that.');
  });

  it('falls back to the built-in extractive summary when the model fails', async () => {
    const call = await modelCall({ status: 503, text: 'down' });
    const details = call.details as { summary: string; summary_by: string };
    expect(details.summary_by).toBe('built-in');
    expect(details.summary).toContain('asked: “How much is a new boiler?”');
    expect(details.summary).toContain('Someone will call you back tomorrow.');
  });

  it('the built-in summary says what the caller wanted and what was promised', () => {
    const summary = extractiveSummary({
      status: 'completed',
      callerName: 'Jane Doe',
      greeting: 'Hello!',
      turns: [
        { role: 'user', content: 'Hi there' },
        { role: 'assistant', content: 'Hello! How can I help?' },
        { role: 'user', content: 'Do you sell gift vouchers?' },
        {
          role: 'assistant',
          content: "I'm not sure. I've passed your question to the team and they will get back to you.",
          actions: [
            {
              type: 'question_recorded',
              memory_id: 'm1',
              summary: 'Question recorded for the team to answer',
              duplicate: false,
            },
          ],
        },
        { role: 'user', content: 'Can someone call me back on Friday?' },
        {
          role: 'assistant',
          content: 'Of course.',
          actions: [{ type: 'task_created', note_id: 'n1', summary: 'Call back Jane on Friday' }],
        },
      ],
    });
    expect(summary).toBe(
      "Jane Doe asked: “Do you sell gift vouchers?” They also asked: “Can someone call me back on Friday?”. Promised: their question was passed to the team; a task for the team (Call back Jane on Friday). The assistant said: “I've passed your question to the team and they will get back to you.”",
    );
    expect(extractiveSummary({ status: 'missed_call', callerNumber: '+447700900123', turns: [] })).toBe(
      'Missed call from +447700900123; no message was left.',
    );
  });
});
