import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { DRIVING } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const driving: EvalBusiness = {
  key: 'driving',
  name: 'Greenway Driving School, Exeter',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, DRIVING, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
