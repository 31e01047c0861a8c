import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { PEST } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const pest: EvalBusiness = {
  key: 'pest',
  name: 'Nightjar Pest Control, Leicester',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, PEST, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
