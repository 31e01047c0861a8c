import type { Db } from '#api/db/client';
import { bakery } from './businesses/bakery/index';
import { dentist } from './businesses/dentist/index';
import { electrician } from './businesses/electrician/index';
import { garage } from './businesses/garage/index';
import { groomer } from './businesses/groomer/index';
import { salon } from './businesses/salon/index';
import { CASES, EVAL_NOW } from './fixture';
import { seedEvalBusiness } from './seed-plumber';
import type { EvalCase } from './fixture';

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

/** Hartley Plumbing & Heating: every case was tuned on before the split existed, so none is held out. */
export const plumber: EvalBusiness = {
  key: 'plumber',
  name: 'Hartley Plumbing & Heating, Leeds',
  now: EVAL_NOW,
  seed: seedEvalBusiness,
  tune: CASES,
  holdout: [],
};

export { bakery, dentist, electrician, garage, groomer, salon };

export const BUSINESSES: EvalBusiness[] = [plumber, bakery, salon, electrician, groomer, garage, dentist];
