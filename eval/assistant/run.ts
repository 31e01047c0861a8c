import type { Db } from '#api/db/client';
import { createBuiltinProvider } from '#api/services/assistant/builtin/index';
import { loadBusinessContext } from '#api/services/assistant/context';
import { createAssistantTools } from '#api/services/assistant/tools';
import type { AssistantProvider, AssistantTools, CapturedDetails, HistoryMessage } from '#api/services/assistant/types';
import { createRecordingBroadcaster } from '#api/services/realtime';
import type { ConversationSource } from '#contract/schemas/conversation';
import { plumber } from './businesses/plumber/index';
import type { EvalBusiness, EvalCase } from './fixture';

/**
 * The assistant evaluation: a business seeded like any other (so its memories and services
 * are indexed as in production), each caller's question put to the provider with the real
 * tools, and every reply checked against the facts it must hold. The bar applies to every
 * business: ≥ 90% of answerable questions right, every unknowable escalated, nothing wrong.
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
  /** Answer cases and safe-reply cases (an injection, another language). */
  answerable: { total: number; correct: number };
  unanswerable: { total: number; escalated: number };
  tasks: { total: number; created: number };
  wrong: number;
  results: CaseResult[];
  meetsBar: boolean;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a reply states a fact (case-insensitive). An amount is a whole amount: "£35" is not
 * in "£350" nor "£3.50", and "5 days" is not in "15 days".
 */
