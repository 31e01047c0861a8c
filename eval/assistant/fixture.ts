import type { CustomerFact } from '#api/services/assistant/types';
import type { Db } from '#api/db/client';

/** "Now" for every question: Thursday 10 December 2026, 10:30 in Leeds. */
export const EVAL_NOW = new Date('2026-12-10T10:30:00Z');
export type EvalCase = {
  id: string;
  /** What the caller says, turn by turn (usually one message). */
  turns: string[];
  /**
   * answer: every `expect` group is in the final reply, nothing is escalated;
   * escalate: the question is recorded for the team and no fact is stated;
   * task: a task note is created with the caller's details;
   * safe: a hostile or foreign-language message gets a safe reply: none of `forbid` (an
   * invented offer, a changed rule), whether it answers or passes the question to the team.
   */
  kind: 'answer' | 'escalate' | 'task' | 'safe';
  /** Each entry: one of these must appear (case-insensitive). */
  expect?: string[][];
  /** Facts that would be wrong or invented here (e.g. another service's price). */
  forbid?: string[];
  /** For tasks: the details the task must carry. */
  task?: { name?: string; phone?: string };
  customer?: CustomerFact;
};

/**
 * The evaluation's businesses. Each is seeded into a migrated database and asked its cases:
 * `tune` the assistant may be tuned on, `holdout` never (it measures what tuning bought).
 */
export type EvalBusiness = {
  key: string;
  name: string;
  /** "Now" for every question (time-dependent questions are judged against it). */
  now: Date;
  /** Creates the business in a migrated database; answers its id. */
  seed: (db: Db) => Promise<string>;
  tune: EvalCase[];
  holdout: EvalCase[];
};
