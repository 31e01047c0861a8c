import type { ConversationAction, ConversationSource } from '#contract/schemas/conversation';
import type { ApiKnowledgeHit } from '#contract/envelope';

/** One part of a reply: what is said, where its facts came from, what was done. */
export type Answer = {
  text: string;
  sources: ConversationSource[];
  actions?: ConversationAction[];
  escalated?: boolean;
};

export const businessSource = (businessId: string, type: string, title: string): ConversationSource => ({
  kind: 'business',
  _id: businessId,
  type,
  title,
});

export const hitSource = (hit: ApiKnowledgeHit): ConversationSource => ({
  kind: hit.source.kind,
  _id: hit.source._id,
  type: hit.source.type,
  title: hit.source.title ?? hit.heading,
});

/** Answers joined into one reply (sources and actions each once). */
export function combine(answers: Answer[]): Answer {
  const sources: ConversationSource[] = [];
  for (const source of answers.flatMap((answer) => answer.sources)) {
    if (!sources.some((known) => known.kind === source.kind && known._id === source._id && known.type === source.type))
      sources.push(source);
  }
  return {
    text: answers
      .map((answer) => answer.text.trim())
      .filter(Boolean)
      .join(' '),
    sources,
    actions: answers.flatMap((answer) => answer.actions ?? []),
    escalated: answers.some((answer) => answer.escalated),
  };
}
