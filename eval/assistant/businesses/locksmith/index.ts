import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { LOCKSMITH } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const locksmith: EvalBusiness = {
  key: 'locksmith',
  name: 'Bolt & Barrel Locksmiths, Norwich',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, LOCKSMITH, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
