import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { SALON } from './business';
import { HOLDOUT } from './holdout';
import { CALLERS } from './callers';
import { TUNE } from './tune';

export const salon: EvalBusiness = {
  key: 'salon',
  name: 'Willow & Ash Hair Studio, Dublin',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, SALON, EVAL_NOW),
  tune: [...TUNE, ...CALLERS],
  holdout: HOLDOUT,
};
