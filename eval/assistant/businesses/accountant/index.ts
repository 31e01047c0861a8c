import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { ACCOUNTANT } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const accountant: EvalBusiness = {
  key: 'accountant',
  name: 'Brook Street Accountancy, Shrewsbury',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, ACCOUNTANT, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
