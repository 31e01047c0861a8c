import type { Question } from './knowledge-question';

/**
 * A compound of the question must be in the passage as one: both words there, and within
 * one text either side by side (any order) or in the question's order ("credit and debit
 * cards", "we cover Leeds, ..., Otley", "we accept cards ... and cash"), never reversed
 * further apart ("a powerful pump ... your heating system" is no "heat pump").
 */
export function pairsHold(
  question: Question,
  positionsOf: () => Map<string, number[]>,
  topic: Set<string>,
  loose: Set<string>,
  waivable: Set<string>,
): boolean {
  if (!question.pairs.length) return true;
  const positions = positionsOf();
  return question.pairs.every(([a, b]) => {
    const left = positions.get(a);
    const right = positions.get(b);
    // The business's everyday word after a kind of it ("the wedding flowers" at a florist) names nothing the kind does
    // not: the kind alone is the thing ("Wedding orders can be paid by bank transfer"). First, it names its own thing.
    if (waivable.has(b) && !right && !topic.has(b) && (left || topic.has(a))) return true;
    // A word matched by meaning has no place to be next to ("can't eat gluten" ~ "gluten-free bread"),
    // but its partner must still be there: "bread making classes" is not answered by "bread… made".
    if (loose.has(a) && loose.has(b)) return true;
    if (loose.has(a)) return Boolean(right || topic.has(b));
    if (loose.has(b)) return Boolean(left || topic.has(a));
    if (!(left || topic.has(a)) || !(right || topic.has(b))) return false;
    if (!left || !right) return true;
    return left.some((i) => right.some((j) => Math.abs(i - j) <= 3 || j > i));
  });
}
