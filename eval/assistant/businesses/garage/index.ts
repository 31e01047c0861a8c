import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { GARAGE } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const garage: EvalBusiness = {
  key: 'garage',
  name: 'Ferris Lane Garage, Leicester',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, GARAGE, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
