import type { Db } from '#api/db/client';
import { businesses, users } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { createBuiltinProvider } from '#api/services/assistant/builtin/index';
import { loadBusinessContext } from '#api/services/assistant/context';
import { createAssistantTools } from '#api/services/assistant/tools';
import type { AssistantProvider, AssistantTools, CapturedDetails, HistoryMessage } from '#api/services/assistant/types';
import { createMemory } from '#api/services/memories';
import { createRecordingBroadcaster } from '#api/services/realtime';
import { createService } from '#api/services/services';
import type { ConversationSource } from '#contract/schemas/conversation';
import { BUSINESS, CASES, EVAL_NOW, MEMORIES, SERVICES, SETTINGS, type EvalCase } from './fixture';

/**
 * The assistant evaluation: the fixture business seeded through the real services (so its
 * memories and services are indexed like any other), each caller's question put to the
 * provider with the real tools, and every reply checked against the facts it must hold.
 */
export const QUALITY_BAR = { answeredShare: 0.9, escalatedShare: 1, wrong: 0 };

export type CaseResult = {
  case: EvalCase;
  reply: string;
  outcome: 'correct' | 'escalated' | 'missed' | 'wrong';
  why: string;
  sources: ConversationSource[];
  tasks: { title: string; details: CapturedDetails }[];
  questionsRecorded: number;
  ms: number;
};

export type EvalReport = {
  provider: string;
  answerable: { total: number; correct: number };
  unanswerable: { total: number; escalated: number };
  tasks: { total: number; created: number };
  wrong: number;
  results: CaseResult[];
  meetsBar: boolean;
};

/** The fixture business, its services and memories, in a database already migrated. */
export async function seedEvalBusiness(db: Db): Promise<string> {
  const deps = { db, clock: { now: () => EVAL_NOW }, broadcaster: createRecordingBroadcaster() };
  const userId = newId();
  const businessId = newId();
  await db.insert(users).values({ id: userId, name: 'Emma Hartley', email: `eval-${userId}@example.com`, passwordHash: 'x' });
  await db.insert(businesses).values({ id: businessId, ...BUSINESS, settings: SETTINGS, createdBy: userId });
  for (const service of SERVICES) await createService(deps, businessId, { ...service, status: 'active' });
  for (const memory of MEMORIES) {
    await createMemory(deps, businessId, { type: memory.type, status: 'active', title: memory.title, content: memory.content, answer: memory.answer ?? null, source_url: memory.source_url ?? null });
  }
  return businessId;
}

const has = (text: string, fact: string) => text.toLowerCase().includes(fact.toLowerCase());

/** The real tools, recording what the provider asked of them. */
function recordingTools(tools: AssistantTools) {
  const calls = { tasks: [] as { title: string; details: CapturedDetails }[], questions: [] as string[], searches: 0 };
  const wrapped: AssistantTools = {
    searchKnowledge: (query, limit) => {
      calls.searches += 1;
      return tools.searchKnowledge(query, limit);
    },
    createTask: (input) => {
      calls.tasks.push({ title: input.title, details: input.details });
      return tools.createTask(input);
    },
    recordUnansweredQuestion: (question) => {
      calls.questions.push(question);
      return tools.recordUnansweredQuestion(question);
    },
    lookupCustomer: () => tools.lookupCustomer(),
    takeOrder: (order) => tools.takeOrder(order),
  };
  return { tools: wrapped, calls };
}

function judge(item: EvalCase, reply: string, sources: ConversationSource[], calls: ReturnType<typeof recordingTools>['calls']): Pick<CaseResult, 'outcome' | 'why'> {
  const forbidden = (item.forbid ?? []).filter((fact) => has(reply, fact));
  if (forbidden.length) return { outcome: 'wrong', why: `says ${forbidden.join(', ')}` };
  const escalated = calls.questions.length > 0;
  if (item.kind === 'escalate') {
    const facts = sources.filter((source) => source.kind !== 'business' || source.type !== 'escalation_phone');
    if (!escalated) return { outcome: 'wrong', why: 'answered instead of passing the question to the team' };
    if (facts.length) return { outcome: 'wrong', why: `escalated but also stated facts from ${facts.map((source) => source.title).join(', ')}` };
    return { outcome: 'escalated', why: '' };
  }
  if (item.kind === 'task') {
    const task = calls.tasks[0];
    if (!task) return { outcome: 'missed', why: 'no task created' };
    const details = task.details;
    const problems = [
      item.task?.name && details.name !== item.task.name ? `name ${details.name ?? '(none)'} instead of ${item.task.name}` : null,
      item.task?.phone && details.phone?.replace(/[^\d+]/g, '') !== item.task.phone ? `phone ${details.phone ?? '(none)'} instead of ${item.task.phone}` : null,
    ].filter(Boolean);
    if (problems.length) return { outcome: 'wrong', why: problems.join('; ') };
    return { outcome: 'correct', why: '' };
  }
  const missing = (item.expect ?? []).filter((group) => !group.some((fact) => has(reply, fact)));
  if (escalated) return { outcome: 'missed', why: 'escalated an answerable question' };
  if (missing.length) return { outcome: 'wrong', why: `missing ${missing.map((group) => group.join(' / ')).join(', ')}` };
  return { outcome: 'correct', why: '' };
}