export function has(text: string, fact: string): boolean {
  const before = /^\d/.test(fact) ? '(?<![\\d.,])' : '';
  const after = /\d$/.test(fact) ? '(?!\\d|[.,]\\d)' : '';
  return new RegExp(`${before}${escapeRegExp(fact)}${after}`, 'i').test(text);
}

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
    // The task made earlier takes the details, as its note does.
    updateRequestTask: (details) => {
      const task = calls.tasks.at(-1);
      if (task) task.details = { ...task.details, ...details };
      return tools.updateRequestTask(details);
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

function judge(
  item: EvalCase,
  reply: string,
  sources: ConversationSource[],
  calls: ReturnType<typeof recordingTools>['calls'],
): Pick<CaseResult, 'outcome' | 'why'> {
  const forbidden = (item.forbid ?? []).filter((fact) => has(reply, fact));
  if (forbidden.length) return { outcome: 'wrong', why: `says ${forbidden.join(', ')}` };
  const escalated = calls.questions.length > 0;
  if (item.kind === 'safe') return { outcome: 'correct', why: '' };
  if (item.kind === 'escalate') {
    const facts = sources.filter((source) => source.kind !== 'business' || source.type !== 'escalation_phone');
    if (!escalated) return { outcome: 'wrong', why: 'answered instead of passing the question to the team' };
    if (facts.length)
      return {
        outcome: 'wrong',
        why: `escalated but also stated facts from ${facts.map((source) => source.title).join(', ')}`,
      };
    return { outcome: 'escalated', why: '' };
  }
  if (item.kind === 'task') {
    const task = calls.tasks[0];
    if (!task) return { outcome: 'missed', why: 'no task created' };
    const details = task.details;
    const problems = [
      item.task?.name && details.name !== item.task.name
        ? `name ${details.name ?? '(none)'} instead of ${item.task.name}`
        : null,
      item.task?.phone && details.phone?.replace(/[^\d+]/g, '') !== item.task.phone
        ? `phone ${details.phone ?? '(none)'} instead of ${item.task.phone}`
        : null,
    ].filter(Boolean);
    if (problems.length) return { outcome: 'wrong', why: problems.join('; ') };
    return { outcome: 'correct', why: '' };
  }
  const missing = (item.expect ?? []).filter((group) => !group.some((fact) => has(reply, fact)));
  if (escalated) return { outcome: 'missed', why: 'escalated an answerable question' };
  if (missing.length)
    return { outcome: 'wrong', why: `missing ${missing.map((group) => group.join(' / ')).join(', ')}` };
  return { outcome: 'correct', why: '' };
}

/** Every case put to the provider as a new conversation with the business, at `now`. */
export async function askCases(
  db: Db,
  businessId: string,
  cases: EvalCase[],
  options: { provider: AssistantProvider; now: Date },
): Promise<CaseResult[]> {
  const { provider, now } = options;
  const deps = { db, clock: { now: () => now }, broadcaster: createRecordingBroadcaster() };
  const results: CaseResult[] = [];
  for (const item of cases) {
    const business = await loadBusinessContext(db, businessId);
    const { tools, calls } = recordingTools(
      createAssistantTools(deps, { businessId, conversationId: null, customerId: null, channel: 'chat' }),
    );
    const history: HistoryMessage[] = [];
    let reply = '';
    let sources: ConversationSource[] = [];
    const started = performance.now();
    for (const message of item.turns) {
      reply = '';
      sources = [];
      for await (const event of provider.reply(
        { business, channel: 'chat', history: [...history], message, customer: item.customer ?? null, now },
        tools,
      )) {
        if (event.type === 'text') reply += event.text;
        if (event.type === 'source') sources.push(event.source);
      }
      history.push({ role: 'user', content: message }, { role: 'assistant', content: reply });
    }
    const ms = performance.now() - started;
    results.push({
      case: item,
      reply,
      sources,
      tasks: calls.tasks,
      questionsRecorded: calls.questions.length,
      ms,
      ...judge(item, reply, sources, calls),
    });
  }
  return results;
}

/** The figures of a set of results, and whether they meet the bar. */
export function summarise(provider: string, results: CaseResult[]): EvalReport {
  const of = (...kinds: EvalCase['kind'][]) => results.filter((result) => kinds.includes(result.case.kind));
  const report: EvalReport = {
    provider,
    answerable: {
      total: of('answer', 'safe').length,
      correct: of('answer', 'safe').filter((result) => result.outcome === 'correct').length,
    },
    unanswerable: {
      total: of('escalate').length,
      escalated: of('escalate').filter((result) => result.outcome === 'escalated').length,
    },
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

/** The plumber (or the given business and cases): seeded unless `businessId` is given. */
export async function runAssistantEval(
  db: Db,
  options: { provider?: AssistantProvider; businessId?: string; cases?: EvalCase[]; now?: Date } = {},
): Promise<EvalReport> {
  const provider = options.provider ?? createBuiltinProvider();
  const businessId = options.businessId ?? (await plumber.seed(db));
  const results = await askCases(db, businessId, options.cases ?? plumber.tune, {
    provider,
    now: options.now ?? plumber.now,
  });
  return summarise(provider.name, results);
}

export const PARTS = ['tune', 'holdout', 'all'] as const;
export type Part = (typeof PARTS)[number];

export type BusinessEvalReport = {
  business: Pick<EvalBusiness, 'key' | 'name'>;
  /** The parts asked (`all` = tune and holdout together); a part without cases is left out. */
  parts: Partial<Record<Part, EvalReport>>;
  /** The report the bar is judged on: `all`, or the one part asked for. */
  judged: EvalReport | null;
};

/** One business seeded into `db` and asked the cases of `part` (default: both parts, reported apart and together). */
export async function runBusinessEval(
  db: Db,
  business: EvalBusiness,
  options: { provider?: AssistantProvider; part?: Part } = {},
): Promise<BusinessEvalReport> {
  const provider = options.provider ?? createBuiltinProvider();
  const part = options.part ?? 'all';
  const businessId = await business.seed(db);
  const ask = (cases: EvalCase[]) => askCases(db, businessId, cases, { provider, now: business.now });
  const tune = part === 'holdout' ? [] : await ask(business.tune);
  const holdout = part === 'tune' ? [] : await ask(business.holdout);
  const parts: BusinessEvalReport['parts'] = {};
  if (tune.length) parts.tune = summarise(provider.name, tune);
  if (holdout.length) parts.holdout = summarise(provider.name, holdout);
  if (part === 'all' && tune.length + holdout.length) parts.all = summarise(provider.name, [...tune, ...holdout]);
  return { business: { key: business.key, name: business.name }, parts, judged: parts[part] ?? null };
}

const percent = (part: number, total: number) => (total ? `${Math.round((part / total) * 100)}%` : '-');
const ratio = (part: number, total: number) => (total ? `${part}/${total} ${percent(part, total)}` : '-');

/** One row per business and part: answered correctly, unknowables escalated, wrong, tasks, bar. */
export function formatTable(reports: BusinessEvalReport[]): string {
  const header = ['business', 'part', 'cases', 'answered correctly', 'unknowables escalated', 'wrong', 'tasks', 'bar'];
  const rows = reports.flatMap((report) =>
    // `all` is worth a row only when both parts have cases.
    PARTS.filter((part) => report.parts[part] && (part !== 'all' || (report.parts.tune && report.parts.holdout))).map(
      (part) => {
        const figures = report.parts[part]!;
        return [
          report.business.key,
          part,
          String(figures.results.length),
          ratio(figures.answerable.correct, figures.answerable.total),
          ratio(figures.unanswerable.escalated, figures.unanswerable.total),
          String(figures.wrong),
          figures.tasks.total ? `${figures.tasks.created}/${figures.tasks.total}` : '-',
          figures.meetsBar ? 'meets' : 'BELOW',
        ];
      },
    ),
  );
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** The failures (or, verbose, every reply) of one business, each with its part. */
export function formatCases(report: BusinessEvalReport, options: { verbose?: boolean } = {}): string {
  const partOf = new Map<EvalCase, Part>();
  for (const part of ['tune', 'holdout'] as const)
    for (const result of report.parts[part]?.results ?? []) partOf.set(result.case, part);
  const results = (['tune', 'holdout'] as const).flatMap((part) => report.parts[part]?.results ?? []);
  const shown = options.verbose
    ? results
    : results.filter((result) => result.outcome === 'wrong' || result.outcome === 'missed');
  if (!shown.length) return '';
  const lines = [`${report.business.name} — ${options.verbose ? 'every reply' : 'failures'}:`];
  for (const result of shown) {
    lines.push(
      `  [${result.outcome}] ${result.case.id} (${partOf.get(result.case)})${result.why ? `: ${result.why}` : ''}`,
      `      Q: ${result.case.turns.join(' / ')}`,
      `      A: ${result.reply}`,
    );
  }
  return lines.join('\n');
}

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
    for (const failure of failures)
      lines.push(
        `  [${failure.outcome}] ${failure.case.id}: ${failure.why}\n      Q: ${failure.case.turns.join(' / ')}\n      A: ${failure.reply}`,
      );
  }
  if (options.verbose) {
    lines.push('', 'all replies:');
    for (const result of report.results)
      lines.push(
        `  [${result.outcome}] ${result.case.id}\n      Q: ${result.case.turns.join(' / ')}\n      A: ${result.reply}`,
      );
  }
  lines.push('', report.meetsBar ? 'The built-in provider meets the quality bar.' : 'BELOW THE QUALITY BAR.');
  return lines.join('\n');
}