export async function runAssistantEval(db: Db, options: { provider?: AssistantProvider; businessId?: string; cases?: EvalCase[] } = {}): Promise<EvalReport> {
  const provider = options.provider ?? createBuiltinProvider();
  const businessId = options.businessId ?? (await seedEvalBusiness(db));
  const deps = { db, clock: { now: () => EVAL_NOW }, broadcaster: createRecordingBroadcaster() };
  const results: CaseResult[] = [];
  for (const item of options.cases ?? CASES) {
    const business = await loadBusinessContext(db, businessId);
    const { tools, calls } = recordingTools(createAssistantTools(deps, { businessId, conversationId: null, customerId: null, channel: 'chat' }));
    const history: HistoryMessage[] = [];
    let reply = '';
    let sources: ConversationSource[] = [];
    const started = performance.now();
    for (const message of item.turns) {
      reply = '';
      sources = [];
      for await (const event of provider.reply({ business, channel: 'chat', history: [...history], message, customer: item.customer ?? null, now: EVAL_NOW }, tools)) {
        if (event.type === 'text') reply += event.text;
        if (event.type === 'source') sources.push(event.source);
      }
      history.push({ role: 'user', content: message }, { role: 'assistant', content: reply });
    }
    const ms = performance.now() - started;
    results.push({ case: item, reply, sources, tasks: calls.tasks, questionsRecorded: calls.questions.length, ms, ...judge(item, reply, sources, calls) });
  }
  const of = (kind: EvalCase['kind']) => results.filter((result) => result.case.kind === kind);
  const report: EvalReport = {
    provider: provider.name,
    answerable: { total: of('answer').length, correct: of('answer').filter((result) => result.outcome === 'correct').length },
    unanswerable: { total: of('escalate').length, escalated: of('escalate').filter((result) => result.outcome === 'escalated').length },
    tasks: { total: of('task').length, created: of('task').filter((result) => result.outcome === 'correct').length },
    wrong: results.filter((result) => result.outcome === 'wrong').length,
    results,
    meetsBar: false,
  };
  report.meetsBar =
    report.answerable.correct >= Math.ceil(report.answerable.total * QUALITY_BAR.answeredShare) &&
    report.unanswerable.escalated === report.unanswerable.total &&
    report.tasks.created === report.tasks.total &&
    report.wrong === QUALITY_BAR.wrong;
  return report;
}

const percent = (part: number, total: number) => (total ? `${Math.round((part / total) * 100)}%` : '-');

export function formatReport(report: EvalReport, options: { verbose?: boolean } = {}): string {
  const lines = [
    `assistant evaluation (${report.provider} provider, ${report.results.length} cases)`,
    `answered correctly:   ${report.answerable.correct}/${report.answerable.total} (${percent(report.answerable.correct, report.answerable.total)}; bar ${QUALITY_BAR.answeredShare * 100}%)`,
    `escalated correctly:  ${report.unanswerable.escalated}/${report.unanswerable.total} (bar: all)`,
    `tasks created:        ${report.tasks.created}/${report.tasks.total}`,
    `wrong answers:        ${report.wrong} (bar: 0)`,
    `mean time per case:   ${(report.results.reduce((sum, result) => sum + result.ms, 0) / Math.max(1, report.results.length)).toFixed(1)} ms`,
  ];
  const failures = report.results.filter((result) => result.outcome === 'wrong' || result.outcome === 'missed');
  if (failures.length) {
    lines.push('', 'failures:');
    for (const failure of failures) lines.push(`  [${failure.outcome}] ${failure.case.id}: ${failure.why}\n      Q: ${failure.case.turns.join(' / ')}\n      A: ${failure.reply}`);
  }
  if (options.verbose) {
    lines.push('', 'all replies:');
    for (const result of report.results) lines.push(`  [${result.outcome}] ${result.case.id}\n      Q: ${result.case.turns.join(' / ')}\n      A: ${result.reply}`);
  }
  lines.push('', report.meetsBar ? 'The built-in provider meets the quality bar.' : 'BELOW THE QUALITY BAR.');
  return lines.join('\n');
}

